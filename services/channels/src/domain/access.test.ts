import { Role } from '@parley/common';
import type { ChannelRow } from '../store/channels';
import { accessOf, ChannelAccess } from './access';
import type { RealmPolicy, Viewer } from '../peers';
import { initialGroupSettings } from './group-settings';

/**
 * Zulip 11's channel permissions, rule by rule, for every role. System groups nest as in a
 * realm: owners ⊂ administrators ⊂ moderators ⊂ members ⊂ everyone.
 */
const G = { owners: 1, administrators: 2, moderators: 3, fullmembers: 4, members: 5, everyone: 6, internet: 7, nobody: 8, custom: 20 };
const systemGroups = Object.fromEntries(
  Object.entries(G)
    .filter(([k]) => k !== 'custom')
    .map(([k, v]) => [`role:${k}`, v]),
);
const policy: RealmPolicy = { settings: { can_add_subscribers_group: G.members }, systemGroups };

const ROLE_GROUPS: Record<string, number[]> = {
  owner: [G.owners, G.administrators, G.moderators, G.fullmembers, G.members, G.everyone],
  admin: [G.administrators, G.moderators, G.fullmembers, G.members, G.everyone],
  moderator: [G.moderators, G.fullmembers, G.members, G.everyone],
  member: [G.fullmembers, G.members, G.everyone],
  guest: [G.everyone],
  bot: [G.fullmembers, G.members, G.everyone],
};
const ROLES: Record<string, number> = { owner: Role.OWNER, admin: Role.ADMINISTRATOR, moderator: Role.MODERATOR, member: Role.MEMBER, guest: Role.GUEST, bot: Role.MEMBER };
const CREATOR = 99;

function viewer(name: string, extraGroups: number[] = [], userId = 10): Viewer {
  return { user_id: userId, role: ROLES[name], is_bot: name === 'bot', groupIds: new Set([...ROLE_GROUPS[name], ...extraGroups]) };
}

function channel(overrides: Partial<ChannelRow> = {}, settings: Record<string, unknown> = {}): ChannelRow {
  return {
    id: 1,
    realm_id: 1,
    name: 'c',
    description: '',
    rendered_description: '',
    creator_id: CREATOR,
    date_created: new Date(0),
    invite_only: false,
    is_web_public: false,
    history_public_to_subscribers: true,
    message_retention_days: null,
    topics_policy: 'inherit',
    folder_id: null,
    is_archived: false,
    is_default: false,
    group_settings: { ...initialGroupSettings({}, systemGroups, CREATOR), ...settings },
    ...overrides,
  };
}

const pick = (a: ChannelAccess, keys: (keyof ChannelAccess)[]) => Object.fromEntries(keys.map((k) => [k, a[k]]));
const ALL_ROLES = ['owner', 'admin', 'moderator', 'member', 'guest', 'bot'];

describe('public channel, not subscribed', () => {
  it.each(ALL_ROLES)('%s', (role) => {
    const a = accessOf(channel(), viewer(role), false, policy);
    const guest = role === 'guest';
    const admin = role === 'owner' || role === 'admin';
    expect(pick(a, ['metadata', 'content', 'post', 'subscribeSelf', 'addSubscribers', 'administer', 'removeSubscribers'])).toEqual({
      metadata: !guest || admin,
      content: !guest,
      post: !guest,
      subscribeSelf: !guest,
      // The realm's can_add_subscribers_group (role:members here) or administering the channel.
      addSubscribers: !guest,
      administer: admin,
      removeSubscribers: admin,
    });
  });

  it('lets guests see and post in a web-public channel, but not join it by themselves', () => {
    const a = accessOf(channel({ is_web_public: true }), viewer('guest'), false, policy);
    expect(pick(a, ['metadata', 'content', 'post', 'subscribeSelf'])).toEqual({ metadata: true, content: true, post: true, subscribeSelf: false });
  });

  it('gives subscribed guests the channel they are in', () => {
    expect(pick(accessOf(channel(), viewer('guest'), true, policy), ['metadata', 'content', 'post'])).toEqual({ metadata: true, content: true, post: true });
  });

  it('lets channel administrators add subscribers whatever the realm setting', () => {
    const strict: RealmPolicy = { ...policy, settings: { can_add_subscribers_group: G.administrators } };
    expect(accessOf(channel(), viewer('member'), false, strict).addSubscribers).toBe(false);
    expect(accessOf(channel({}, { can_add_subscribers_group: G.custom }), viewer('member', [G.custom]), false, strict).addSubscribers).toBe(true);
    expect(accessOf(channel({}, { can_administer_channel_group: { direct_members: [10], direct_subgroups: [] } }), viewer('member'), false, strict).addSubscribers).toBe(true);
    expect(accessOf(channel(), viewer('admin'), false, strict).addSubscribers).toBe(true);
  });
});

