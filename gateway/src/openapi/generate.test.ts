import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ERROR_CODES } from './errors';
import { extraApiPaths, extraRootPaths } from './extra-operations';
import { generateOpenApi, missingDescriptions, openApiPath, routeDocs, routeKey } from './generate';
import { responseSchemas, routes, type Route } from '@parley/common/api';

type Json = Record<string, any>;

describe('the OpenAPI description', () => {
  const doc: Json = generateOpenApi();
  const op = (method: string, path: string) => doc.paths[path]?.[method.toLowerCase()] as Json | undefined;

  it('has a response schema and documentation (feature level, summary) for every route of the route table', () => {
    expect(missingDescriptions()).toEqual([]);
  });

  it('refuses to generate when a route has no response schema', () => {
    const orphan: Route = { method: 'GET', path: '/no_such_thing', service: 'users', rpc: 'Nothing', auth: 'user', params: {} };
    expect(missingDescriptions([...routes, orphan])).toEqual([
      'GET /no_such_thing: no response schema (services/common/src/api/responses/)',
      'GET /no_such_thing: no documentation (feature level, summary) in test/reference/zulip-openapi.yaml (Zulip) or parley-routes.ts',
    ]);
    expect(() => generateOpenApi([...routes, orphan])).toThrow(/GET \/no_such_thing: no response schema/);
  });

  it('keeps no schema or documentation of a route that does not exist', () => {
    const extra = { ...extraApiPaths, ...extraRootPaths };
    const known = new Set([...routes.map(routeKey), ...Object.entries(extra).flatMap(([p, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${p}`))]);
    expect(Object.keys(responseSchemas).filter((k) => !known.has(k))).toEqual([]);
    expect(Object.keys(routeDocs()).filter((k) => !known.has(k))).toEqual([]);
  });

  it('documents every route with its parameters, who may call it and its feature level', () => {
    expect(doc.openapi).toBe('3.1.0');
    for (const route of routes) {
      const o = op(route.method, openApiPath(route.path));
      expect(o).toBeDefined();
      expect(o!.security).toEqual(route.auth === 'public' ? [] : undefined); // undefined: the global Basic auth
      expect(typeof o!['x-zulip-feature-level']).toBe('number');
      expect(o!.responses[200].content['application/json'].schema.$ref).toMatch(/^#\/components\/schemas\//);
      const names = [
        ...(o!.parameters ?? []).filter((p: Json) => p.in !== 'header').map((p: Json) => p.name),
        ...Object.keys(o!.requestBody?.content['application/x-www-form-urlencoded'].schema.properties ?? {}),
      ];
      expect(names.sort()).toEqual(Object.keys(route.params).sort());
    }
  });

  it('gives parameters their wire types: JSON-encoded lists and objects, required ones required', () => {
    const send = op('POST', '/messages')!;
    const form = send.requestBody.content['application/x-www-form-urlencoded'];
    expect(form.schema.required).toEqual(['type', 'to', 'content']);
    expect(send.parameters).toContainEqual(expect.objectContaining({ name: 'Idempotency-Key', in: 'header', 'x-parley-addition': true }));
    const subscribe = op('POST', '/users/me/subscriptions')!.requestBody.content['application/x-www-form-urlencoded'];
    expect(subscribe.encoding.subscriptions).toEqual({ contentType: 'application/json' });
    const users = op('GET', '/users')!.parameters as Json[];
    expect(users.find((p) => p.name === 'user_ids')).toMatchObject({ in: 'query', required: false, content: { 'application/json': { schema: { type: 'array', items: { type: 'integer' } } } } });
    expect(op('GET', '/users/{user_id}')!.parameters[0]).toMatchObject({ name: 'user_id', in: 'path', required: true, schema: { type: 'integer' } });
  });

  it('marks Parley additions and documents the envelope, errors, rate limits and tus', () => {
    expect(op('GET', '/default_streams')!['x-parley-addition']).toBe(true);
    expect(doc.components.schemas.GetServerSettingsResponse.properties.service_feature_level['x-parley-addition']).toBe(true);
    expect(doc.components.schemas.CodedError.required).toEqual(['result', 'msg', 'code']);
    expect(doc.components.responses.RateLimited.headers).toHaveProperty('Retry-After');
    expect(doc.info.description).toMatch(/ignored_parameters_unsupported/);
    expect(doc.info.description).toMatch(/Idempotency-Key/);
    expect(doc.info.description).toMatch(/MOVE_MESSAGES_TIME_LIMIT_EXCEEDED`.*`first_message_id_allowed_to_move`/);
    expect(Object.keys(doc.paths['/tus/{upload_id}'])).toEqual(['head', 'patch', 'delete']);
    expect(doc.paths['/accounts/login'].servers).toEqual([{ url: '/', description: 'Outside /api/v1.' }]);
  });

  it('documents every error code Parley has', () => {
    // ZulipCode is a type: its members are read from the source.
    const source = readFileSync(join(__dirname, '../../../services/common/src/errors.ts'), 'utf8');
    const union = /export type ZulipCode =([^;]+);/.exec(source)![1];
    const codes = [...union.matchAll(/'([A-Z_]+)'/g)].map((m) => m[1]);
    expect(codes.length).toBeGreaterThan(10);
    expect(codes.filter((c) => !ERROR_CODES[c])).toEqual([]);
  });

  it('is the same document every time (one source)', () => {
    expect(JSON.stringify(generateOpenApi())).toBe(JSON.stringify(doc));
  });
});
