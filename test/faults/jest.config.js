// Fault-injection tests: two built app instances (dist/backend) on a private PostgreSQL cluster
// (port 5442) and a private Redis (port 6392), with Redis, PostgreSQL and the instances killed,
// stopped and restarted under a scan stream. Run through `npm run test:faults`
// (scripts/faults.mjs), never in parallel: the ports are fixed.
const swc = {
  jsc: { parser: { syntax: 'typescript' }, target: 'es2022' },
  module: { type: 'es6' },
  sourceMaps: 'inline',
};

export default {
  rootDir: '../..',
  displayName: 'faults',
  testEnvironment: 'node',
  roots: ['<rootDir>/test/faults'],
  testMatch: ['**/*.fault.ts'],
  extensionsToTreatAsEsm: ['.ts'],
  moduleNameMapper: {
    // The boards use the frontend's own realtime client (frontend/src/lib/socket.ts).
    '^@contracts/(.*)$': '<rootDir>/contracts/$1',
    '^(\\.{1,2}/.*)\\.js$': '$1',
  },
  transform: { '^.+\\.ts$': ['@swc/jest', swc] },
  maxWorkers: 1,
  // Each spec boots its own cluster, Redis and two instances, then waits through outages.
  testTimeout: 150000,
};
