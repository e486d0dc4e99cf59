import { stopApp } from './support/app-server';

export default async function globalTeardown(): Promise<void> {
  const app = globalThis.__STITCHBOARD_APP__;
  if (app) await stopApp(app);
  globalThis.__STITCHBOARD_APP__ = undefined;
}
