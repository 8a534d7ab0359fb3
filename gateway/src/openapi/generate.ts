import { FEATURE_LEVEL, PARLEY_VERSION } from '@parley/common';
import { parseDecl, type ParamDecl, type ParamType } from '../params';
import { CodedError, ERROR_CODES, errorSchemas } from './errors';
import { extraApiPaths, extraRootPaths } from './extra-operations';
import { introduction } from './introduction';
import { parleyRouteDocs } from './parley-routes';
import type { RouteDoc } from './route-doc';
import type { TSchema } from '@sinclair/typebox';
import { extraSchemas, openApiPath, responseSchemas as typedSchemas, routeKey, routes as routeTable, type Route } from '@parley/common/api';
import { zulipRouteDocs } from './zulip-docs';

type Json = Record<string, unknown>;

export { openApiPath, routeKey };

let docs: Readonly<Record<string, RouteDoc>> | undefined;

/**
 * Every route's documentation: what Zulip's reference says (zulip-docs.ts), and
 * parley-routes.ts. Read when first needed, not on import: from the sources, reading the
 * reference takes a second or two.
 */
export function routeDocs(): Readonly<Record<string, RouteDoc>> {
  docs ??= { ...zulipRouteDocs(), ...parleyRouteDocs };
  return docs;
}
const responseSchemas: Readonly<Record<string, TSchema>> = typedSchemas;

/** What the generator needs of each route and cannot find: empty when every route is described. */
export function missingDescriptions(routes: readonly Route[] = routeTable): string[] {
  const out: string[] = [];
  for (const r of routes) {
    const key = routeKey(r);
    if (!responseSchemas[key]) out.push(`${key}: no response schema (services/common/src/api/responses/)`);
    if (!routeDocs()[key]) out.push(`${key}: no documentation (feature level, summary) in test/reference/zulip-openapi.yaml (Zulip) or parley-routes.ts`);
  }
  return out;
}

/** JSON-encoded parameter types: Zulip sends lists, objects and `json` values as JSON text. */
const JSON_ENCODED = new Set<ParamType>(['json', 'int[]', 'string[]', 'object']);

function paramSchema(type: ParamType): Json {
  switch (type) {
    case 'int':
      return { type: 'integer' };
    case 'string':
    case 'email':
      return { type: 'string' };
    case 'bool':
      return { type: 'boolean' };
    case 'int[]':
      return { type: 'array', items: { type: 'integer' } };
    case 'string[]':
      return { type: 'array', items: { type: 'string' } };
    case 'object':
      return { type: 'object' };
    case 'json':
      return {};
  }
}

const PATH_PARAM = /:(\w+)\*?/g;

/**
 * A route's parameters: path parameters in the path, the others in the query string (GET,
 * DELETE) or a form body (POST, PATCH), as Zulip's clients send them. JSON-encoded ones say so
 * (`content: application/json` in a query, `encoding` in a form).
 */
function parametersOf(route: Route, doc: RouteDoc): { parameters: Json[]; requestBody?: Json } {
  const inPath = new Set([...route.path.matchAll(PATH_PARAM)].map((m) => m[1]));
  const parameters: Json[] = [];
  const properties: Json = {};
  const required: string[] = [];
  const encoding: Json = {};
  const inQuery = route.method === 'GET' || route.method === 'DELETE';
  for (const [name, decl] of Object.entries<ParamDecl>(route.params)) {
    const spec = parseDecl(decl);
    const description = doc.params[name];
    const schema = paramSchema(spec.type);
    const jsonEncoded = JSON_ENCODED.has(spec.type);
    if (inPath.has(name)) {
      parameters.push({ name, in: 'path', required: true, ...(description ? { description } : {}), schema });
    } else if (inQuery) {
      parameters.push({
        name,
        in: 'query',
        required: spec.required,
        ...(description ? { description } : {}),
        ...(jsonEncoded ? { content: { 'application/json': { schema } } } : { schema }),
      });
    } else {
      properties[name] = { ...(description ? { description } : {}), ...schema };
      if (spec.required) required.push(name);
      if (jsonEncoded) encoding[name] = { contentType: 'application/json' };
    }
  }
  for (const [header, param] of Object.entries(route.headerParams ?? {})) {
    parameters.push({
      name: header.replace(/(^|-)([a-z])/g, (m) => m.toUpperCase()),
      in: 'header',
      required: false,
      schema: { type: 'string', minLength: 1, maxLength: 255 },
      description: `Parley addition: the same as the \`${param}\` parameter (the header wins). See "Idempotent send" in the introduction.`,
      'x-parley-addition': true,
    });
  }
  if (Object.keys(properties).length === 0) return { parameters };
  const form: Json = { schema: { type: 'object', properties, ...(required.length ? { required } : {}) } };
  if (Object.keys(encoding).length) form.encoding = encoding;
  return { parameters, requestBody: { required: required.length > 0, content: { 'application/x-www-form-urlencoded': form } } };
}

