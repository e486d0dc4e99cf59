import { randomBytes } from 'node:crypto';
import pg from 'pg';

/**
 * Creates an empty database on the server of `serverUrl` and returns its URL and a dropper.
 * Tests and benchmarks use one each, so they never write into the database they were given.
 */
export async function createScratchDatabase(serverUrl: string, prefix = 'sb_test'): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}
