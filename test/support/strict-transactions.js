// Every test file, in every project: a call to another service made inside a database
// transaction throws (rule 1 of docs/architecture.md, ADR 0017), so the test that reaches one
// fails. The Parley under test gets the same setting from global-setup.ts.
process.env.PARLEY_STRICT_TRANSACTIONS = '1';