describe('private channel', () => {
  const priv = (settings: Record<string, unknown> = {}, o: Partial<ChannelRow> = {}) => channel({ invite_only: true, history_public_to_subscribers: false, ...o }, settings);

  it.each(ALL_ROLES)('%s, not subscribed: administrators see it and administer it, nobody reads it', (role) => {
    const admin = role === 'owner' || role === 'admin';
    const a = accessOf(priv(), viewer(role), false, policy);
    expect(pick(a, ['metadata', 'content', 'post', 'subscribeSelf', 'addSubscribers', 'administer', 'removeSubscribers'])).toEqual({
      metadata: admin,
      content: false,
      post: false,
      subscribeSelf: false,
      addSubscribers: false,
      administer: admin,
      removeSubscribers: admin,
    });
  });

  it.each(ALL_ROLES)('%s, subscribed: reads and posts; administrators add subscribers', (role) => {
    const admin = role === 'owner' || role === 'admin';
    const a = accessOf(priv(), viewer(role), true, policy);
    expect(pick(a, ['metadata', 'content', 'post', 'addSubscribers', 'historyVisible'])).toEqual({
      metadata: true,
      content: true,
      post: true,
      addSubscribers: admin,
      historyVisible: false,
    });
  });

  it('lets can_add_subscribers_group add subscribers without being subscribed', () => {
    const a = accessOf(priv({ can_add_subscribers_group: G.custom }), viewer('member', [G.custom]), false, policy);
    expect(pick(a, ['metadata', 'content', 'addSubscribers', 'subscribeSelf', 'post'])).toEqual({
      metadata: true,
      content: true,
      addSubscribers: true,
      subscribeSelf: true,
      post: false,
    });
  });

  it('lets can_subscribe_group join, without adding others', () => {
    const a = accessOf(priv({ can_subscribe_group: { direct_members: [10], direct_subgroups: [] } }), viewer('member'), false, policy);
    expect(pick(a, ['metadata', 'content', 'subscribeSelf', 'addSubscribers'])).toEqual({ metadata: true, content: true, subscribeSelf: true, addSubscribers: false });
  });

  it('shows a channel administrator who is not subscribed its metadata only', () => {
    const a = accessOf(priv({ can_administer_channel_group: G.custom }), viewer('member', [G.custom]), false, policy);
    expect(pick(a, ['metadata', 'content', 'administer', 'addSubscribers', 'removeSubscribers'])).toEqual({
      metadata: true,
      content: false,
      administer: true,
      addSubscribers: false,
      removeSubscribers: true,
    });
  });

  it('shows history to new subscribers when history_public_to_subscribers', () => {
    expect(accessOf(priv({}, { history_public_to_subscribers: true }), viewer('member'), true, policy).historyVisible).toBe(true);
  });
});

describe('posting and archived channels', () => {
  it('follows can_send_message_group', () => {
    const c = channel({}, { can_send_message_group: G.moderators });
    expect(accessOf(c, viewer('member'), true, policy).post).toBe(false);
    expect(accessOf(c, viewer('moderator'), true, policy).post).toBe(true);
    expect(accessOf(c, viewer('owner'), true, policy).post).toBe(true);
  });

  it('refuses posting in an archived channel but still lets users join and leave it (feature level 362)', () => {
    const a = accessOf(channel({ is_archived: true }), viewer('member'), true, policy);
    expect(pick(a, ['post', 'content', 'subscribeSelf'])).toEqual({ post: false, content: true, subscribeSelf: true });
  });

  it('lets can_remove_subscribers_group members unsubscribe others', () => {
    const c = channel({}, { can_remove_subscribers_group: G.custom });
    expect(accessOf(c, viewer('member', [G.custom]), false, policy).removeSubscribers).toBe(true);
    expect(accessOf(c, viewer('moderator'), false, policy).removeSubscribers).toBe(false);
  });
});
