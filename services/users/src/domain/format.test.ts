import { createHash } from 'node:crypto';
import { Role } from '@parley/common';
import type { UserRow } from '../store/users';
import { apiEmail, avatarUrl, canSeeDeliveryEmail, clientComputesAvatar, EmailVisibility, formatUser } from './format';

const user = (over: Partial<UserRow> = {}): UserRow => ({
  id: 12,
  realm_id: 1,
  delivery_email: 'Real@Example.test',
  full_name: 'Real Person',
  role: Role.MEMBER,
  is_active: true,
  is_bot: false,
  bot_type: null,
  bot_owner_id: null,
  is_system_bot: false,
  date_joined: new Date('2026-01-02T03:04:05Z'),
  password_hash: null,
  api_key_sealed: 'x',
  session_epoch: 0,
  session_kept_key: null,
  timezone: 'Europe/Paris',
  avatar_source: 'G',
  avatar_version: 3,
  email_address_visibility: EmailVisibility.EVERYONE,
  can_create_users: false,
  settings: {},
  ...over,
});
const viewer = (role: number, user_id = 99) => ({ user_id, role });
const SECRET = 'a-test-secret-of-at-least-thirty-two-characters';
const gravatar = { enableGravatar: true, secret: SECRET };
const parleyDefaults = { enableGravatar: false, secret: SECRET };
const opts = { fakeEmailDomain: 'chat.example.test', avatars: gravatar, clientGravatar: false, includeProfileFields: false };

describe('apiEmail', () => {
  it('is the real email only when everyone may see it', () => {
    expect(apiEmail(user(), 'd.test')).toBe('Real@Example.test');
    for (const v of [EmailVisibility.MEMBERS, EmailVisibility.ADMINS, EmailVisibility.NOBODY, EmailVisibility.MODERATORS]) {
      expect(apiEmail(user({ email_address_visibility: v }), 'd.test')).toBe('user12@d.test');
    }
  });
});

describe('canSeeDeliveryEmail', () => {
  const table: [number, Record<number, boolean>][] = [
    [EmailVisibility.EVERYONE, { 100: true, 200: true, 300: true, 400: true, 600: true }],
    [EmailVisibility.MEMBERS, { 100: true, 200: true, 300: true, 400: true, 600: false }],
    [EmailVisibility.MODERATORS, { 100: true, 200: true, 300: true, 400: false, 600: false }],
    [EmailVisibility.ADMINS, { 100: true, 200: true, 300: false, 400: false, 600: false }],
    [EmailVisibility.NOBODY, { 100: false, 200: false, 300: false, 400: false, 600: false }],
  ];
  it.each(table)('visibility %i: per viewer role', (visibility, byRole) => {
    for (const [role, expected] of Object.entries(byRole)) {
      expect([role, canSeeDeliveryEmail(user({ email_address_visibility: visibility }), viewer(Number(role)))]).toEqual([role, expected]);
    }
  });
  it('always lets users see their own email', () => {
    expect(canSeeDeliveryEmail(user({ email_address_visibility: EmailVisibility.NOBODY }), viewer(Role.GUEST, 12))).toBe(true);
  });
});

