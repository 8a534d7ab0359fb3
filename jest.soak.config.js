// `npm run soak` (#11, part 9): the soak, on its own, outside `npm test`. Same environment as
// the tests (test/support/global-setup.ts provides PostgreSQL, NATS and Redis).
const base = require('./jest.config');

const integration = base.projects.find((p) => p.displayName === 'integration');

module.exports = {
  globalSetup: integration.globalSetup,
  globalTeardown: integration.globalTeardown,
  transform: integration.transform,
  moduleNameMapper: integration.moduleNameMapper,
  testEnvironment: 'node',
  testMatch: ['<rootDir>/test/soak/*.soak.ts'],
};
