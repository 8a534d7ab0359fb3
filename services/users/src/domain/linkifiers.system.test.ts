import type { Caller } from '@parley/common';
import { closeFixtures, createTestRealm, TestRealm } from '../../../../test/support/fixtures';
import { callerOf, clientEventsSince, closeUsersDb, outboxMark, usersDb } from '../../../../test/support/users-db';
import { checkAddLinkifier, checkRemoveLinkifier, checkReorderLinkifiers, checkUpdateLinkifier, linkifierState, listLinkifiers, parseLinkifierIds } from './linkifiers';
import { addLinkifier, getLinkifiers, updateLinkifier, removeLinkifier, reorderLinkifiers } from '../rpc/linkifiers';
import type { UsersDeps } from '../deps';
import type { HandlerContext } from '@parley/common';

const { pool, config } = usersDb();
let realm: TestRealm;
let elsewhere: TestRealm;
let owner: Caller;
let admin: Caller;
let refused: [string, Caller][];
let outsider: Caller;

beforeAll(async () => {
  realm = await createTestRealm('Linkifier unit realm');
  elsewhere = await createTestRealm('Other linkifier realm');
  owner = callerOf(realm, 'owner');
  admin = callerOf(realm, 'admin');
  refused = (['moderator', 'member', 'guest', 'bot'] as const).map((name) => [name, callerOf(realm, name)]);
  outsider = callerOf(elsewhere, 'admin');
});
afterAll(async () => {
  await closeUsersDb();
  await closeFixtures();
});

/** A fresh realm's admin, for tests that need a known list. */
async function freshAdmin(): Promise<Caller> {
  const r = await createTestRealm('Fresh linkifier realm');
  return callerOf(r, 'admin');
}

const issue = (n: number) => ({ pattern: `#${n}-(?P<id>[0-9]+)`, url_template: `https://example.com/${n}/{id}` });
const ids = async (c: Caller) => (await listLinkifiers(pool, c)).map((l) => l.id);

