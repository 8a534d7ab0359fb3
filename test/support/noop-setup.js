// A do-nothing jest globalSetup, for running tests that need no running system, e.g.:
//   npx jest --selectProjects integration test/support/openapi.unit.test.ts --globalSetup=/work/main/test/support/noop-setup.js
module.exports = async () => {};
