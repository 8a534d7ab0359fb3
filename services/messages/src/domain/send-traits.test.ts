import { clientEventSubject, fakeClients } from '@parley/common';
import { announcingBus } from '@parley/common/testing';
import { Peers } from '../peers';
import { peerCache, listenForChanges } from './peer-cache';
import { renderHere } from './render/renderer';

/** Peers whose users service answers GetRecipientTraits (and GetPermissionContext) from `traits`. */
async function setup(withKept = true) {
  const cache = peerCache();
  const bus = announcingBus();
  const stop = await listenForChanges(cache, bus.bus);
  const traits = new Map<number, { alert_words: string[]; muted_user_ids: number[] }>([
    [2, { alert_words: ['apple'], muted_user_ids: [] }],
    [3, { alert_words: ['Pear'], muted_user_ids: [7] }],
    [4, { alert_words: [], muted_user_ids: [7, 8] }],
  ]);
  const users = jest.fn(async (method: string, request: unknown) => {
    if (method === 'GetRecipientTraits') {
      const ids = (request as { user_ids: number[] }).user_ids.map(Number);
      return { users: ids.filter((id) => traits.has(id)).map((id) => ({ user_id: id, ...traits.get(id)! })) };
    }
    if (method === 'GetPermissionContext') {
      return { policy: { settings: '{}', system_groups: {}, string_id: 'zulip' }, memberships: [], users: [], linkifiers: '[]' };
    }
    throw new Error(`unexpected users.${method}`);
  });
  const clients = fakeClients({ users });
  const caller = { realm_id: 1, user_id: 2, role: 400, is_bot: false, email: 'u2@example.com' };
  const makePeers = () => new Peers({ clients, renderer: renderHere }, { caller, client: 'test', host: '' }, withKept ? cache : undefined);
  const asked = () => users.mock.calls.filter((c) => c[0] === 'GetRecipientTraits').map((c) => (c[1] as { user_ids: number[] }).user_ids);
  return { bus, stop, traits, users, makePeers, asked };
}

describe('Peers.sendTraits', () => {
  it('finds whose alert words a content holds and who muted the sender, asking once for the recipients it lacks', async () => {
    const { makePeers, asked, stop } = await setup();
    const first = await makePeers().sendTraits([2, 3, 4, 5]);
    expect([...first.matcher!.usersIn('An APPLE and a pear.')].sort()).toEqual([2, 3]);
    expect(first.muters(7).sort()).toEqual([3, 4]);
    expect(first.muters(8)).toEqual([4]);
    expect(first.muters(2)).toEqual([]);
    const second = await makePeers().sendTraits([3, 4, 6]);
    expect([...second.matcher!.usersIn('pear apple')]).toEqual([3]);
    expect(asked()).toEqual([[2, 3, 4, 5], [6]]);
    // The same recipients with words share one automaton.
    expect((await makePeers().sendTraits([2, 3, 4, 5])).matcher).toBe(first.matcher);
    // No one with words: no automaton.
    expect((await makePeers().sendTraits([4, 5])).matcher).toBeUndefined();
    await stop();
  });

  it('asks again after an alert_words or muted_users event of the realm, and keeps permission contexts then', async () => {
    const { bus, makePeers, asked, traits, users, stop } = await setup();
    await makePeers().sender();
    await makePeers().sendTraits([2, 3]);
    traits.set(2, { alert_words: ['plum'], muted_user_ids: [9] });
    await bus.announce(clientEventSubject('users'), { realm_id: 1, audience: [2], event: { type: 'alert_words', alert_words: ['plum'] } });
    const after = await makePeers().sendTraits([2, 3]);
    expect([...after.matcher!.usersIn('apple plum')]).toEqual([2]);
    await bus.announce(clientEventSubject('users'), { realm_id: 1, audience: [2], event: { type: 'muted_users', muted_users: [] } });
    expect((await makePeers().sendTraits([2, 3])).muters(9)).toEqual([2]);
    // Another realm's events change nothing here.
    await bus.announce(clientEventSubject('users'), { realm_id: 5, audience: [2], event: { type: 'alert_words', alert_words: [] } });
    await makePeers().sendTraits([2, 3]);
    expect(asked()).toEqual([
      [2, 3],
      [2, 3],
      [2, 3],
    ]);
    // Alert words and mutes change no permission context: the caller's is still kept.
    await makePeers().sender();
    expect(users.mock.calls.filter((c) => c[0] === 'GetPermissionContext')).toHaveLength(1);
    await stop();
  });

  it('asks every time without kept answers (background sends)', async () => {
    const { makePeers, asked, stop } = await setup(false);
    await makePeers().sendTraits([2]);
    await makePeers().sendTraits([2]);
    expect(asked()).toEqual([[2], [2]]);
    await stop();
  });
});