describe('checkAddLinkifier', () => {
  it('adds trimmed linkifiers after the others and announces the whole list to the realm', async () => {
    const me = await freshAdmin();
    const first = await checkAddLinkifier(pool, me, issue(1));
    const mark = await outboxMark();
    const second = await checkAddLinkifier(pool, me, { pattern: '  ZUL-(?P<id>\\d+)  ', url_template: ' https://zulip.example/{id} ' });
    const list = await listLinkifiers(pool, me);
    expect(list).toEqual([
      { id: first, ...issue(1) },
      { id: second, pattern: 'ZUL-(?P<id>\\d+)', url_template: 'https://zulip.example/{id}' },
    ]);
    expect(await clientEventsSince(mark, me.realm_id)).toEqual([
      {
        audience: 'realm',
        event: { type: 'realm_linkifiers', realm_linkifiers: list },
        // Queues without linkifier_url_template get none of these events.
        fallback: { capability: 'linkifier_url_template', event: null },
      },
    ]);
  });

  it('lets owners and administrators add, and refuses every other role', async () => {
    await expect(checkAddLinkifier(pool, owner, issue(2))).resolves.toEqual(expect.any(Number));
    await expect(checkAddLinkifier(pool, admin, issue(3))).resolves.toEqual(expect.any(Number));
    for (const [role, caller] of refused) {
      expect([role, await checkAddLinkifier(pool, caller, issue(4)).catch((e) => e.message)]).toEqual([role, 'Must be an organization administrator']);
    }
    expect((await listLinkifiers(pool, owner)).map((l) => l.pattern)).not.toContain(issue(4).pattern);
  });

  it("refuses invalid linkifiers with Zulip's first message and every error by field", async () => {
    const cases: [{ pattern: string; url_template: string }, string, Record<string, string[]>][] = [
      [
        { pattern: ' ', url_template: 'https://x.example/{id}' },
        'This field cannot be blank.',
        { pattern: ['This field cannot be blank.'], __all__: ["Group 'id' in URL template is not present in linkifier pattern."] },
      ],
      [
        { pattern: '#(?P<id>\\d+)', url_template: '' },
        'This field cannot be blank.',
        { url_template: ['This field cannot be blank.'], __all__: ["Group 'id' in linkifier pattern is not present in URL template."] },
      ],
      [{ pattern: '(foo', url_template: 'https://x.example/' }, 'Bad regular expression: missing ): (foo', { __all__: ['Bad regular expression: missing ): (foo'] }],
      [
        { pattern: 'ZUL-(?P<id>\\d????)', url_template: 'https://x.example/{id}' },
        'Bad regular expression: bad repetition operator: ????',
        { __all__: ['Bad regular expression: bad repetition operator: ????'] },
      ],
      [{ pattern: '#(?P<id>\\d+)', url_template: 'https://x.example/{id' }, 'Invalid URL template.', { url_template: ['Invalid URL template.'] }],
      [{ pattern: '(foo', url_template: '{id' }, 'Invalid URL template.', { url_template: ['Invalid URL template.'], __all__: ['Bad regular expression: missing ): (foo'] }],
      [
        { pattern: 'ZUL-(?P<id>\\d+)', url_template: 'https://x.example/{hello}/{id}/{abc}' },
        "Group 'abc' in URL template is not present in linkifier pattern.",
        { __all__: ["Group 'abc' in URL template is not present in linkifier pattern."] },
      ],
      [
        { pattern: 'ZUL-(?P<id>\\d+)-(?P<hello>\\d+)', url_template: 'https://x.example/{hello}' },
        "Group 'id' in linkifier pattern is not present in URL template.",
        { __all__: ["Group 'id' in linkifier pattern is not present in URL template."] },
      ],
      [
        { pattern: 'ZUL-(?P<id>\\d+)', url_template: '$fgfg' },
        "Group 'id' in linkifier pattern is not present in URL template.",
        { __all__: ["Group 'id' in linkifier pattern is not present in URL template."] },
      ],
    ];
    for (const [input, msg, errors] of cases) {
      const err = await checkAddLinkifier(pool, admin, input).catch((e) => e);
      expect([input, err.code, err.message, err.extra]).toEqual([input, 'BAD_REQUEST', msg, { errors }]);
    }
  });

  it('refuses a pattern the realm already has, but not one another realm has', async () => {
    const me = await freshAdmin();
    await checkAddLinkifier(pool, me, issue(5));
    const err = await checkAddLinkifier(pool, me, { ...issue(5), url_template: 'https://other.example/{id}' }).catch((e) => e);
    expect([err.message, err.extra]).toEqual(['Realm filter with this Realm and Pattern already exists.', { errors: { __all__: ['Realm filter with this Realm and Pattern already exists.'] } }]);
    await expect(checkAddLinkifier(pool, outsider, issue(5))).resolves.toEqual(expect.any(Number));
  });
});

