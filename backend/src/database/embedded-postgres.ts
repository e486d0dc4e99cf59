// The embedded database: PGlite (PostgreSQL compiled to WASM) persisted under DATA_DIR, exposed
// on a loopback port through pglite-socket so that TypeORM talks to it with the ordinary `pg`
// driver — same SQL, same types, same migrations as a real server. PGlite is a single
// connection, so the pool in front of it must hold exactly one (see data-source-options.ts):
// a second pooled connection would interleave two transactions on one session.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';

export const IN_MEMORY_DATA_DIR = 'memory://';

export class EmbeddedPostgres {
  private constructor(
    private readonly db: PGlite,
    private readonly server: PGLiteSocketServer,
    readonly url: string,
  ) {}

  static async start(dataDir: string): Promise<EmbeddedPostgres> {
    let db: PGlite;
    if (dataDir === IN_MEMORY_DATA_DIR) {
      db = await PGlite.create();
    } else {
      // PGlite creates only the last folder of its path.
      mkdirSync(dataDir, { recursive: true });
      db = await PGlite.create({ dataDir: join(dataDir, 'pgdata') });
    }
    const server = new PGLiteSocketServer({ db, port: 0, host: '127.0.0.1', maxConnections: 1 });
    await server.start();
    const url = `postgres://postgres@${server.getServerConn()}/postgres`;
    return new EmbeddedPostgres(db, server, url);
  }

  async stop(): Promise<void> {
    await this.server.stop();
    await this.db.close();
  }
}
