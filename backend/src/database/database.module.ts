import { type DynamicModule, Logger, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { AppConfig } from '../config/app-config.js';
import { buildDataSourceOptions, databaseLimitsOf } from './data-source-options.js';
import { EmbeddedPostgres } from './embedded-postgres.js';

const logger = new Logger('Database');

/** A migration that fails will fail again: boot stops at once instead of retrying. */
export class MigrationFailedError extends Error {}

/**
 * Connects to DATABASE_URL, or starts the embedded database when it is unset, and brings the
 * schema up to date with the migrations before anything else touches it.
 */
@Module({})
export class DatabaseModule {
  static forRoot(config: AppConfig): DynamicModule {
    let embedded: EmbeddedPostgres | undefined;
    return {
      module: DatabaseModule,
      imports: [
        TypeOrmModule.forRootAsync({
          useFactory: async () => {
            // A server that is still starting is worth waiting for; a failed migration or the
            // embedded database (same process) is not.
            const retry = {
              retryAttempts: config.DATABASE_URL ? 10 : 0,
              retryDelay: 3000,
              toRetry: (error: unknown) => !(error instanceof MigrationFailedError),
            };
            if (config.DATABASE_URL) return { ...buildDataSourceOptions(config.DATABASE_URL, false, databaseLimitsOf(config)), ...retry };
            embedded = await EmbeddedPostgres.start(config.DATA_DIR, config.PGLITE_TEMPLATE);
            logger.log(`embedded PostgreSQL (PGlite) in ${config.DATA_DIR}`);
            return { ...buildDataSourceOptions(embedded.url, true), ...retry };
          },
          dataSourceFactory: async (options) => {
            // On a server, migrations run on their own small pool without the statement limits
            // of the request pool (a data migration may take minutes); embedded, on the one pool.
            const migrator = config.DATABASE_URL ? new DataSource(buildDataSourceOptions(config.DATABASE_URL, false, null)) : undefined;
            const dataSource = new DataSource(options!);
            await (migrator ?? dataSource).initialize();
            try {
              const applied = await (migrator ?? dataSource).runMigrations({ transaction: 'each' });
              if (applied.length) logger.log(`applied migrations: ${applied.map((m) => m.name).join(', ')}`);
              // Tests: the freshly migrated database becomes the template of the next ones.
              if (embedded && config.PGLITE_TEMPLATE && applied.length > 0) await embedded.saveTemplate(config.PGLITE_TEMPLATE);
            } catch (error) {
              await (migrator ?? dataSource).destroy();
              await embedded?.stop();
              throw new MigrationFailedError(`migration failed: ${(error as Error).message}`, { cause: error });
            }
            if (migrator) {
              await migrator.destroy();
              await dataSource.initialize();
            }
            const server = embedded;
            if (server) {
              // The embedded server must outlive the pool that talks to it: stop it after destroy.
              const destroy = dataSource.destroy.bind(dataSource);
              dataSource.destroy = async () => {
                await destroy();
                await server.stop();
              };
            }
            return dataSource;
          },
        }),
      ],
    };
  }
}