describe('checkUpdateLinkifier', () => {
  it('replaces pattern and template in place and announces the list', async () => {
    const me = await freshAdmin();
    const [a, b] = [await checkAddLinkifier(pool, me, issue(1)), await checkAddLinkifier(pool, me, issue(2))];
    const mark = await outboxMark();
    await checkUpdateLinkifier(pool, me, a, { pattern: ' #(?P<n>[0-9]+) ', url_template: 'https://new.example/{n}' });
    // Keeping its own pattern is no duplicate.
    await checkUpdateLinkifier(pool, me, b, { ...issue(2), url_template: 'https://two.example/{id}' });
    const list = await listLinkifiers(pool, me);
    expect(list).toEqual([
      { id: a, pattern: '#(?P<n>[0-9]+)', url_template: 'https://new.example/{n}' },
      { id: b, pattern: issue(2).pattern, url_template: 'https://two.example/{id}' },
    ]);
    const events = await clientEventsSince(mark, me.realm_id);
    expect(events).toHaveLength(2);
    expect(events[1]).toMatchObject({ audience: 'realm', event: { type: 'realm_linkifiers', realm_linkifiers: list } });
  });

  it('says "Linkifier not found." for nonexistent and other realms\' IDs, before validating', async () => {
    const theirs = await checkAddLinkifier(pool, outsider, issue(6));
    for (const id of [theirs, 2 ** 31 - 1]) {
      await expect(checkUpdateLinkifier(pool, admin, id, { pattern: '(', url_template: '{' })).rejects.toMatchObject({ code: 'BAD_REQUEST', message: 'Linkifier not found.' });
    }
    expect((await listLinkifiers(pool, outsider)).find((l) => l.id === theirs)).toEqual({ id: theirs, ...issue(6) });
  });

  it('validates like an addition and refuses non-administrators', async () => {
    const id = await checkAddLinkifier(pool, admin, issue(7));
    await expect(checkUpdateLinkifier(pool, admin, id, { pattern: '#(?P<id>\\d+)', url_template: '{id' })).rejects.toMatchObject({ message: 'Invalid URL template.' });
    await checkAddLinkifier(pool, admin, issue(8));
    await expect(checkUpdateLinkifier(pool, admin, id, issue(8))).rejects.toMatchObject({ message: 'Realm filter with this Realm and Pattern already exists.' });
    for (const [role, caller] of refused) {
      expect([role, await checkUpdateLinkifier(pool, caller, id, issue(9)).catch((e) => e.message)]).toEqual([role, 'Must be an organization administrator']);
    }
  });
});

describe('checkRemoveLinkifier', () => {
  it("removes, keeping the others' order, and announces the list", async () => {
    const me = await freshAdmin();
    const [a, b, c] = [await checkAddLinkifier(pool, me, issue(1)), await checkAddLinkifier(pool, me, issue(2)), await checkAddLinkifier(pool, me, issue(3))];
    await checkReorderLinkifiers(pool, me, [c, b, a]);
    const mark = await outboxMark();
    await checkRemoveLinkifier(pool, me, b);
    expect(await ids(me)).toEqual([c, a]);
    expect((await clientEventsSince(mark, me.realm_id)).map((e) => e.event)).toEqual([{ type: 'realm_linkifiers', realm_linkifiers: await listLinkifiers(pool, me) }]);
    await expect(checkRemoveLinkifier(pool, me, b)).rejects.toMatchObject({ message: 'Linkifier not found.' });
  });

  it("treats another realm's linkifier as nonexistent and refuses non-administrators", async () => {
    const theirs = await checkAddLinkifier(pool, outsider, issue(10));
    await expect(checkRemoveLinkifier(pool, admin, theirs)).rejects.toMatchObject({ message: 'Linkifier not found.' });
    expect(await ids(outsider)).toContain(theirs);
    const mine = await checkAddLinkifier(pool, admin, issue(11));
    for (const [role, caller] of refused) {
      expect([role, await checkRemoveLinkifier(pool, caller, mine).catch((e) => e.message)]).toEqual([role, 'Must be an organization administrator']);
    }
    expect(await ids(admin)).toContain(mine);
  });
});

