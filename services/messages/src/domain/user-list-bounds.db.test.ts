import { Caller, fakeClients } from '@parley/common';
import { closeMessagesPool, messagesPool, scratchRealm } from '../../../../test/support/messages-db';
import { testDatabaseUrl } from '../../../../test/support/servers';
import { testServicePool } from '../../../../test/support/service-pools';
import { readMessagesConfig } from '../config';
import { Peers } from '../peers';
import { checkCreateDrafts } from './drafts';
import { checkCreateSnippet } from './snippets';
import { renderHere } from './render/renderer';

/**
 * The bounds on a user's drafts and saved snippets, with a small bound injected, on the
 * messages schema of the test run's database: a batch that would pass the bound is refused
 * whole, and concurrent creates (on connections of their own) never pass it together, since
 * each counts under the user's advisory lock. test/drafts.test.ts and
 * test/saved-snippets.test.ts check the real bound (1,000) end to end.
 */
const BOUND = 3;
const { realmId, userId } = scratchRealm();
// Eight connections, so eight creates really run at once.
const wide = testServicePool('messages', readMessagesConfig({ ...process.env, DATABASE_URL: testDatabaseUrl() }).secret, 8);

afterAll(async () => {
  await messagesPool().query('DELETE FROM drafts WHERE realm_id = $1', [realmId]);
  await messagesPool().query('DELETE FROM saved_snippets WHERE realm_id = $1', [realmId]);
  await wide.end();
  await closeMessagesPool();
});

const callerOf = (n: number) => ({ realm_id: realmId, user_id: userId(n), role: 400, is_bot: false, email: `u${n}@example.com` }) as Caller;
// Drafts ask the users service only for the caller's enable_drafts_synchronization.
const peersOf = (n: number) => new Peers({ clients: fakeClients({ users: async () => ({ users: [{ settings: '{}' }] }) }), renderer: renderHere }, { caller: callerOf(n), client: 'test', host: '' });
const drafts = (n: number) => Array.from({ length: n }, (_, i) => ({ type: '', to: [], topic: '', content: `draft ${i}` }));
const count = async (table: 'drafts' | 'saved_snippets', n: number) => (await messagesPool().query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table} WHERE user_id = $1`, [userId(n)])).rows[0].n;
const TOO_MANY_DRAFTS = { code: 'BAD_REQUEST', httpStatus: 400, message: `You may have at most ${BOUND} drafts.` };
const TOO_MANY_SNIPPETS = { code: 'BAD_REQUEST', httpStatus: 400, message: `You may have at most ${BOUND} saved snippets.` };

describe('checkCreateDrafts, bounded', () => {
  it('refuses a batch that would pass the bound whole, and takes one that fits it exactly', async () => {
    await checkCreateDrafts(wide, peersOf(1), drafts(1), new Date(), BOUND);
    await expect(checkCreateDrafts(wide, peersOf(1), drafts(3), new Date(), BOUND)).rejects.toMatchObject(TOO_MANY_DRAFTS);
    expect(await count('drafts', 1)).toBe(1);
    expect(await checkCreateDrafts(wide, peersOf(1), drafts(2), new Date(), BOUND)).toHaveLength(2);
    await expect(checkCreateDrafts(wide, peersOf(1), drafts(1), new Date(), BOUND)).rejects.toMatchObject(TOO_MANY_DRAFTS);
    expect(await count('drafts', 1)).toBe(BOUND);
    // Another user's drafts are counted apart.
    expect(await checkCreateDrafts(wide, peersOf(2), drafts(BOUND), new Date(), BOUND)).toHaveLength(BOUND);
  });

  it('lets exactly the bound through when eight creates race from nothing', async () => {
    const results = await Promise.allSettled(Array.from({ length: 8 }, () => checkCreateDrafts(wide, peersOf(3), drafts(1), new Date(), BOUND)));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(BOUND);
    for (const r of results) if (r.status === 'rejected') expect(r.reason).toMatchObject(TOO_MANY_DRAFTS);
    expect(await count('drafts', 3)).toBe(BOUND);
  });
});

describe('checkCreateSnippet, bounded', () => {
  it('refuses one past the bound', async () => {
    for (let i = 0; i < BOUND; i++) await checkCreateSnippet(wide, callerOf(4), `t${i}`, 'c', BOUND);
    await expect(checkCreateSnippet(wide, callerOf(4), 'one more', 'c', BOUND)).rejects.toMatchObject(TOO_MANY_SNIPPETS);
    expect(await count('saved_snippets', 4)).toBe(BOUND);
  });

  it('lets exactly the bound through when eight creates race from nothing', async () => {
    const results = await Promise.allSettled(Array.from({ length: 8 }, (_, i) => checkCreateSnippet(wide, callerOf(5), `t${i}`, 'c', BOUND)));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(BOUND);
    for (const r of results) if (r.status === 'rejected') expect(r.reason).toMatchObject(TOO_MANY_SNIPPETS);
    expect(await count('saved_snippets', 5)).toBe(BOUND);
  });
});
