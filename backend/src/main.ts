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
  // Only the try-out's published default is ever printed; a chosen password never is.
  const password = config.ADMIN_PASSWORD_IS_DEFAULT ? `${config.ADMIN_PASSWORD} (a published default: change it after logging in)` : '(the ADMIN_PASSWORD you set)';
  console.log(
    [
      '',
      `  Stitchboard is running: ${url}`,
      `  Log in as: admin / ${password}`,
      ...(config.SEED_DEMO
        ? [`  Demo users: merchandiser, cutting, sewing / demo1234; viewer / viewer123${config.DATABASE_URL ? ' (SEED_DEMO=true: change or disable them)' : ''}`]
        : []),
      `  Database:  ${config.DATABASE_URL ? 'PostgreSQL at DATABASE_URL' : `embedded, in ${config.DATA_DIR}`}`,
      `  API docs:  ${url}/api/docs`,
      '',
    ].join('\n'),
  );
}

main().catch((error: unknown) => {
  // A refused start (e.g. no ADMIN_PASSWORD on a deployment's first boot) is a message, not a stack.
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(2);
  }
  console.error(error);
  process.exit(1);
});
