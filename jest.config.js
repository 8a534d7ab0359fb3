// Three projects, each with only the setup it needs (a project's globalSetup runs only when
// one of its tests is selected):
// - unit: the tests beside the code (services/*/src, gateway/src, web/src) and test/**/*.unit.test.ts.
//   No global setup, no server: `npm run test:unit`, or `npx jest path/to/file.test.ts`.
// - component: the `*.db.test.ts` files beside the code, which call it on a real PostgreSQL,
//   NATS or Redis. Their setup (test/support/component-setup.ts) provides those servers and
//   migrates every service's schema; no Parley process runs. `npm run test:component`.
// - integration: test/**/*.test.ts, which drive a running system over HTTP and gRPC, and the
//   `*.system.test.ts` files beside the code, whose fixtures need it too. Their setup
//   (test/support/global-setup.ts) starts Parley all-in-one on the same servers.
// In one run, component and integration share the servers and the database
// (test/support/run-environment.ts).
// ts-jest transpiles each file on its own (isolatedModules): fast, no type-check here; the
// build (tsc -b) type-checks.
const transform = { '^.+\\.ts$': ['ts-jest', { tsconfig: '<rootDir>/tsconfig.test.json' }] };
// Tests run the TypeScript sources; services started as processes run the built dist/.
const moduleNameMapper = {
  '^@parley/common/telemetry$': '<rootDir>/services/common/src/telemetry.ts',
  '^@parley/common/api$': '<rootDir>/services/common/src/api/index.ts',
  '^@parley/common/testing$': '<rootDir>/services/common/src/testing.ts',
  '^@parley/(common|users|channels|messages|uploads|events|runner)$': '<rootDir>/services/$1/src/index.ts',
  '^@parley/gateway$': '<rootDir>/gateway/src/index.ts',
};
const common = { transform, moduleNameMapper, testEnvironment: 'node', setupFiles: ['<rootDir>/test/support/strict-transactions.js'] };
const besideTheCode = (suffix) => [`<rootDir>/services/*/src/**/*${suffix}`, `<rootDir>/gateway/src/**/*${suffix}`];

// Two workers at least: most of an integration test's time is spent waiting for the Parley
// under test (another process) or a browser, so on this 2-core machine two workers take the
// whole run from 22 to 14 minutes (jest's default is one fewer than the cores: one). At most
// four, so that the one Parley the integration tests share is not swamped on a larger machine.
const maxWorkers = Math.min(4, Math.max(2, require('node:os').availableParallelism()));

module.exports = {
  testTimeout: 30000,
  maxWorkers,
  projects: [
    {
      ...common,
      displayName: 'unit',
      testMatch: [...besideTheCode('.test.ts'), '<rootDir>/web/src/**/*.test.ts', '<rootDir>/test/**/*.unit.test.ts'],
      testPathIgnorePatterns: ['/node_modules/', '\\.db\\.test\\.ts$', '\\.system\\.test\\.ts$'],
    },
    {
      ...common,
      displayName: 'component',
      testMatch: besideTheCode('.db.test.ts'),
      globalSetup: '<rootDir>/test/support/component-setup.ts',
      globalTeardown: '<rootDir>/test/support/component-teardown.ts',
    },
    {
      ...common,
      displayName: 'integration',
      testMatch: ['<rootDir>/test/**/*.test.ts', ...besideTheCode('.system.test.ts')],
      testPathIgnorePatterns: ['/node_modules/', '\\.unit\\.test\\.ts$'],
      globalSetup: '<rootDir>/test/support/global-setup.ts',
      globalTeardown: '<rootDir>/test/support/global-teardown.ts',
    },
  ],
};
