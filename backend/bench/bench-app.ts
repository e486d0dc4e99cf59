// The app as the benches run it: the real HTTP stack on the embedded database, or on a scratch
// database of its own when DATABASE_URL is set (dropped afterwards), with an admin token.
import type { NestExpressApplication } from '@nestjs/platform-express';
import { createApp } from '../src/app.factory.js';
import { loadConfig } from '../src/config/app-config.js';
import { IN_MEMORY_DATA_DIR } from '../src/database/embedded-postgres.js';
import { createScratchDatabase } from '../src/database/scratch-database.js';

const ADMIN_PASSWORD = 'bench-admin-pass';

export interface BenchApp {
  app: NestExpressApplication;
  url: string;
  /** The scratch database's URL, or undefined on the embedded database. */
  databaseUrl: string | undefined;
  token: string;
  /** POSTs a form; throws unless the envelope says 200. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  post(path: string, body: Record<string, string>): Promise<{ code: number; message: string; data: any }>;
  close(): Promise<void>;
}

export interface BenchAppOptions {
  /** Run on this (empty) database as it is, instead of a scratch one (a database the operator created for the bench). */
  databaseUrl?: string;
}

export async function bootBenchApp(options: BenchAppOptions = {}): Promise<BenchApp> {
  const scratch = !options.databaseUrl && process.env.DATABASE_URL ? await createScratchDatabase(process.env.DATABASE_URL, 'sb_bench') : null;
  const databaseUrl = options.databaseUrl ?? scratch?.url;
  const config = loadConfig({
    NODE_ENV: 'production',
    LOG_LEVEL: 'silent',
    ADMIN_PASSWORD,
    SEED_DEMO: 'false',
    DATA_DIR: IN_MEMORY_DATA_DIR,
    FRONTEND_DIST: '/nonexistent',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  });
  const app = await createApp(config);
  await app.listen(0, '127.0.0.1');
  const url = (await app.getUrl()).replace('[::1]', '127.0.0.1');
  let token = '';
  const post: BenchApp['post'] = async (path, body) => {
    const response = await fetch(`${url}/api/${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...(token ? { token } : {}) },
      body: new URLSearchParams(body),
    });
    const json = (await response.json()) as Awaited<ReturnType<BenchApp['post']>>;
    if (json.code !== 200) throw new Error(`${path}: ${json.message}`);
    return json;
  };
  token = (await post('admin/login/login', { username: 'admin', password: ADMIN_PASSWORD })).data.token as string;
  return {
    app,
    url,
    databaseUrl,
    token,
    post,
    close: async () => {
      await app.close();
      await scratch?.drop();
    },
  };
}
