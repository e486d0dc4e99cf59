// Browser tests: the built app (backend + frontend/dist) on a fresh data folder, driven by
// playwright-core with the system Chromium. Run through `npm run test:e2e` (scripts/e2e.mjs).
const swc = {
  jsc: { parser: { syntax: 'typescript' }, target: 'es2022' },
  module: { type: 'es6' },
  sourceMaps: 'inline',
};

export default {
  rootDir: '../..',
  displayName: 'e2e',
  testEnvironment: 'node',
  roots: ['<rootDir>/test/e2e'],
  testMatch: ['**/*.e2e.ts'],
  extensionsToTreatAsEsm: ['.ts'],
  moduleNameMapper: { '^(\\.{1,2}/.*)\\.js$': '$1' },
  transform: { '^.+\\.ts$': ['@swc/jest', swc] },
  globalSetup: '<rootDir>/test/e2e/global-setup.ts',
  globalTeardown: '<rootDir>/test/e2e/global-teardown.ts',
  // One browser at a time: the tests share one server and its board settings.
  maxWorkers: 1,
  // A whole order flow on a loaded 2-core machine can take over a minute.
  testTimeout: 120000,
};
