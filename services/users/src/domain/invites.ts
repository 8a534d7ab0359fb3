import pg from 'pg';
import {
  AdminRequiredError,
  BadRequestError,
  Caller,
  CallContext,
  decrypt,
  encrypt,
  holdsGroupSetting,
  isAdmin,
  isIntegerParam,
  isOwner,
  OwnerRequiredError,
  parseJsonReply,
  Queryable,
  randomToken,
  Role,
  ROLE_VALUES,
  ServiceClient,
  sha256,
  withTransaction,
} from '@parley/common';
import * as inviteStore from '../store/invites';
import * as realmStore from '../store/realms';
import * as userStore from '../store/users';
import type { InviteRow } from '../store/invites';
import type { RealmRow } from '../store/realms';
import { groupMemberships } from '../store/groups';
import type { UsersConfig } from '../config';
import { requireMemberOrAdmin } from './bots';
import { listEmailInvites } from './invitations';
import { realmIconUrl, realmUrl } from './server-settings';
import { notifyClients } from './notify';

/**
 * Reusable invitation links (Zulip's MultiuseInvite): POST /invites/multiuse, GET /invites,
 * DELETE /invites/multiuse/{invite_id}, with Zulip's permissions and messages
 * (zerver/views/invite.py). Whoever holds a link asks to sign up through it (Parley's
 * GET /invites/link/{key} and POST /invites/link/{key}/accept, anonymous, bound to the realm of
 * the request's Host), which mails a confirmation to the address given (invitations.ts).
 *
 * A link's key is 32 random characters of [A-Za-z0-9] (about 190 bits: unguessable, and the
 * anonymous rate limit caps tries). It is looked up by its SHA-256, so a copy of the table
 * names no usable link; the key itself is kept only encrypted with the server secret, as API
 * keys are, because GET /invites shows each link again (Zulip's link_url).
 */

/** Zulip's INVITATION_LINK_VALIDITY_DAYS, 10 days, in minutes: the default expiry. */
export const INVITATION_LINK_VALIDITY_MINUTES = 10 * 24 * 60;
/** The longest expiry a link may ask for (null, never, is allowed too): ten years. */
export const MAX_INVITE_EXPIRY_MINUTES = 10 * 365 * 24 * 60;
/** At most this many live (unrevoked, unexpired) links per realm. */
export const MAX_LIVE_INVITES_PER_REALM = 1000;

const KEY = /^[A-Za-z0-9]{32}$/;
export const INVALID_LINK = 'Invalid or expired invitation link';

/** What creating a link asks the channels service, which owns channels. */
export interface InviteChannels {
  access(streamId: number): Promise<{ found: boolean; content: boolean; administer: boolean; is_archived: boolean; group_settings: string }>;
  /** The realm's default channels' IDs. */
  defaults(): Promise<Set<number>>;
}

export function inviteChannels(channels: ServiceClient<'channels'>, ctx: CallContext): InviteChannels {
  return {
    access: (streamId) => channels.getAccess({ stream_id: streamId }, ctx),
    async defaults() {
      const reply = parseJsonReply<{ default_streams: { stream_id: number }[] }>(await channels.getDefaultChannels({}, ctx));
      return new Set(reply.default_streams.map((c) => c.stream_id));
    },
  };
}

export interface CreateInviteRequest {
  invite_expires_in_minutes?: string;
  invite_as?: number;
  stream_ids?: string;
  include_realm_default_subscriptions?: boolean;
}

export function parseJson(name: string, raw: string): unknown {
  try {
    return JSON.parse(raw);
  } catch {
    throw new BadRequestError(`Argument "${name}" is not valid JSON.`);
  }
}

/** Minutes, or null for never; absent, Zulip's default. */
export function parseExpiry(raw: string | undefined): number | null {
  if (raw === undefined) return INVITATION_LINK_VALIDITY_MINUTES;
  const value = parseJson('invite_expires_in_minutes', raw);
  if (value === null) return null;
  if (typeof value !== 'number' || !Number.isSafeInteger(value)) throw new BadRequestError('invite_expires_in_minutes is not an integer');
  if (value < 1 || value > MAX_INVITE_EXPIRY_MINUTES) throw new BadRequestError(`invite_expires_in_minutes must be between 1 and ${MAX_INVITE_EXPIRY_MINUTES}, or null`);
  return value;
}