const RATE_LIMIT_HEADERS = {
  'X-RateLimit-Limit': { $ref: '#/components/headers/X-RateLimit-Limit' },
  'X-RateLimit-Remaining': { $ref: '#/components/headers/X-RateLimit-Remaining' },
  'X-RateLimit-Reset': { $ref: '#/components/headers/X-RateLimit-Reset' },
};

function errorResponses(auth: Route['auth']): Json {
  return {
    400: { $ref: '#/components/responses/BadRequest' },
    ...(auth === 'user' ? { 401: { $ref: '#/components/responses/Unauthorized' } } : {}),
    404: { $ref: '#/components/responses/NotFound' },
    429: { $ref: '#/components/responses/RateLimited' },
    503: { $ref: '#/components/responses/ServiceUnavailable' },
  };
}

function operationOf(route: Route, schemaRef: Json, doc: RouteDoc): Json {
  const notes = [
    doc.description ?? '',
    doc.parleyAddition ? '**Parley addition**: Zulip has no such endpoint.' : '',
    `Matches Zulip's API at feature level ${doc.featureLevel} (the latest change Zulip's reference records for this endpoint, its parameters and response; Parley as a whole is at ${FEATURE_LEVEL}).`,
  ].filter(Boolean);
  return {
    operationId: doc.operationId,
    summary: doc.summary,
    description: notes.join('\n\n'),
    tags: [doc.tag],
    ...(route.auth === 'public' ? { security: [] } : {}),
    ...parametersOf(route, doc),
    responses: {
      200: { description: 'Success.', headers: RATE_LIMIT_HEADERS, content: { 'application/json': { schema: schemaRef } } },
      ...errorResponses(route.auth),
    },
    'x-zulip-feature-level': doc.featureLevel,
    ...(doc.parleyAddition ? { 'x-parley-addition': true } : {}),
    'x-parley-rpc': `${route.service}.${route.rpc}`,
  };
}

/**
 * Replaces every subschema with a `$id` (a named TypeBox schema) by a `$ref` to
 * components.schemas, where it is added once. TypeBox's symbol keys are left behind.
 */
function hoist(node: unknown, schemas: Record<string, unknown>): unknown {
  if (Array.isArray(node)) return node.map((n) => hoist(n, schemas));
  if (typeof node !== 'object' || node === null) return node;
  const { $id, ...rest } = node as Json;
  const body: Json = {};
  for (const [k, v] of Object.entries(rest)) body[k] = hoist(v, schemas);
  if (typeof $id !== 'string') return body;
  const existing = schemas[$id];
  if (existing !== undefined && JSON.stringify(existing) !== JSON.stringify(body)) throw new Error(`two different schemas named ${$id}`);
  schemas[$id] = body;
  return { $ref: `#/components/schemas/${$id}` };
}

/** An error response: the code-specific schemas of the status's codes (documentation), else CodedError. */
function errorResponse(description: string, status?: number): Json {
  const specific = Object.entries(errorSchemas()).filter(([, s]) => ERROR_CODES[(s.properties.code as unknown as { const: string }).const].status.includes(status ?? -1));
  const schema =
    specific.length === 0
      ? { $ref: '#/components/schemas/CodedError' }
      : { anyOf: [...specific.map(([name]) => ({ $ref: `#/components/schemas/${name}` })), { $ref: '#/components/schemas/CodedError' }] };
  return { description, headers: RATE_LIMIT_HEADERS, content: { 'application/json': { schema } } };
}

