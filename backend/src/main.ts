import { createApp } from './app.factory.js';
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
  const url = await app.getUrl();
  app.getHttpServer().once('close', () => undefined);
  // The start script looks for this line to print the URL for people.
  console.log(`Stitchboard listening on ${url.replace('[::1]', 'localhost').replace('0.0.0.0', 'localhost')}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