export function parseStreamIds(raw: string | undefined): number[] {
  if (raw === undefined) return [];
  const value = parseJson('stream_ids', raw);
  if (!Array.isArray(value) || !value.every(isIntegerParam)) throw new BadRequestError('stream_ids is not a list of integers');
  return [...new Set(value)];
}

/** Zulip's check_role_based_permissions: only owners invite owners; administrators, moderators and owners need an administrator. */
export function checkInviteAs(caller: Caller, invitedAs: number, requireAdmin: boolean): void {
  if (invitedAs === Role.OWNER && !isOwner(caller)) throw new OwnerRequiredError();
  if (requireAdmin && !isAdmin(caller)) throw new AdminRequiredError();
}

/**
 * Zulip's access_streams_for_invite: each channel must be one the caller can access, and one
 * they may add subscribers to unless it is a default channel.
 */
export async function checkInviteChannels(caller: Caller, realm: RealmRow, groups: ReadonlySet<number>, channels: InviteChannels, streamIds: number[]): Promise<void> {
  const answers = await Promise.all(streamIds.map((id) => channels.access(id)));
  const invalid = streamIds.find((_id, i) => !answers[i].found || !answers[i].content || answers[i].is_archived);
  if (invalid !== undefined) throw new BadRequestError(`Invalid channel ID ${invalid}. No invites were sent.`);
  const realmAllows = holdsGroupSetting(realm.settings.can_add_subscribers_group, caller.user_id, groups);
  const mayAdd = (i: number) => {
    if (realmAllows || answers[i].administer) return true;
    const settings = JSON.parse(answers[i].group_settings || '{}') as Record<string, unknown>;
    return holdsGroupSetting(settings.can_add_subscribers_group, caller.user_id, groups);
  };
  const refused = streamIds.filter((_id, i) => !mayAdd(i));
  if (!refused.length) return;
  const defaults = await channels.defaults();
  if (caller.role === Role.GUEST || refused.some((id) => !defaults.has(id))) throw new BadRequestError('You do not have permission to subscribe other users to channels.');
}

const linkOf = (config: UsersConfig, realm: Pick<RealmRow, 'string_id'>, key: string) => `${realmUrl(config, realm)}/join/${key}/`;

/** POST /invites/multiuse: a new link, `{invite_link}`. */
export async function checkCreateInvite(pool: pg.Pool, config: UsersConfig, caller: Caller, channels: InviteChannels, req: CreateInviteRequest): Promise<string> {
  requireMemberOrAdmin(caller);
  const invitedAs = req.invite_as ?? Role.MEMBER;
  if (!ROLE_VALUES.includes(invitedAs)) throw new BadRequestError('Invalid invite_as');
  const expiresIn = parseExpiry(req.invite_expires_in_minutes);
  const streamIds = parseStreamIds(req.stream_ids);
  const realm = await realmStore.findRealmById(pool, caller.realm_id);
  if (!realm) throw new BadRequestError('Invalid realm');
  const groups = new Set((await groupMemberships(pool, realm.id, [caller.user_id])).get(caller.user_id) ?? []);
  if (!holdsGroupSetting(realm.settings.create_multiuse_invite_group, caller.user_id, groups)) throw new BadRequestError('Insufficient permission');
  checkInviteAs(caller, invitedAs, invitedAs !== Role.MEMBER && invitedAs !== Role.GUEST);
  // The channels are asked before the transaction (rule 1).
  if (streamIds.length) await checkInviteChannels(caller, realm, groups, channels, streamIds);
  const key = randomToken(32);
  await withTransaction(pool, async (tx) => {
    // The realm's row, locked, orders concurrent creations for the bound.
    await realmStore.findRealmById(tx, realm.id, { lock: true });
    if ((await inviteStore.countLiveInvites(tx, realm.id)) >= MAX_LIVE_INVITES_PER_REALM) {
      throw new BadRequestError(`This organization has ${MAX_LIVE_INVITES_PER_REALM} live invitation links, the most it may have; revoke some first.`);
    }
    await inviteStore.insertInvite(tx, {
      realm_id: realm.id,
      referred_by: caller.user_id,
      key_hash: sha256(key),
      key_sealed: encrypt(config.secret, key),
      invited_as: invitedAs,
      stream_ids: streamIds,
      include_realm_default_subscriptions: req.include_realm_default_subscriptions ?? false,
      expires_in_minutes: expiresIn,
    });
    await notifyInvitesChanged(tx, realm.id, caller.user_id);
  });
  return linkOf(config, realm, key);
}

