import { closeFixtures, createTestRealm, TestRealm } from './support/fixtures';
import { eventsOf } from './support/queues';

/**
 * Code playgrounds (feature level 49): administrators add and remove them with Zulip's checks
 * and refusals; realm_playgrounds events to the realm; register state.
 */
let realm: TestRealm;
type Json = Record<string, any>;
beforeAll(async () => {
  realm = await createTestRealm('Playgrounds realm');
});
afterAll(closeFixtures);

const state = async () => (await realm.member.api.post('/register', { fetch_event_types: ['realm_playgrounds'] })).body.realm_playgrounds as Json[];
let n = 0;
const fresh = () => ({ name: `Rust play ${++n}`, pygments_language: 'rust', url_template: 'https://play.example/?code={code}' });

describe('code playgrounds', () => {
  it('lets an administrator add and remove one; the realm hears the whole list', async () => {
    const queue = (await realm.member.api.post('/register', { event_types: ['realm_playgrounds'] })).body.queue_id as string;
    const added = await realm.admin.api.post('/realm/playgrounds', { name: '  Rust playground ', pygments_language: ' rust ', url_template: ' https://play.rust-lang.org/?code={code} ' });
    expect(added.status).toBe(200);
    const id = added.body.id as number;
    const entry = { id, name: 'Rust playground', pygments_language: 'rust', url_template: 'https://play.rust-lang.org/?code={code}' };
    expect(await state()).toContainEqual(entry);
    expect((await realm.owner.api.delete(`/realm/playgrounds/${id}`)).status).toBe(200);
    expect((await state()).some((p) => p.id === id)).toBe(false);
    const events = await eventsOf(realm.member, queue, 2);
    expect(events.map((e) => e.type)).toEqual(['realm_playgrounds', 'realm_playgrounds']);
    expect(events[0].realm_playgrounds).toContainEqual(entry);
    expect(events[1].realm_playgrounds.some((p: Json) => p.id === id)).toBe(false);
  });

  it.each(['moderator', 'member', 'guest', 'bot'] as const)('refuses the %s: "Must be an organization administrator"', async (role) => {
    const res = await realm[role].api.post('/realm/playgrounds', fresh());
    expect([res.status, res.body.code, res.body.msg]).toEqual([400, 'BAD_REQUEST', 'Must be an organization administrator']);
    const id = (await realm.admin.api.post('/realm/playgrounds', fresh())).body.id as number;
    const del = await realm[role].api.delete(`/realm/playgrounds/${id}`);
    expect([del.status, del.body.msg]).toEqual([400, 'Must be an organization administrator']);
    expect((await state()).some((p) => p.id === id)).toBe(true);
  });

  // Zulip's own example sends "Python"; its rule is [ a-zA-Z0-9_+-./#], where +-. is a range
  // (so a comma passes too). The language is kept as sent, trimmed.
  it.each(['owner', 'admin'] as const)("lets the %s use any case and every character of Zulip's rule", async (role) => {
    for (const language of ['Python', 'C++', 'F#', 'Objective-C', 'Visual Basic .NET', 'a,b_c/d.e+f']) {
      const res = await realm[role].api.post('/realm/playgrounds', { ...fresh(), pygments_language: ` ${language} ` });
      expect([language, res.status, res.body.msg]).toEqual([language, 200, '']);
      expect((await state()).find((p) => p.id === res.body.id)).toMatchObject({ pygments_language: language });
    }
  });

  it('refuses what Zulip refuses, with its messages', async () => {
    const cases: [Record<string, string>, string][] = [
      [{ pygments_language: 'x'.repeat(41) }, 'pygments_language is too long (limit: 40 characters)'],
      [{ pygments_language: 'py!' }, 'Invalid characters in pygments language'],
      [{ pygments_language: 'Py(thon)' }, 'Invalid characters in pygments language'],
      [{ pygments_language: 'py\tthon' }, 'Invalid characters in pygments language'],
      [{ pygments_language: '  ' }, 'This field cannot be blank.'],
      [{ name: ' ' }, 'This field cannot be blank.'],
      [{ url_template: '' }, 'This field cannot be blank.'],
      [{ url_template: 'https://x.example/{code' }, 'Invalid URL template.'],
      [{ url_template: 'https://x.example/?q={query}' }, 'Missing the required variable "code" in the URL template'],
      [{ url_template: 'https://x.example/{lang}?q={code}' }, '"code" should be the only variable present in the URL template'],
    ];
    for (const [change, msg] of cases) {
      const res = await realm.admin.api.post('/realm/playgrounds', { ...fresh(), ...change });
      expect([res.status, res.body.code, res.body.msg]).toEqual([400, 'BAD_REQUEST', msg]);
    }
    const p = fresh();
    expect((await realm.admin.api.post('/realm/playgrounds', p)).status).toBe(200);
    const again = await realm.admin.api.post('/realm/playgrounds', p);
    expect([again.status, again.body.msg]).toEqual([400, 'Realm playground with this Realm, Pygments language and Name already exists.']);
    // The same name for another language is another playground.
    expect((await realm.admin.api.post('/realm/playgrounds', { ...p, pygments_language: 'c++' })).status).toBe(200);
  });

  it('says "Invalid playground" for an unknown one and for another realm\'s', async () => {
    const other = await createTestRealm('Other playgrounds realm');
    const theirs = (await other.admin.api.post('/realm/playgrounds', fresh())).body.id as number;
    for (const id of [theirs, 999999]) {
      const res = await realm.admin.api.delete(`/realm/playgrounds/${id}`);
      expect([res.status, res.body.code, res.body.msg]).toEqual([400, 'BAD_REQUEST', 'Invalid playground']);
    }
    const still = (await other.member.api.post('/register', { fetch_event_types: ['realm_playgrounds'] })).body.realm_playgrounds as Json[];
    expect(still.map((p) => p.id)).toEqual([theirs]);
  });
});
