// `npm run build` runs this after tsc, before write.ts: extracts the documentation of the routes
// Zulip documents from its reference (test/reference/zulip-openapi.yaml, overrides applied) into
// gateway/dist/openapi/zulip-route-docs.json, which the built gateway reads.
import { writeFileSync } from 'node:fs';
import { BUILT_ROUTE_DOCS, extractZulipRouteDocs } from './zulip-docs';

writeFileSync(BUILT_ROUTE_DOCS, `${JSON.stringify(extractZulipRouteDocs(), null, 2)}\n`);
