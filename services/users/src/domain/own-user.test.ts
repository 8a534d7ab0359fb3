import { clientEventSubject } from '@parley/common';
import { announcingBus } from '@parley/common/testing';
import { ownUserAnswers, listenForOwnUserChanges } from './own-user';

/** Both kept answers listening on a test bus; each fetch answers a new value, to tell fetches apart. */
async function setup() {
  const kept = ownUserAnswers();
  const bus = announcingBus();
  const stop = await listenForOwnUserChanges(kept, bus.bus);
  let profiles = 0;
  const profile = (realmId: number, userId: number) => kept.profiles.get(realmId, String(userId), async () => `{"v":${++profiles}}`);
  /** The maximum fetched for a user is 100 × (fetches so far). */
  let fetches = 0;
  const max = (realmId: number, userId: number) => kept.maxMessageIds.get(realmId, String(userId), async () => 100 * ++fetches);
  const messages = (realmId: number, audience: number[] | 'realm', event: Record<string, unknown>) => bus.announce(clientEventSubject('messages'), { realm_id: realmId, audience, event });
  return { kept, bus, stop, profile, max, messages };
}

describe('what GET /users/me keeps', () => {
  it("raises the recipients' kept maximum on a new message, and no one else's", async () => {
    const { max, messages, stop } = await setup();
    expect([await max(1, 2), await max(1, 3), await max(2, 2)]).toEqual([100, 200, 300]);
    await messages(1, [2, 4], { type: 'message', message: { id: 150 }, flags: [] });
    expect([await max(1, 2), await max(1, 3), await max(2, 2)]).toEqual([150, 200, 300]);
    // An older message (one a late event names) never lowers it.
    await messages(1, [2], { type: 'message', message: { id: 120 }, flags: [] });
    expect(await max(1, 2)).toBe(150);
    // User 4 had nothing kept: it is fetched, not made up from the event.
    expect(await max(1, 4)).toBe(400);
    await stop();
  });

  it.each([
    ['a deletion', { type: 'delete_message', message_ids: [150], message_type: 'private' }],
    ['a move', { type: 'update_message', message_id: 150, message_ids: [150] }],
    ['new flags (a historical copy)', { type: 'update_message_flags', op: 'add', flag: 'starred', messages: [170], all: false }],
    ['an event type added later', { type: 'some_future_event' }],
  ])("drops its audience's maxima on %s", async (_name, event) => {
    const { max, messages, stop } = await setup();
    await max(1, 2);
    await max(1, 3);
    await messages(1, [2], event);
    expect(await max(1, 2)).toBe(300);
    expect(await max(1, 3)).toBe(200);
    await stop();
  });

  it("drops the realm's maxima on an event to the whole realm, and keeps them on those that change no one's messages", async () => {
    const { max, messages, stop } = await setup();
    await max(1, 2);
    for (const type of ['typing', 'drafts', 'saved_snippets', 'scheduled_messages']) await messages(1, [2], { type, op: 'add' });
    expect(await max(1, 2)).toBe(100);
    await messages(1, 'realm', { type: 'some_future_event' });
    expect(await max(1, 2)).toBe(200);
    await stop();
  });

  it("drops the realm's profiles on the users service's events, except presence and statuses", async () => {
    const { kept, profile, bus, stop } = await setup();
    expect(await profile(1, 2)).toBe('{"v":1}');
    await profile(2, 2);
    for (const type of ['presence', 'user_status']) {
      await bus.announce(clientEventSubject('users'), { realm_id: 1, audience: 'realm', event: { type } });
    }
    expect(await profile(1, 2)).toBe('{"v":1}');
    for (const [i, event] of [
      { type: 'realm_user', op: 'update', person: { user_id: 2, full_name: 'New' } },
      { type: 'custom_profile_fields', fields: [] },
      { type: 'user_settings', op: 'update', property: 'email_address_visibility', value: 5 },
    ].entries()) {
      await bus.announce(clientEventSubject('users'), { realm_id: 1, audience: [2], event });
      expect(await profile(1, 2)).toBe(`{"v":${i + 3}}`);
    }
    await bus.announce('users.auth.invalidate', { realm_id: 1, user_id: 2 });
    expect(await profile(1, 2)).toBe('{"v":6}');
    // The other realm's was kept throughout.
    expect(await profile(2, 2)).toBe('{"v":2}');
    expect(kept.profiles.count).toBe(2);
    await stop();
  });
});