describe('checkReorderLinkifiers', () => {
  it('applies the new order, which new linkifiers follow, and announces it', async () => {
    const me = await freshAdmin();
    const [a, b, c] = [await checkAddLinkifier(pool, me, issue(1)), await checkAddLinkifier(pool, me, issue(2)), await checkAddLinkifier(pool, me, issue(3))];
    const mark = await outboxMark();
    await checkReorderLinkifiers(pool, me, [c, a, b]);
    expect(await ids(me)).toEqual([c, a, b]);
    expect((await clientEventsSince(mark, me.realm_id)).map((e) => e.event)).toEqual([{ type: 'realm_linkifiers', realm_linkifiers: await listLinkifiers(pool, me) }]);
    const d = await checkAddLinkifier(pool, me, issue(4));
    expect(await ids(me)).toEqual([c, a, b, d]);
  });

  it("refuses duplicates and any list that is not exactly the realm's linkifiers", async () => {
    const me = await freshAdmin();
    const [a, b] = [await checkAddLinkifier(pool, me, issue(1)), await checkAddLinkifier(pool, me, issue(2))];
    const theirs = await checkAddLinkifier(pool, outsider, issue(12));
    await expect(checkReorderLinkifiers(pool, me, [a, b, a])).rejects.toMatchObject({ message: 'The ordered list must not contain duplicated linkifiers' });
    for (const wrong of [[a], [], [a, b, theirs], [a, theirs], [b, a, 2 ** 31 - 1]]) {
      await expect(checkReorderLinkifiers(pool, me, wrong)).rejects.toMatchObject({ code: 'BAD_REQUEST', message: 'The ordered list must enumerate all existing linkifiers exactly once' });
    }
    expect(await ids(me)).toEqual([a, b]);
  });

  it('accepts an empty list for a realm without linkifiers, silently', async () => {
    const me = await freshAdmin();
    const mark = await outboxMark();
    await checkReorderLinkifiers(pool, me, []);
    expect(await clientEventsSince(mark, me.realm_id)).toEqual([]);
  });

  it('refuses non-administrators', async () => {
    for (const [role, caller] of refused) {
      expect([role, await checkReorderLinkifiers(pool, caller, []).catch((e) => e.message)]).toEqual([role, 'Must be an organization administrator']);
    }
  });

  it('parses ordered_linkifier_ids as a JSON list of integers', () => {
    expect(parseLinkifierIds('[3, 1, 2]')).toEqual([3, 1, 2]);
    expect(() => parseLinkifierIds('{"a": 1}')).toThrow('ordered_linkifier_ids is not a list');
    expect(() => parseLinkifierIds('[1, "2"]')).toThrow('ordered_linkifier_ids[1] is not an integer');
    expect(() => parseLinkifierIds('[1,')).toThrow('Argument "ordered_linkifier_ids" is not valid JSON.');
  });
});

describe('linkifierState', () => {
  it('gives the list only to clients with linkifier_url_template, and the legacy realm_filters empty', async () => {
    const me = await freshAdmin();
    const id = await checkAddLinkifier(pool, me, issue(1));
    expect(await linkifierState(pool, me.realm_id, { fetchEventTypes: null, linkifierUrlTemplate: true })).toEqual({ realm_linkifiers: [{ id, ...issue(1) }], realm_filters: [] });
    expect(await linkifierState(pool, me.realm_id, { fetchEventTypes: ['realm_linkifiers'], linkifierUrlTemplate: false })).toEqual({ realm_linkifiers: [] });
    expect(await linkifierState(pool, me.realm_id, { fetchEventTypes: ['realm_filters'], linkifierUrlTemplate: true })).toEqual({ realm_filters: [] });
    expect(await linkifierState(pool, me.realm_id, { fetchEventTypes: ['realm_user'], linkifierUrlTemplate: true })).toEqual({});
  });
});

describe('linkifier RPC handlers', () => {
  it('turn requests into domain calls and return the response fields', async () => {
    const me = await freshAdmin();
    const deps = { pool, config } as UsersDeps;
    const ctx = { caller: me } as HandlerContext;
    // The reply's type is the published schema's, where `id` is optional.
    const id = (await addLinkifier(deps)(issue(1), ctx)).id!;
    const other = (await addLinkifier(deps)(issue(2), ctx)).id!;
    await expect(updateLinkifier(deps)({ filter_id: id, ...issue(3) }, ctx)).resolves.toEqual({});
    await expect(reorderLinkifiers(deps)({ ordered_linkifier_ids: JSON.stringify([other, id]) }, ctx)).resolves.toEqual({});
    await expect(getLinkifiers(deps)({}, ctx)).resolves.toEqual({
      linkifiers: [
        { id: other, ...issue(2) },
        { id, ...issue(3) },
      ],
    });
    await expect(removeLinkifier(deps)({ filter_id: other }, ctx)).resolves.toEqual({});
    await expect(getLinkifiers(deps)({}, { caller: callerOf(realm, 'guest') } as HandlerContext)).resolves.toEqual({ linkifiers: await listLinkifiers(pool, owner) });
  });
});
