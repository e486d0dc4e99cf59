import type { DataSource } from 'typeorm';
import { PasswordHasher } from '../auth/password-hasher.js';
import { ConfigError, loadConfig } from '../config/app-config.js';
import type { DemoSeeder } from './demo-seeder.js';
import { SeedService } from './seed.service.js';

/** A database that answers the seeder's queries: `users` accounts exist, inserts are recorded. */
function fakeDatabase(users: number) {
  const inserted: unknown[][] = [];
  const dataSource = {
    query: async (sql: string, params: unknown[] = []) => {
      if (sql.includes('count(*)::int AS users')) return [{ users }];
      if (sql.startsWith('SELECT 1 FROM app_user')) return [];
      if (sql.includes('INSERT INTO app_user')) {
        inserted.push(params);
        return [{ id: inserted.length }];
      }
      return [];
    },
  } as unknown as DataSource;
  return { dataSource, inserted };
}

const demo = { seedIfEmpty: async () => undefined, ensureDemoRoles: async () => undefined } as unknown as DemoSeeder;

function seeder(env: Record<string, string>, users = 0) {
  const config = loadConfig({ NODE_ENV: 'test', ...env });
  const database = fakeDatabase(users);
  return { seed: new SeedService(database.dataSource, config, demo, new PasswordHasher(config)), ...database };
}

describe('first start', () => {
  it('refuses the first boot of a deployment without ADMIN_PASSWORD, with a message and no password', async () => {
    const { seed, inserted } = seeder({ DATABASE_URL: 'postgres://db/stitch' });
    await expect(seed.onApplicationBootstrap()).rejects.toThrow(ConfigError);
    await expect(seed.onApplicationBootstrap()).rejects.toThrow(/ADMIN_PASSWORD is not set/);
    expect(inserted).toHaveLength(0);
  });

  it('starts a deployment whose database already has accounts', async () => {
    const { seed, inserted } = seeder({ DATABASE_URL: 'postgres://db/stitch' }, 3);
    await expect(seed.onApplicationBootstrap()).resolves.toBeUndefined();
    expect(inserted).toHaveLength(0);
  });

  it('creates the admin with the chosen password, not flagged, and no demo accounts in a deployment', async () => {
    const { seed, inserted } = seeder({ DATABASE_URL: 'postgres://db/stitch', ADMIN_PASSWORD: 'Chosen-admin-pass' });
    await seed.onApplicationBootstrap();
    expect(inserted.map((params) => [params[0], params[5]])).toEqual([['admin', false]]);
  });

  it('keeps the try-out frictionless: admin123 and the viewer, both flagged as defaults', async () => {
    const { seed, inserted } = seeder({});
    await seed.onApplicationBootstrap();
    expect(inserted.map((params) => [params[0], params[5]])).toEqual([
      ['admin', true],
      ['viewer', true],
    ]);
  });
});
