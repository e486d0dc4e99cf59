// Two projects: the backend (ESM NestJS on a real database) and the frontend components (jsdom).
// ESM needs NODE_OPTIONS=--experimental-vm-modules, which `npm test` passes.
const swcBackend = {
  jsc: {
    parser: { syntax: 'typescript', decorators: true },
    transform: { legacyDecorator: true, decoratorMetadata: true },
    target: 'es2022',
    keepClassNames: true,
  },
  module: { type: 'es6' },
  sourceMaps: 'inline',
};

const swcFrontend = {
  jsc: {
    parser: { syntax: 'typescript', tsx: true },
    transform: { react: { runtime: 'automatic' } },
    target: 'es2022',
  },
  module: { type: 'es6' },
  sourceMaps: 'inline',
};

const stripJsSuffix = { '^(\\.{1,2}/.*)\\.js$': '$1' };

export default {
  // API specs boot the real app on a fresh database in beforeAll: seconds normally, but a busy
  // 2-core machine can take much longer — a slow boot must not read as a failure.
  testTimeout: 90000,
  projects: [
    {
      displayName: 'backend',
      testEnvironment: 'node',
      // The benches' own specs (backend/bench/*.spec.ts) run with the backend's.
      roots: ['<rootDir>/backend/src', '<rootDir>/backend/bench'],
      testMatch: ['**/*.spec.ts'],
      extensionsToTreatAsEsm: ['.ts'],
      moduleNameMapper: stripJsSuffix,
      transform: { '^.+\\.ts$': ['@swc/jest', swcBackend] },
      setupFilesAfterEnv: ['<rootDir>/backend/src/testing/exit-code-watch.ts'],
    },
    {
      displayName: 'frontend',
      testEnvironment: 'jsdom',
      roots: ['<rootDir>/frontend/src'],
      testMatch: ['**/*.test.ts', '**/*.test.tsx'],
      extensionsToTreatAsEsm: ['.ts', '.tsx'],
      moduleNameMapper: {
        ...stripJsSuffix,
        '^@contracts/(.*)$': '<rootDir>/contracts/$1',
        '\\.(css|less|scss)$': 'identity-obj-proxy',
        '\\.(png|svg|jpg|jpeg|gif|woff2?)$': '<rootDir>/frontend/test-support/file-stub.cjs',
      },
      transform: { '^.+\\.(t|j)sx?$': ['@swc/jest', swcFrontend] },
      setupFilesAfterEnv: ['<rootDir>/frontend/test-support/setup.ts'],
    },
  ],
};