describe('formatUser', () => {
  it('gives a hidden email as null delivery_email and the placeholder as email', () => {
    const u = formatUser(user({ email_address_visibility: EmailVisibility.ADMINS }), viewer(Role.MEMBER), opts);
    expect(u).toMatchObject({ email: 'user12@chat.example.test', delivery_email: null });
    const admin = formatUser(user({ email_address_visibility: EmailVisibility.ADMINS }), viewer(Role.ADMINISTRATOR), opts);
    expect(admin).toMatchObject({ email: 'user12@chat.example.test', delivery_email: 'Real@Example.test' });
  });

  it('derives the role flags', () => {
    const flags = (role: number) => {
      const u = formatUser(user({ role }), viewer(Role.MEMBER), opts);
      return [u.is_owner, u.is_admin, u.is_guest];
    };
    expect(flags(Role.OWNER)).toEqual([true, true, false]);
    expect(flags(Role.ADMINISTRATOR)).toEqual([false, true, false]);
    expect(flags(Role.MODERATOR)).toEqual([false, false, false]);
    expect(flags(Role.GUEST)).toEqual([false, false, true]);
  });

  it('sends avatar_url null under client_gravatar only when the client can compute it (ENABLE_GRAVATAR on)', () => {
    expect(formatUser(user(), viewer(Role.MEMBER), { ...opts, clientGravatar: true }).avatar_url).toBeNull();
    const hidden = formatUser(user({ email_address_visibility: EmailVisibility.ADMINS }), viewer(Role.MEMBER), { ...opts, clientGravatar: true });
    expect(hidden.avatar_url).toMatch(/^https:\/\/secure\.gravatar\.com\/avatar\/[0-9a-f]{32}\?d=identicon&version=3$/);
    // The hash is of the lower-cased email, as Gravatar defines it.
    const a = formatUser(user(), viewer(Role.MEMBER), opts).avatar_url;
    const b = formatUser(user({ delivery_email: 'real@example.test' }), viewer(Role.MEMBER), opts).avatar_url;
    expect(a).toBe(b);
  });

  it('never sends avatar_url null with ENABLE_GRAVATAR off: Parley draws the default, no client computes it', () => {
    for (const visibility of [EmailVisibility.EVERYONE, EmailVisibility.ADMINS]) {
      const u = formatUser(user({ email_address_visibility: visibility }), viewer(Role.MEMBER), { ...opts, avatars: parleyDefaults, clientGravatar: true });
      expect(u.avatar_url).toMatch(/^\/user_avatars\/default\/[0-9a-f]{32}\.png\?version=3$/);
    }
    expect(clientComputesAvatar(user(), parleyDefaults)).toBe(false);
    expect(clientComputesAvatar(user(), gravatar)).toBe(true);
    // An uploaded avatar is never the client's to compute.
    expect(clientComputesAvatar(user({ avatar_source: 'U' }), gravatar)).toBe(false);
    expect(formatUser(user({ avatar_source: 'U' }), viewer(Role.MEMBER), { ...opts, clientGravatar: true }).avatar_url).toMatch(/^\/user_avatars\/1\/avatars\/[0-9a-f]{40}\.png\?version=3$/);
  });

  it('adds profile_data for people when asked, never for bots', () => {
    expect(formatUser(user(), viewer(Role.MEMBER), { ...opts, includeProfileFields: true }).profile_data).toEqual({});
    expect(formatUser(user(), viewer(Role.MEMBER), opts)).not.toHaveProperty('profile_data');
    const bot = formatUser(user({ is_bot: true, bot_type: 1, bot_owner_id: 3 }), viewer(Role.MEMBER), { ...opts, includeProfileFields: true });
    expect(bot).not.toHaveProperty('profile_data');
    expect(bot).toMatchObject({ is_bot: true, bot_type: 1, bot_owner_id: 3 });
  });

  it('writes date_joined as ISO 8601', () => {
    expect(formatUser(user(), viewer(Role.MEMBER), opts).date_joined).toBe('2026-01-02T03:04:05.000Z');
  });
});

describe('avatarUrl', () => {
  it('is Gravatar with ENABLE_GRAVATAR on, medium at s=500', () => {
    const md5 = createHash('md5').update('real@example.test').digest('hex');
    // The hash is of the trimmed, lower-cased email, as Gravatar defines it.
    expect(avatarUrl(user(), ' Real@Example.test ', gravatar)).toBe(`https://secure.gravatar.com/avatar/${md5}?d=identicon&version=3`);
    expect(avatarUrl(user(), 'real@example.test', gravatar, true)).toBe(`https://secure.gravatar.com/avatar/${md5}?d=identicon&s=500&version=3`);
  });

  it("is Parley's default with it off: one per user and realm, whatever the email, medium as -medium.png", () => {
    const url = avatarUrl(user(), 'real@example.test', parleyDefaults);
    expect(url).toMatch(/^\/user_avatars\/default\/[0-9a-f]{32}\.png\?version=3$/);
    expect(avatarUrl(user(), 'other@example.test', parleyDefaults)).toBe(url);
    expect(avatarUrl(user(), 'x', parleyDefaults, true)).toBe(url.replace('.png?', '-medium.png?'));
    expect(avatarUrl(user({ id: 13 }), 'x', parleyDefaults)).not.toBe(url);
    expect(avatarUrl(user({ realm_id: 2 }), 'x', parleyDefaults)).not.toBe(url);
  });

  it('is the uploaded image whatever ENABLE_GRAVATAR says, named by the secret', () => {
    const uploaded = user({ avatar_source: 'U' });
    const url = avatarUrl(uploaded, 'x', parleyDefaults);
    expect(url).toMatch(/^\/user_avatars\/1\/avatars\/[0-9a-f]{40}\.png\?version=3$/);
    expect(avatarUrl(uploaded, 'x', gravatar)).toBe(url);
    expect(avatarUrl(uploaded, 'x', gravatar, true)).toBe(url.replace('.png?', '-medium.png?'));
    expect(avatarUrl(uploaded, 'x', { enableGravatar: false, secret: `${SECRET}!` })).not.toBe(url);
  });
});
