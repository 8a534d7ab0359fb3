import { closeFixtures, createTestRealm, TestRealm, TestUser } from './support/fixtures';
import { eventsOf } from './support/queues';
import { ok, refused } from './support/responses';

/**
 * Alert words: GET, POST and DELETE /users/me/alert_words for every role, Zulip's cleaning
 * (trimmed, empty ones dropped, unique without regard to case, 100 characters each) and
 * Parley's bound of 1,000 per user, register's alert_words and the alert_words events to the
 * user's own queues (zerver/views/alert_words.py, zerver/lib/alert_words.py). Every response
 * and event is checked against the reference.
 */
type Json = Record<string, any>;

let realm: TestRealm;
let roles: [string, TestUser][];

beforeAll(async () => {
  realm = await createTestRealm('Alert words realm');
  roles = [
    ['owner', realm.owner],
    ['admin', realm.admin],
    ['moderator', realm.moderator],
    ['member', realm.member],
    ['guest', realm.guest],
    ['bot', realm.bot],
  ];
});
afterAll(closeFixtures);

const words = async (user: TestUser): Promise<string[]> => ok(await user.api.get('/users/me/alert_words')).alert_words;
const add = (user: TestUser, list: unknown) => user.api.post('/users/me/alert_words', { alert_words: JSON.stringify(list) });
const remove = (user: TestUser, list: unknown) => user.api.delete('/users/me/alert_words', { alert_words: JSON.stringify(list) });
const clear = async (user: TestUser) => ok(await remove(user, await words(user)));

describe('alert words', () => {
  it('start empty, and are added, listed and removed by every role, each their own', async () => {
    for (const [name, user] of roles) {
      expect(await words(user)).toEqual([]);
      expect(ok(await add(user, [`${name} word`, 'shared'])).alert_words).toEqual([`${name} word`, 'shared']);
      expect(await words(user)).toEqual([`${name} word`, 'shared']);
    }
    for (const [name, user] of roles) {
      expect(ok(await remove(user, ['shared'])).alert_words).toEqual([`${name} word`]);
      await clear(user);
    }
  });

  it('are trimmed, empty ones dropped, and unique without regard to case (the last spelling kept)', async () => {
    const user = realm.member;
    expect(ok(await add(user, ['one ', '\n two', 'three', '   ', '', 'Two', 'ONE'])).alert_words).toEqual(['ONE', 'Two', 'three']);
    // Words already there, in any case, are not added again.
    expect(ok(await add(user, ['one', 'TWO', 'four'])).alert_words).toEqual(['ONE', 'Two', 'three', 'four']);
    // Removal ignores case, and words that are not there.
    expect(ok(await remove(user, ['one', 'THREE', 'never'])).alert_words).toEqual(['Two', 'four']);
    await clear(user);
  });

  it('keep non-ASCII and multi-word phrases', async () => {
    const user = realm.other;
    expect(ok(await add(user, ['multi-word word', '☃', 'Ünïcode'])).alert_words).toEqual(['multi-word word', '☃', 'Ünïcode']);
    expect(ok(await remove(user, ['ünïcode'])).alert_words).toEqual(['multi-word word', '☃']);
    await clear(user);
  });

  it('refuses a word over 100 characters (as sent, before trimming), and a list that is not one of strings', async () => {
    const user = realm.member;
    refused(await add(user, ['long'.repeat(26)]), 'alert_words[0] is too long (limit: 100 characters)');
    refused(await add(user, ['fine', ` ${'x'.repeat(100)}`]), 'alert_words[1] is too long (limit: 100 characters)');
    // 100 characters are fine, counted as characters (an emoji is one).
    expect(ok(await add(user, ['☃'.repeat(100)])).alert_words).toEqual(['☃'.repeat(100)]);
    refused(await add(user, 'not a list'), 'alert_words is not a list');
    refused(await add(user, [1]), 'alert_words[0] is not a string');
    refused(await remove(user, [null]), 'alert_words[0] is not a string');
    refused(await user.api.post('/users/me/alert_words', {}), "Missing 'alert_words' argument", 'REQUEST_VARIABLE_MISSING');
    refused(await user.api.post('/users/me/alert_words', { alert_words: '[' }), 'Argument "alert_words" is not valid JSON.');
    expect(await words(user)).toEqual(['☃'.repeat(100)]);
    await clear(user);
  });

  it('are at most 1,000 per user', async () => {
    const user = realm.moderator;
    const many = Array.from({ length: 1000 }, (_, i) => `word${i}`);
    expect(ok(await add(user, many)).alert_words).toHaveLength(1000);
    refused(await add(user, ['one more']), 'You may have at most 1000 alert words.');
    // Words already there do not count again.
    expect(ok(await add(user, ['WORD1'])).alert_words).toHaveLength(1000);
    await clear(user);
    refused(await add(user, [...many, 'one more']), 'You may have at most 1000 alert words.');
    expect(await words(user)).toEqual([]);
  });

  it("are in register's state (all event types, or alert_words), and alert_words events tell only the user", async () => {
    const user = realm.admin;
    ok(await add(user, ['before']));
    expect(ok(await user.api.post('/register', { fetch_event_types: ['alert_words'] })).alert_words).toEqual(['before']);
    expect(ok(await user.api.post('/register', {})).alert_words).toEqual(['before']);
    expect(ok(await user.api.post('/register', { fetch_event_types: ['realm'] })).alert_words).toBeUndefined();
    const queue = ok(await user.api.post('/register', { event_types: ['alert_words'] })).queue_id as string;
    const other = ok(await realm.member.api.post('/register', { event_types: ['alert_words'] })).queue_id as string;
    ok(await add(user, ['after']));
    ok(await remove(user, ['before']));
    // Zulip tells the user after every request, even one that changed nothing.
    ok(await remove(user, ['never']));
    const events = (await eventsOf(user, queue, 3)).filter((e: Json) => e.type === 'alert_words');
    expect(events.map(({ id: _id, ...e }: Json) => e)).toEqual([
      { type: 'alert_words', alert_words: ['before', 'after'] },
      { type: 'alert_words', alert_words: ['after'] },
      { type: 'alert_words', alert_words: ['after'] },
    ]);
    // The member's queue heard nothing of it.
    const theirs = ok(await realm.member.api.get('/events', { queue_id: other, last_event_id: -1, dont_block: true })).events as Json[];
    expect(theirs.filter((e) => e.type === 'alert_words')).toEqual([]);
    await clear(user);
  });
});
