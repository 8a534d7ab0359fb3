import { createHash } from 'node:crypto';
import { defaultAvatarPath, Role, uploadedAvatarPath } from '@parley/common';
import type { UsersConfig } from '../config';
import type { ListedUserRow } from '../store/users';

/** email_address_visibility values (Zulip's). */
export const EmailVisibility = { EVERYONE: 1, MEMBERS: 2, ADMINS: 3, NOBODY: 4, MODERATORS: 5 } as const;

/** A user as GET /users and /users/{id} return it (the reference's User schema). */
export interface ApiUser {
  user_id: number;
  email: string;
  delivery_email: string | null;
  full_name: string;
  date_joined: string;
  is_active: boolean;
  is_owner: boolean;
  is_admin: boolean;
  is_guest: boolean;
  is_bot: boolean;
  bot_type: number | null;
  bot_owner_id: number | null;
  /** Zulip's role values: owner 100, administrator 200, moderator 300, member 400, guest 600. */
  role: 100 | 200 | 300 | 400 | 600;
  timezone: string;
  avatar_url: string | null;
  avatar_version: number;
  profile_data?: Record<string, { value: string; rendered_value?: string }>;
}

/** What avatar URLs depend on: Gravatar or Parley's own defaults, and the secret naming uploaded ones. */
export type AvatarConfig = Pick<UsersConfig, 'enableGravatar' | 'secret'>;

export interface FormatOptions {
  fakeEmailDomain: string;
  avatars: AvatarConfig;
  /** The client computes Gravatar URLs itself: send null where it can. */
  clientGravatar: boolean;
  includeProfileFields: boolean;
}

/** The API email: the real one only where the user lets everyone see it. */
export function apiEmail(u: Pick<ListedUserRow, 'id' | 'delivery_email' | 'email_address_visibility'>, fakeEmailDomain: string): string {
  return u.email_address_visibility === EmailVisibility.EVERYONE ? u.delivery_email : `user${u.id}@${fakeEmailDomain}`;
}

/** Whether `viewer` may see `target`'s real email, per the target's email_address_visibility. */
export function canSeeDeliveryEmail(target: ListedUserRow, viewer: { user_id: number; role: number }): boolean {
  return viewer.user_id === target.id || roleSeesEmail(target.email_address_visibility, viewer.role);
}

/** Whether a role sees the real emails of users with this email_address_visibility (Zulip's ROLE_TO_ACCESSIBLE_EMAIL_ADDRESS_VISIBILITY_IDS). */
export function roleSeesEmail(visibility: number, role: number): boolean {
  switch (visibility) {
    case EmailVisibility.EVERYONE:
      return true;
    case EmailVisibility.MEMBERS:
      return role <= Role.MEMBER;
    case EmailVisibility.MODERATORS:
      return role <= Role.MODERATOR;
    case EmailVisibility.ADMINS:
      return role <= Role.ADMINISTRATOR;
    default:
      return false;
  }
}

/** The user ID a `user{id}@<FAKE_EMAIL_DOMAIN>` stand-in names (the domain in any case), else undefined. */
export function standInUserId(email: string, fakeEmailDomain: string): number | undefined {
  const m = /^user([0-9]{1,10})@(.+)$/.exec(email);
  if (!m || m[2].toLowerCase() !== fakeEmailDomain.toLowerCase()) return undefined;
  const id = Number(m[1]);
  return id <= 2 ** 31 - 1 ? id : undefined;
}

/** Zulip's avatar_source values: Gravatar (or, without it, the default avatar) and uploaded. */
export const AvatarSource = { GRAVATAR: 'G', UPLOADED: 'U' } as const;

type AvatarRow = Pick<ListedUserRow, 'id' | 'realm_id' | 'avatar_source' | 'avatar_version'>;

/**
 * A user's avatar URL with its version, as Zulip's avatar_url without client_gravatar: the
 * uploaded image, else Gravatar's for `email` when ENABLE_GRAVATAR is on, else Parley's
 * generated default (Zulip's DEFAULT_AVATAR_URI, one image per user here). Realm-relative
 * like Zulip's local avatars; clients resolve it against the realm's URL.
 */
export function avatarUrl(u: AvatarRow, email: string, avatars: AvatarConfig, medium = false): string {
  if (u.avatar_source === AvatarSource.UPLOADED) return `${uploadedAvatarPath(avatars.secret, u.realm_id, u.id, medium)}?version=${u.avatar_version}`;
  if (avatars.enableGravatar) return gravatarUrl(email, u.avatar_version, medium);
  return `${defaultAvatarPath(u.realm_id, `user:${u.id}`, medium)}?version=${u.avatar_version}`;
}

/**
 * Whether a client_gravatar client computes this user's avatar itself (avatar_url null), as
 * Zulip: only a Gravatar, so never with ENABLE_GRAVATAR off, and only from an email everyone sees.
 */
export function clientComputesAvatar(u: Pick<ListedUserRow, 'avatar_source' | 'email_address_visibility'>, avatars: AvatarConfig): boolean {
  return avatars.enableGravatar && u.avatar_source === AvatarSource.GRAVATAR && u.email_address_visibility === EmailVisibility.EVERYONE;
}

/** The avatar URL anyone may be shown (from the API email when the real one is hidden). */
export function publicAvatarUrl(u: ListedUserRow, config: Pick<UsersConfig, 'fakeEmailDomain'> & AvatarConfig): string {
  return avatarUrl(u, apiEmail(u, config.fakeEmailDomain), config);
}

export function gravatarUrl(email: string, version: number, medium = false): string {
  const hash = createHash('md5').update(email.trim().toLowerCase()).digest('hex');
  return `https://secure.gravatar.com/avatar/${hash}?d=identicon${medium ? '&s=500' : ''}&version=${version}`;
}

export function formatUser(u: ListedUserRow, viewer: { user_id: number; role: number }, opts: FormatOptions): ApiUser {
  return formatUserSeen(u, canSeeDeliveryEmail(u, viewer), opts);
}

/** A user as shown to a viewer who may (`visible`) or may not see their real email. */
export function formatUserSeen(u: ListedUserRow, visible: boolean, opts: FormatOptions): ApiUser {
  const email = apiEmail(u, opts.fakeEmailDomain);
  // Zulip: with client_gravatar the client derives the URL from the email, so only when it can.
  const avatar = opts.clientGravatar && visible && clientComputesAvatar(u, opts.avatars) ? null : avatarUrl(u, visible ? u.delivery_email : email, opts.avatars);
  const user: ApiUser = {
    user_id: u.id,
    email,
    delivery_email: visible ? u.delivery_email : null,
    full_name: u.full_name,
    date_joined: u.date_joined.toISOString(),
    is_active: u.is_active,
    is_owner: u.role === Role.OWNER,
    is_admin: u.role <= Role.ADMINISTRATOR,
    is_guest: u.role === Role.GUEST,
    is_bot: u.is_bot,
    bot_type: u.bot_type,
    bot_owner_id: u.bot_owner_id,
    role: u.role as ApiUser['role'],
    timezone: u.timezone,
    avatar_url: avatar,
    avatar_version: u.avatar_version,
  };
  // Bots have no custom profile fields; values arrive with the users/settings issue.
  if (opts.includeProfileFields && !u.is_bot) user.profile_data = {};
  return user;
}
