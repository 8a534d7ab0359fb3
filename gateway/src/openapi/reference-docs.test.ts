import { readFileSync } from 'node:fs';
import YAML from 'yaml';
import { routeDocs } from './generate';
import { parleyRouteDocs } from './parley-routes';
import { docFromReference, extractRouteDocs, firstParagraph, fixLinks, highestFeatureLevel, inlineReferenceLinks } from './reference-docs';
import { routeDocOverrides } from './route-doc-overrides';
import { REFERENCE_YAML, routesOfReference } from './zulip-docs';

type Json = Record<string, unknown>;

const reference = YAML.parse(readFileSync(REFERENCE_YAML, 'utf8')) as Json;
const routeOf = (key: string) => routesOfReference().find((r) => r.key === key)!;

/** A reference of one operation, its texts chosen by the test. */
const tiny: Json = {
  paths: {
    '/things/{thing_id}': {
      patch: {
        operationId: 'update-thing',
        summary: 'Update a thing',
        tags: ['things', 'other'],
        description: 'Update a [thing](zulip.com/help/things, given its ID.\nSecond line.\n\n**Changes**: New in Zulip 9.0 (feature level 5).',
        parameters: [{ $ref: '#/components/parameters/ThingId' }],
        requestBody: { content: { 'application/x-www-form-urlencoded': { schema: { $ref: '#/components/schemas/update_thing_request' } } } },
        responses: { 200: { $ref: '#/components/responses/ThingSuccess' } },
      },
    },
  },
  components: {
    parameters: { ThingId: { name: 'thing_id', in: 'path', description: 'The ID of the thing.\n\n**Changes**: Feature level 12.' } },
    schemas: {
      update_thing_request: {
        properties: { name: { description: 'Its new name.\n\n**Changes**: New in feature level 7.', example: 'New in feature level 99' }, colour: { description: 'Not a parameter of the route.' } },
      },
      ThingResponse: { properties: { thing: { description: 'The thing. **Changes**: New in Zulip 10.0 (feature level 30).' } } },
    },
    responses: { ThingSuccess: { description: 'Success.', content: { 'application/json': { schema: { $ref: '#/components/schemas/ThingResponse' } } } } },
  },
};
const thing = { key: 'PATCH /things/{thing_id}', params: ['thing_id', 'name'] };