/** Zulip's invites_changed: to the realm's administrators and the link's creator, who refetch GET /invites. */
export async function notifyInvitesChanged(tx: Queryable, realmId: number, referrerId: number): Promise<void> {
  const admins = (await userStore.listRealmUsers(tx, realmId)).filter((u) => u.is_active && !u.is_bot && isAdmin(u)).map((u) => u.id);
  await notifyClients(tx, realmId, [...new Set([...admins, referrerId])], { type: 'invites_changed' });
}

const seconds = (d: Date) => Math.floor(d.getTime() / 1000);

function formatInvite(config: UsersConfig, realm: RealmRow, row: InviteRow) {
  return {
    id: row.id,
    invited_by_user_id: row.referred_by,
    invited: seconds(row.created_at),
    expiry_date: row.expires_at ? seconds(row.expires_at) : null,
    invited_as: row.invited_as,
    is_multiuse: true,
    link_url: linkOf(config, realm, decrypt(config.secret, row.key_sealed)),
  };
}

/** GET /invites (Zulip's do_get_invites_controlled_by_user): administrators see the realm's live invitations and links, others their own. */
export async function listInvites(pool: pg.Pool, config: UsersConfig, caller: Caller) {
  requireMemberOrAdmin(caller);
  const realm = await realmStore.findRealmById(pool, caller.realm_id);
  if (!realm) throw new BadRequestError('Invalid realm');
  const rows = await inviteStore.listLiveInvites(pool, realm.id, isAdmin(caller) ? undefined : caller.user_id);
  // Email invitations first, then links, as Zulip's do_get_invites_controlled_by_user lists them.
  return [...(await listEmailInvites(pool, caller)), ...rows.map((row) => formatInvite(config, realm, row))];
}

/** DELETE /invites/multiuse/{invite_id} (Zulip's access_multiuse_invite_by_id): its creator, or an administrator (an owner for an owner's link). */
export async function checkRevokeInvite(pool: pg.Pool, caller: Caller, inviteId: number): Promise<void> {
  requireMemberOrAdmin(caller);
  await withTransaction(pool, async (tx) => {
    const invite = await inviteStore.findInvite(tx, caller.realm_id, inviteId, { lock: true });
    if (!invite) throw new BadRequestError('No such invitation');
    if (invite.referred_by !== caller.user_id) checkInviteAs(caller, invite.invited_as, true);
    if (invite.revoked) throw new BadRequestError('Invitation has already been revoked');
    await inviteStore.revokeInvite(tx, invite.id);
    await notifyInvitesChanged(tx, caller.realm_id, invite.referred_by);
  });
}

/** The live link `key` names in the Host's realm; a key of another realm, revoked or expired reads as invalid. */
export async function liveInvite(db: Queryable, realm: RealmRow | undefined, key: string): Promise<InviteRow> {
  if (!realm || realm.deactivated || !KEY.test(key)) throw new BadRequestError(INVALID_LINK);
  const invite = await inviteStore.findLiveInviteByKey(db, realm.id, sha256(key));
  if (!invite) throw new BadRequestError(INVALID_LINK);
  return invite;
}

/** GET /invites/link/{key} (Parley): what the sign-up page shows. */
export async function describeInviteLink(pool: pg.Pool, config: UsersConfig, realm: RealmRow | undefined, key: string) {
  const invite = await liveInvite(pool, realm, key);
  return { realm_name: realm!.name, realm_url: realmUrl(config, realm!), realm_icon: realmIconUrl(config, realm!), invited_as: invite.invited_as, expired: false };
}
