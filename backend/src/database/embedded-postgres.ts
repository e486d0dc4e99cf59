// The embedded database: PGlite (PostgreSQL compiled to WASM) persisted under DATA_DIR, exposed
// on a loopback port through pglite-socket so that TypeORM talks to it with the ordinary `pg`
// driver — same SQL, same types, same migrations as a real server. PGlite is a single
// connection, so the pool in front of it must hold exactly one (see data-source-options.ts):
// a second pooled connection would interleave two transactions on one session.
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';

export const IN_MEMORY_DATA_DIR = 'memory://';

export class EmbeddedPostgres {
  private constructor(
    private readonly db: PGlite,
    private readonly server: PGLiteSocketServer,
    readonly url: string,
  ) {}

  /**
   * `template` (in memory only): a dump to start from when the file exists — PGlite's initdb is
   * most of a test database's boot (about 4 of 5 seconds), a dump loads in a fraction of that.
   */
  static async start(dataDir: string, template?: string): Promise<EmbeddedPostgres> {
    let db: PGlite;
    if (dataDir === IN_MEMORY_DATA_DIR) {
      const dump = template && existsSync(template) ? new Blob([readFileSync(template)]) : undefined;
      db = await PGlite.create(dump ? { loadDataDir: dump } : {});
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

  /**
   * Writes the database to `file` for later `start(…, file)` calls. Another test worker may be
   * writing the same file: each writes its own and renames it into place (atomic on one disk).
   */
  async saveTemplate(file: string): Promise<void> {
    const dump = await this.db.dumpDataDir('none');
    mkdirSync(dirname(file), { recursive: true });
    const partial = `${file}.${process.pid}.partial`;
    writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    renameSync(partial, file);
  }

  async stop(): Promise<void> {
    await this.server.stop();
    await this.db.close();
  }
}
