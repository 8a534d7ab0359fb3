import { Role } from '@parley/common';
import { checkWebPublicAllowed, holdsRealmSetting } from './create';
import type { Peers, RealmPolicy, Viewer } from '../peers';

/**
 * Web-public channels need three things (the spec's Channel table): the server's
 * WEB_PUBLIC_STREAMS_ENABLED, the realm's enable_spectator_access, and the realm's
 * can_create_web_public_channel_group. The test server runs with the server setting on, so
 * its refusal is checked here.
 */
const OWNERS = 1;
const makePeers = (settings: Record<string, unknown>): Peers => ({ realmPolicy: async (): Promise<RealmPolicy> => ({ settings, systemGroups: { 'role:owners': OWNERS } }) }) as unknown as Peers;
const owner: Viewer = { user_id: 1, role: Role.OWNER, is_bot: false, groupIds: new Set([OWNERS]) };
const admin: Viewer = { user_id: 2, role: Role.ADMINISTRATOR, is_bot: false, groupIds: new Set() };
const open = { enable_spectator_access: true, can_create_web_public_channel_group: OWNERS };

describe('web-public channels', () => {
  it('are refused when the server setting is off, whatever the realm says', async () => {
    await expect(checkWebPublicAllowed(makePeers(open), owner, false)).rejects.toThrow('Web-public channels are not enabled.');
  });

  it('are refused when the realm does not allow spectators', async () => {
    await expect(checkWebPublicAllowed(makePeers({ ...open, enable_spectator_access: false }), owner, true)).rejects.toThrow('Web-public channels are not enabled.');
  });

  it('need can_create_web_public_channel_group', async () => {
    await expect(checkWebPublicAllowed(makePeers(open), admin, true)).rejects.toThrow('Insufficient permission');
    await expect(checkWebPublicAllowed(makePeers(open), owner, true)).resolves.toBeUndefined();
  });

  it('read anonymous group settings too', async () => {
    const peers = makePeers({ ...open, can_create_web_public_channel_group: { direct_members: [2], direct_subgroups: [] } });
    expect(await holdsRealmSetting(peers, admin, 'can_create_web_public_channel_group')).toBe(true);
    expect(await holdsRealmSetting(peers, owner, 'can_create_web_public_channel_group')).toBe(false);
  });
});
