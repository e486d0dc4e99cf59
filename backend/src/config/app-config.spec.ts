import { ConfigError, loadConfig } from './app-config.js';

describe('configuration', () => {
  it('has working defaults: embedded database under ./data, port 3000, zh-CN demo', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ PORT: 3000, NODE_ENV: 'development', SEED_DEMO: true, ADMIN_PASSWORD: 'admin123', ADMIN_PASSWORD_IS_DEFAULT: true });
    expect(config.PASSWORD_SCRYPT_LOG_N).toBe(17);
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.DATA_DIR).toMatch(/\/data$/);
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ REDIS_URL: 'http://x' }, 'REDIS_URL'],
    [{ ADMIN_PASSWORD: '123' }, 'ADMIN_PASSWORD'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL'],
  ])('refuses %j with a message naming %s', (env, name) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(new RegExp(`${name}: .*\\(got `));
  });

  it('is secure by default for a deployment: no demo data, no default admin password', () => {
    const deployment = loadConfig({ DATABASE_URL: 'postgres://db/stitch' });
    expect(deployment.SEED_DEMO).toBe(false);
    expect(deployment.ADMIN_PASSWORD).toBeUndefined();
    expect(deployment.ADMIN_PASSWORD_IS_DEFAULT).toBe(false);
    expect(loadConfig({ DATABASE_URL: 'postgres://db/stitch', SEED_DEMO: 'true' }).SEED_DEMO).toBe(true);
    expect(loadConfig({ SEED_DEMO: 'false' }).SEED_DEMO).toBe(false);
    const chosen = loadConfig({ DATABASE_URL: 'postgres://db/stitch', ADMIN_PASSWORD: 'Tailor-Shop-42' });
    expect(chosen).toMatchObject({ ADMIN_PASSWORD: 'Tailor-Shop-42', ADMIN_PASSWORD_IS_DEFAULT: false });
  });

  it.each(['password1', 'admin2024', 'short'])('refuses ADMIN_PASSWORD=%s without echoing it', (password) => {
    let message = '';
    try {
      loadConfig({ ADMIN_PASSWORD: password });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toMatch(/ADMIN_PASSWORD: .*\(got \d+ characters, not shown\)/);
    expect(message).not.toContain(password);
  });

  it('allows a scrypt cost below OWASP only for tests', () => {
    expect(loadConfig({ NODE_ENV: 'test' }).PASSWORD_SCRYPT_LOG_N).toBe(14);
    expect(() => loadConfig({ NODE_ENV: 'production', PASSWORD_SCRYPT_LOG_N: '15' })).toThrow(ConfigError);
    expect(loadConfig({ NODE_ENV: 'production', PASSWORD_SCRYPT_LOG_N: '18' }).PASSWORD_SCRYPT_LOG_N).toBe(18);
  });

  it('treats an empty DATABASE_URL as unset', () => {
    expect(loadConfig({ DATABASE_URL: '' }).DATABASE_URL).toBeUndefined();
  });
});
