import { announcingBus } from '../testing';
import { writeOutbox } from '../outbox';
import { subscribeTo, type BusMessageOf, type SubjectsMatching } from './subjects';

describe('subscribeTo', () => {
  it('hands each message of a pattern to the handler with its own subject and payload', async () => {
    const { bus, announce, close } = announcingBus();
    const seen: string[] = [];
    const sub = await subscribeTo(bus, {
      subject: 'users.user.*',
      handler: async (msg) => {
        // The subject tells the payload apart: no assertion of what the data holds.
        if (msg.subject === 'users.user.created') seen.push(`created ${msg.data.user_id} as ${msg.data.role}`);
        else if (msg.subject === 'users.user.muted') seen.push(`${msg.data.user_id} muted ${msg.data.muted_user_id}`);
        else seen.push(msg.subject);
      },
    });
    await announce('users.user.created', { realm_id: 1, user_id: 7, role: 400, is_bot: false });
    await announce('users.user.muted', { realm_id: 1, user_id: 7, muted_user_id: 8, muted_at: '2026-11-29T00:00:00Z' });
    await announce('users.user.active_changed', { realm_id: 1, user_id: 7, is_active: false });
    await announce('users.auth.invalidate', { realm_id: 1, user_id: null });
    expect(seen).toEqual(['created 7 as 400', '7 muted 8', 'users.user.active_changed']);
    await sub.stop();
    await close();
  });
});

describe('the subject map, at compile time', () => {
  it('types patterns, subscribers and publishers from one map', () => {
    const created: SubjectsMatching<'users.user.*'> = 'users.user.role_changed';
    const events: SubjectsMatching<'messages.client_event'> = 'messages.client_event';
    const message: BusMessageOf<'users.auth.invalidate'> = { subject: 'users.auth.invalidate', id: 'x', data: { realm_id: 1, user_id: null } };
    // @ts-expect-error a pattern no subject of the map matches types nothing
    const none: SubjectsMatching<'nobody.*'> = 'nobody.here';
    // @ts-expect-error a payload must be its subject's
    const wrong: BusMessageOf<'users.user.muted'> = { subject: 'users.user.muted', id: 'x', data: { realm_id: 1, user_id: 2 } };
    const tx = { query: jest.fn() } as never;
    // @ts-expect-error an outbox row's payload must be its subject's
    void writeOutbox(tx, 'users', 'users.user.created', { realm_id: 1, user_id: 2 }).catch(() => undefined);
    // @ts-expect-error an outbox row's subject must be in the map
    void writeOutbox(tx, 'users', 'users.user.renamed', { realm_id: 1 }).catch(() => undefined);
    expect([created, events, message.subject, none, wrong.subject]).toHaveLength(5);
  });
});
