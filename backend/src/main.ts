import { createApp } from './app.factory.js';
import { installGracefulShutdown } from './lifecycle/graceful-shutdown.js';
import { ConfigError, loadConfig } from './config/app-config.js';

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(2);
    }
    throw error;
  }
  const app = await createApp(config);
  await app.listen(config.PORT, config.HOST);
  installGracefulShutdown(app);
  const url = `http://localhost:${config.PORT}`;
  const password = process.env.ADMIN_PASSWORD ? '(the ADMIN_PASSWORD you set)' : config.ADMIN_PASSWORD;
  console.log(
    [
      '',
      `  Stitchboard is running: ${url}`,
      `  Log in as: admin / ${password}`,
      ...(config.SEED_DEMO ? ['  Demo users: merchandiser, cutting, sewing / demo1234; viewer / viewer123'] : []),
      `  Database:  ${config.DATABASE_URL ? 'PostgreSQL at DATABASE_URL' : `embedded, in ${config.DATA_DIR}`}`,
      `  API docs:  ${url}/api/docs`,
      '',
    ].join('\n'),
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