/** Parley's OpenAPI 3.1 description, from the route table and the response schemas. */
export function generateOpenApi(routes: readonly Route[] = routeTable): Json {
  const missing = missingDescriptions(routes);
  if (missing.length > 0) throw new Error(`the OpenAPI description lacks:\n  ${missing.join('\n  ')}`);
  const schemas: Record<string, unknown> = {};
  const paths: Record<string, Json> = {};
  for (const route of routes) {
    const key = routeKey(route);
    const ref = hoist(responseSchemas[key], schemas) as Json;
    const item = (paths[openApiPath(route.path)] ??= {});
    item[route.method.toLowerCase()] = operationOf(route, ref, routeDocs()[key]);
  }
  for (const [path, ops] of Object.entries(extraApiPaths)) Object.assign((paths[path] ??= {}), ops);
  for (const s of [CodedError, ...Object.values(errorSchemas()), ...extraSchemas]) hoist(s, schemas);
  hoist(responseSchemas['POST /user_uploads'], schemas);
  hoist(responseSchemas['POST /realm/emoji/{emoji_name}'], schemas);
  hoist(responseSchemas['POST /users/me/avatar'], schemas);
  return {
    openapi: '3.1.0',
    info: {
      title: 'Parley REST API',
      version: PARLEY_VERSION,
      description: introduction(),
      license: { name: 'Apache 2.0', identifier: 'Apache-2.0' },
      'x-zulip-feature-level': FEATURE_LEVEL,
    },
    servers: [{ url: '/api/v1', description: 'This Parley server.' }],
    security: [{ basicAuth: [] }],
    tags: tagsOf(paths),
    paths: { ...sortPaths(paths), ...extraRootPaths },
    components: {
      securitySchemes: {
        basicAuth: { type: 'http', scheme: 'basic', description: "HTTP Basic: the user's (or bot's) email as the username and its API key (`POST /fetch_api_key`) as the password." },
        sessionCookie: {
          type: 'apiKey',
          in: 'cookie',
          name: 'sessionid',
          description: 'Parley addition: a browser session (`POST /accounts/login`), accepted by the uploads, tus and file endpoints only.',
        },
        csrfToken: { type: 'apiKey', in: 'header', name: 'X-CSRFToken', description: "With a session cookie: equal to the `csrftoken` cookie (Django's rule), else 403 `CSRF_FAILED`." },
      },
      headers: {
        'X-RateLimit-Limit': { description: 'Requests allowed in the window (absent when rate limiting is off).', schema: { type: 'integer' } },
        'X-RateLimit-Remaining': { description: 'Requests left in the window.', schema: { type: 'integer' } },
        'X-RateLimit-Reset': { description: 'When the window resets (Unix time, seconds).', schema: { type: 'integer' } },
        'Retry-After': { description: 'Seconds until a refused request may be retried.', schema: { type: 'integer' } },
      },
      responses: {
        BadRequest: errorResponse('The request is refused (see `code`).', 400),
        Forbidden: errorResponse('Not allowed (`CSRF_FAILED`, `UNAUTHORIZED_PRINCIPAL`, ...).', 403),
        Unauthorized: {
          ...errorResponse('Missing or bad credentials (`UNAUTHORIZED`, `INVALID_API_KEY`, `USER_DEACTIVATED`, `REALM_DEACTIVATED`).'),
          headers: { ...RATE_LIMIT_HEADERS, 'WWW-Authenticate': { schema: { type: 'string' }, description: '`Basic realm="zulip"`.' } },
        },
        NotFound: errorResponse('`NOT_FOUND`: no such object or endpoint.'),
        RateLimited: {
          description: '`RATE_LIMIT_HIT`: too many requests.',
          headers: { ...RATE_LIMIT_HEADERS, 'Retry-After': { $ref: '#/components/headers/Retry-After' } },
          content: { 'application/json': { schema: { $ref: '#/components/schemas/RateLimitHitError' } } },
        },
        ServiceUnavailable: errorResponse('Parley addition: `SERVICE_UNAVAILABLE`, a service is down or too slow.'),
      },
      schemas: sortKeys(schemas),
    },
  };
}

function sortPaths(paths: Record<string, Json>): Record<string, Json> {
  return Object.fromEntries(Object.entries(paths).sort(([a], [b]) => a.localeCompare(b)));
}
const sortKeys = (o: Record<string, unknown>) => Object.fromEntries(Object.entries(o).sort(([a], [b]) => a.localeCompare(b)));

function tagsOf(paths: Record<string, Json>): Json[] {
  const names = new Set<string>();
  for (const item of Object.values(paths)) for (const op of Object.values(item)) for (const t of ((op as Json).tags as string[] | undefined) ?? []) names.add(t);
  names.add('authentication').add('uploads').add('parley');
  const pretty = (t: string) => t.replace(/_/g, ' ').replace(/^./, (c) => c.toUpperCase());
  return [...names].sort().map((name) => ({
    name,
    'x-displayName': name === 'parley' ? 'Parley' : pretty(name),
    description: name === 'parley' ? 'Parley additions: this description, its docs page, health checks.' : pretty(name),
  }));
}

let cached: { json: string; yaml: string } | undefined;

/** The description as served: generated once per process. */
export function openApiTexts(): { json: string; yaml: string } {
  if (!cached) {
    const doc = generateOpenApi();
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- yaml is loaded only when the description is first served
    const YAML = require('yaml') as typeof import('yaml');
    cached = { json: JSON.stringify(doc), yaml: YAML.stringify(doc, { aliasDuplicateObjects: false }) };
  }
  return cached;
}
