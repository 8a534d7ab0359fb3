// Two projects: unit tests beside the code, integration tests in test/ that drive
// a running system over HTTP (started once by test/support/global-setup.ts).
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

module.exports = {
  testTimeout: 30000,
  // One environment for the whole run (database, bus, a running Parley): see test/support/.
  globalSetup: '<rootDir>/test/support/global-setup.ts',
  globalTeardown: '<rootDir>/test/support/global-teardown.ts',
  projects: [
    {
      displayName: 'unit',
      transform,
      moduleNameMapper,
      testEnvironment: 'node',
      testMatch: ['<rootDir>/services/*/src/**/*.test.ts', '<rootDir>/gateway/src/**/*.test.ts'],
    },
    {
      displayName: 'integration',
      transform,
      moduleNameMapper,
      testEnvironment: 'node',
      testMatch: ['<rootDir>/test/**/*.test.ts'],
    },
  ],
};
