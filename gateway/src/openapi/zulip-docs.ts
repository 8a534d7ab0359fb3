import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { routeKey, routes as routeTable, type Route } from '@parley/common/api';
import { parleyRouteDocs } from './parley-routes';
import { extractRouteDocs, type RouteOfReference } from './reference-docs';
import { routeDocOverrides } from './route-doc-overrides';
import type { RouteDoc } from './route-doc';

/** Zulip's reference, kept with the tests (the same path from src/openapi/ and dist/openapi/). */
export const REFERENCE_YAML = join(__dirname, '../../../test/reference/zulip-openapi.yaml');
/** What `npm run build` writes beside the compiled gateway (write-route-docs.ts), and the gateway reads. */
export const BUILT_ROUTE_DOCS = join(__dirname, 'zulip-route-docs.json');

/** The routes documented from Zulip's reference: those of the route table parley-routes.ts does not describe. */
export function routesOfReference(routes: readonly Route[] = routeTable): RouteOfReference[] {
  return routes.filter((r) => !parleyRouteDocs[routeKey(r)]).map((r) => ({ key: routeKey(r), params: Object.keys(r.params) }));
}

/** Every reference route's documentation, read from the YAML now; throws naming each route that does not fit. */
export function extractZulipRouteDocs(yamlText = readFileSync(REFERENCE_YAML, 'utf8')): Record<string, RouteDoc> {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const YAML = require('yaml') as typeof import('yaml');
  const { docs, problems } = extractRouteDocs(YAML.parse(yamlText) as Record<string, unknown>, routesOfReference(), routeDocOverrides);
  if (problems.length > 0) {
    throw new Error(`the routes' documentation from ${REFERENCE_YAML} (gateway/src/openapi/reference-docs.ts):\n  ${problems.join('\n  ')}`);
  }
  return docs;
}

/**
 * The documentation of the routes Zulip documents. The built gateway reads what the build
 * extracted (zulip-route-docs.json beside it: no YAML at run time, nor in the image); the
 * sources, as the tests run them, extract it from the reference.
 */
export function zulipRouteDocs(): Record<string, RouteDoc> {
  if (__filename.endsWith('.ts')) return extractZulipRouteDocs();
  if (!existsSync(BUILT_ROUTE_DOCS)) throw new Error(`${BUILT_ROUTE_DOCS} is missing: \`npm run build\` writes it (gateway/src/openapi/write-route-docs.ts)`);
  return JSON.parse(readFileSync(BUILT_ROUTE_DOCS, 'utf8')) as Record<string, RouteDoc>;
}
