import { startApp, type RunningApp } from './support/app-server';

declare global {
  // Shared with global-teardown, which runs in the same process.
  var __STITCHBOARD_APP__: RunningApp | undefined;
}

export default async function globalSetup(_globalConfig: unknown, projectConfig: { rootDir: string }): Promise<void> {
  const app = await startApp(projectConfig.rootDir);
  globalThis.__STITCHBOARD_APP__ = app;
  // Test files (and workers) read these from the environment.
  process.env.E2E_BASE_URL = app.baseUrl;
  process.env.E2E_REPO_ROOT = projectConfig.rootDir;
}