describe("route documentation from Zulip's reference", () => {
  it("takes a route's summary, first paragraph, tag, operationId and parameters from the YAML", () => {
    expect(docFromReference(reference, routeOf('GET /users/{user_id}'))).toEqual({
      operationId: 'get-user',
      summary: 'Get a user',
      description: 'Fetch details for a single user in the organization.',
      tag: 'users',
      featureLevel: expect.any(Number),
      params: {
        user_id: "The target user's ID.",
        client_gravatar: expect.stringMatching(/^Whether the client supports computing gravatars URLs\. .* if clients can compute their own gravatars\.$/),
        include_custom_profile_fields: 'Whether the client wants [custom profile field](https://zulip.com/help/custom-profile-fields) data to be included in the response.',
      },
    });
    // What the gateway documents the route with.
    expect(routeDocs()['GET /users/{user_id}']).toEqual(docFromReference(reference, routeOf('GET /users/{user_id}')));
    expect(docFromReference(tiny, thing)).toEqual({
      operationId: 'update-thing',
      summary: 'Update a thing',
      tag: 'things',
      featureLevel: 30,
      description: 'Update a [thing](https://zulip.com/help/things), given its ID. Second line.',
      params: { thing_id: 'The ID of the thing.', name: 'Its new name.' },
    });
  });

  it('gives the highest feature level the endpoint, its parameters and its responses mention', () => {
    expect(highestFeatureLevel('New in Zulip 9.0 (feature level 5); feature level 12 changed it.')).toBe(12);
    expect(highestFeatureLevel('No change recorded.')).toBe(0);
    // The response's level (30, through two $refs) wins over the description's and parameters'; an example's does not count.
    expect(docFromReference(tiny, thing)!.featureLevel).toBe(30);
    const withoutResponse = structuredClone(tiny);
    ((withoutResponse.components as Json).schemas as Json).ThingResponse = { properties: {} };
    expect(docFromReference(withoutResponse, thing)!.featureLevel).toBe(12);
    // In the real reference: a parameter's change (appid, 223), and the success envelope's
    // `ignored_parameters_unsupported` (167) for an endpoint that records none of its own.
    expect(docFromReference(reference, routeOf('POST /users/me/apns_device_token'))!.featureLevel).toBe(223);
    expect(docFromReference(reference, routeOf('DELETE /users/me/apns_device_token'))!.featureLevel).toBe(167);
  });

  it("mends the reference's links", () => {
    expect(fixLinks('[role](zulip.com/help/user-roles, and [x](zulip.com/api/y). [z](zulip.com/help/z#a)')).toBe(
      '[role](https://zulip.com/help/user-roles), and [x](https://zulip.com/api/y). [z](https://zulip.com/help/z#a)',
    );
    expect(fixLinks('[tus](https://tus.io/protocols/resumable-upload), unchanged')).toBe('[tus](https://tus.io/protocols/resumable-upload), unchanged');
    expect(inlineReferenceLinks('Some [alert words][alert-words].\n\n[alert-words]: /help/alert-words#x')).toBe(
      'Some [alert words](https://zulip.com/help/alert-words#x).\n\n[alert-words]: /help/alert-words#x',
    );
    expect(firstParagraph('Set [alert words][alert-words]\n  of the user.\n\nMore.\n\n[alert-words]: /help/alert-words')).toBe('Set [alert words](https://zulip.com/help/alert-words) of the user.');
    expect(inlineReferenceLinks('An [unknown][label] stays.')).toBe('An [unknown][label] stays.');
  });

  it('applies an override over what the reference says', () => {
    const { docs, problems } = extractRouteDocs(tiny, [thing], {
      [thing.key]: { reason: 'test', doc: { description: "Parley's words." }, params: { name: "Parley's name.", thing_id: undefined, extra: 'Added.' } },
    });
    expect(problems).toEqual([]);
    expect(docs[thing.key]).toMatchObject({ summary: 'Update a thing', description: "Parley's words.", featureLevel: 30, params: { name: "Parley's name.", extra: 'Added.' } });
    expect(docs[thing.key].params).not.toHaveProperty('thing_id');
    // In the gateway's docs: a Parley parameter the reference does not have.
    expect(docFromReference(reference, routeOf('POST /messages'))!.params).not.toHaveProperty('idempotency_key');
    expect(routeDocs()['POST /messages'].params.idempotency_key).toBe(routeDocOverrides['POST /messages'].params!.idempotency_key);
  });

  it('reports a route the reference does not document, and an override of a route not asked for', () => {
    const { docs, problems } = extractRouteDocs(tiny, [thing, { key: 'GET /no_such_thing', params: [] }], { 'DELETE /gone': { reason: 'stale' } });
    expect(Object.keys(docs)).toEqual([thing.key]);
    expect(problems).toEqual(["GET /no_such_thing: not in Zulip's reference (document it in parley-routes.ts)", 'DELETE /gone: an override of a route that is not documented from the reference']);
  });

  it('documents every route of the table from the reference or parley-routes.ts, and no route from both', () => {
    expect(extractRouteDocs(reference, routesOfReference(), routeDocOverrides).problems).toEqual([]);
    for (const key of Object.keys(parleyRouteDocs)) expect({ key, inReference: docFromReference(reference, { key, params: [] }) !== undefined }).toEqual({ key, inReference: false });
  });

  it('keeps only overrides that say why and change what the reference gives', () => {
    for (const [key, override] of Object.entries(routeDocOverrides)) {
      expect({ key, reason: override.reason.trim().length > 0, oneLine: !override.reason.includes('\n') }).toEqual({ key, reason: true, oneLine: true });
      const extracted = docFromReference(reference, routeOf(key))!;
      for (const [field, value] of Object.entries(override.doc ?? {})) {
        expect({ key, field, same: (extracted as unknown as Json)[field] === value }).toEqual({ key, field, same: false });
      }
      for (const [name, text] of Object.entries(override.params ?? {})) {
        expect({ key, name, same: extracted.params[name] === text }).toEqual({ key, name, same: false });
        expect({ key, name, aParameter: routeOf(key).params.includes(name) }).toEqual({ key, name, aParameter: true });
      }
    }
  });
});
