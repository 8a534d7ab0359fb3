// Lints an OpenAPI description with Redocly's `recommended` ruleset (@redocly/openapi-core,
// ESM-only, hence a script of its own). Prints the problems as JSON; exits 1 on any error.
import { readFileSync } from 'node:fs';
import { createConfig, lintFromString } from '@redocly/openapi-core';

const file = process.argv[2];
const config = await createConfig({ extends: ['recommended'] });
const problems = await lintFromString({ source: readFileSync(file, 'utf8'), absoluteRef: file, config });
const out = problems.map((p) => ({ severity: p.severity, rule: p.ruleId, message: p.message, where: p.location?.[0]?.pointer }));
console.log(JSON.stringify(out));
process.exit(out.some((p) => p.severity === 'error') ? 1 : 0);
