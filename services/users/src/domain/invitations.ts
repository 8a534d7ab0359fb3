import pg from 'pg';
import { ApiError, BadRequestError, Caller, holdsGroupSetting, isAdmin, isIntegerParam, Queryable, randomToken, Role, ROLE_VALUES, sha256, withTransaction } from '@parley/common';
import * as preregStore from '../store/preregistrations';
import * as inviteStore from '../store/invites';
import * as realmStore from '../store/realms';
import * as userStore from '../store/users';
import type { PreregRow } from '../store/preregistrations';
import type { RealmRow } from '../store/realms';
import type { UserRow } from '../store/users';
import { groupMemberships } from '../store/groups';
import type { UsersConfig } from '../config';
import { queueMail } from '../mail/compose';
import { accountExistsMail, confirmRegistrationMail, invitationMail } from '../mail/invitations';
import { requireMemberOrAdmin } from './bots';
import { checkEmail, checkFullName, doCreateUser } from './users';
import { checkNewPassword } from './passwords';
import { apiEmail } from './format';
import { realmIconUrl, realmUrl } from './server-settings';
import { notifyByBot } from './notify';
import { addInviteeToGroups, checkInviteGroups } from './user-groups';
import { checkInviteAs, checkInviteChannels, INVALID_LINK, InviteChannels, liveInvite, notifyInvitesChanged, parseExpiry, parseJson, parseStreamIds } from './invites';

/**
 * Email invitations (Zulip's PreregistrationUser with a Confirmation of type INVITATION:
 * zerver/views/invite.py, zerver/actions/invites.py) and confirmed sign-up through a reusable
 * link (Confirmation USER_REGISTRATION, zerver/views/registration.py). Both end at the same
 * page, `/accounts/do_confirm/<key>/`, where the address is already proven by the mailed key
 * and the person gives only a name and a password.
 *
 * The name and password are asked on that page, not when the address is given: someone who
 * gives another person's address never chooses the password of the account that person's click
 * makes (nor does a mail scanner following the link make one).
 */

/**
 * Parley's daily bound on invitation mails per realm (sent and resent), Zulip's default
 * INVITES_DEFAULT_REALM_DAILY_MAX; it also bounds one request.
 */
export const MAX_INVITES_PER_DAY = 100;
/** Zulip's CONFIRMATION_LINK_DEFAULT_VALIDITY_DAYS for a sign-up confirmation: one day. */
export const REGISTRATION_VALIDITY_MINUTES = 24 * 60;
const KEY = /^[A-Za-z0-9]{32}$/;
const INVALID_CONFIRMATION = 'Invalid or expired confirmation link';
const MAX_WELCOME_TEXT = 8000;
const DAILY_LIMIT = 'To protect users, Parley limits the number of invitations you can send in one day. Because you have reached the limit, no invitations were sent.';

/** Zulip's InvitationError: code INVITATION_FAILED with the per-address reasons. */
class InvitationError extends ApiError {
  constructor(msg: string, errors: [string, string, boolean][], opts: { sent: boolean; dailyLimit?: boolean }) {
    super('INVITATION_FAILED', msg, 400, { errors, sent_invitations: opts.sent, license_limit_reached: false, daily_limit_reached: opts.dailyLimit ?? false });
  }
}

const confirmUrl = (config: UsersConfig, realm: Pick<RealmRow, 'string_id'>, key: string) => `${realmUrl(config, realm)}/accounts/do_confirm/${key}/`;

/** Zulip's get_invitee_emails_set: split on commas and newlines, "Name <address>" gives the address; duplicates once. */
function inviteeEmails(raw: string): string[] {
  const seen = new Map<string, string>();
  for (const part of raw.split(/[,\n]/)) {
    const named = /<(.*)>/.exec(part);
    const email = (named ? named[1] : part).trim();
    if (email && !seen.has(email.toLowerCase())) seen.set(email.toLowerCase(), email);
  }
  return [...seen.values()];
}

/**
 * Zulip's validate_email_is_valid for a realm. Parley keeps no list of the realm's allowed
 * domains (realm_domains is always empty), so a realm restricted to its domains admits no
 * address, as Zulip's would with none listed.
 */
function addressProblem(realm: RealmRow, email: string): string | undefined {
  try {
    checkEmail(email);
  } catch {
    return 'Invalid address.';
  }
  if (realm.settings.emails_restricted_to_domains) return 'Outside your domain.';
  return undefined;
}

function parseGroupIds(raw: string | undefined): number[] {
  if (raw === undefined) return [];
  const value = parseJson('group_ids', raw);
  if (!Array.isArray(value) || !value.every(isIntegerParam)) throw new BadRequestError('group_ids is not a list of integers');
  return [...new Set(value)];
}

export interface SendInvitesRequest {
  invitee_emails: string;
  invite_expires_in_minutes?: string;
  invite_as?: number;
  stream_ids?: string;
  group_ids?: string;
  include_realm_default_subscriptions?: boolean;
  notify_referrer_on_join?: boolean;
  welcome_message_custom_text?: string;
}

/**
 * POST /invites (Zulip's invite_users_backend + do_invite_users): one mail per valid address.
 * Any invalid address sends nothing; addresses with accounts are skipped and named in an
 * INVITATION_FAILED error after the others were invited.
 */
export async function checkSendInvites(pool: pg.Pool, config: UsersConfig, caller: Caller, channels: InviteChannels, req: SendInvitesRequest): Promise<void> {
  requireMemberOrAdmin(caller);
  const realm = await realmStore.findRealmById(pool, caller.realm_id);
  if (!realm) throw new BadRequestError('Invalid realm');
  const groups = new Set((await groupMemberships(pool, realm.id, [caller.user_id])).get(caller.user_id) ?? []);
  if (!holdsGroupSetting(realm.settings.can_invite_users_group, caller.user_id, groups)) throw new BadRequestError('Insufficient permission');
  const expiresIn = parseExpiry(req.invite_expires_in_minutes);
  const invitedAs = req.invite_as ?? Role.MEMBER;
  if (!ROLE_VALUES.includes(invitedAs)) throw new BadRequestError('Invalid invite_as');
  checkInviteAs(caller, invitedAs, invitedAs === Role.ADMINISTRATOR || invitedAs === Role.MODERATOR);
  const emails = inviteeEmails(req.invitee_emails ?? '');
  if (!emails.length) throw new BadRequestError('You must specify at least one email address.');
  const welcome = req.welcome_message_custom_text?.trim() || null;
  if (welcome && [...welcome].length > MAX_WELCOME_TEXT) throw new BadRequestError(`welcome_message_custom_text is too long (limit: ${MAX_WELCOME_TEXT} characters)`);
  const groupIds = parseGroupIds(req.group_ids);
  const streamIds = parseStreamIds(req.stream_ids);
  // The other services before the transaction (rule 1).
  if (streamIds.length) await checkInviteChannels(caller, realm, groups, channels, streamIds);
  if (groupIds.length) await checkInviteGroups(pool, caller, groupIds);
  const skipped = await withTransaction(pool, async (tx) => {
    // The realm's row, locked, orders concurrent invitations for the daily bound.
    const fresh = (await realmStore.findRealmById(tx, realm.id, { lock: true }))!;
    if ((await preregStore.countRecentInvitationMails(tx, realm.id)) + emails.length > MAX_INVITES_PER_DAY) {
      throw new InvitationError(DAILY_LIMIT, [], { sent: false, dailyLimit: true });
    }
    const errors: [string, string, boolean][] = [];
    const existing: [string, string, boolean][] = [];
    const good: string[] = [];
    for (const email of emails) {
      const problem = addressProblem(fresh, email);
      if (problem) {
        errors.push([email, problem, false]);
        continue;
      }
      const user = await userStore.findUserByEmail(tx, realm.id, email);
      if (user) existing.push([email, user.is_active ? 'Already has an account.' : 'Account has been deactivated.', !user.is_active]);
      else good.push(email);
    }
    if (errors.length) throw new InvitationError("Some emails did not validate, so we didn't send any invitations.", [...errors, ...existing], { sent: false });
    if (!good.length) throw new InvitationError("We weren't able to invite anyone.", existing, { sent: false });
    const referrer = (await userStore.findUserById(tx, realm.id, caller.user_id))!;
    for (const email of good) {
      const key = randomToken(32);
      await preregStore.insertPrereg(tx, {
        realm_id: realm.id,
        kind: 'invitation',
        email,
        referred_by: caller.user_id,
        multiuse_invite_id: null,
        key_hash: sha256(key),
        invited_as: invitedAs,
        stream_ids: streamIds,
        group_ids: groupIds,
        include_realm_default_subscriptions: req.include_realm_default_subscriptions ?? false,
        notify_referrer_on_join: req.notify_referrer_on_join ?? true,
        welcome_message_custom_text: welcome,
        expires_in_minutes: expiresIn,
      });
      await queueInvitationMail(tx, config, fresh, referrer, email, key);
    }
    await notifyInvitesChanged(tx, realm.id, caller.user_id);
    return existing;
  });
  if (skipped.length) {
    throw new InvitationError("Some of those addresses are already using Parley, so we didn't send them an invitation. We did send invitations to everyone else!", skipped, { sent: true });
  }
}

function queueInvitationMail(tx: Queryable, config: UsersConfig, realm: RealmRow, referrer: Pick<UserRow, 'full_name' | 'delivery_email'>, email: string, key: string) {
  return queueMail(tx, config, {
    kind: 'invitation',
    realm,
    to: { address: email },
    content: invitationMail({ referrerName: referrer.full_name, referrerEmail: referrer.delivery_email, realmName: realm.name, url: confirmUrl(config, realm, key) }),
  });
}

const seconds = (d: Date) => Math.floor(d.getTime() / 1000);

/** GET /invites' rows for email invitations: administrators see the realm's, others their own. */
export async function listEmailInvites(db: Queryable, caller: Caller) {
  const rows = await preregStore.listLiveInvitations(db, caller.realm_id, isAdmin(caller) ? undefined : caller.user_id);
  return rows.map((row) => ({
    id: row.id,
    invited_by_user_id: row.referred_by!,
    invited: seconds(row.created_at),
    expiry_date: row.expires_at ? seconds(row.expires_at) : null,
    invited_as: row.invited_as,
    email: row.email,
    notify_referrer_on_join: row.notify_referrer_on_join,
    is_multiuse: false,
  }));
}

/** Zulip's access of an email invitation: its sender, or an administrator (an owner for an owner invitation); a used, revoked or expired one reads as missing. */
async function accessInvitation(tx: Queryable, caller: Caller, id: number): Promise<PreregRow> {
  requireMemberOrAdmin(caller);
  const invite = await preregStore.findInvitation(tx, caller.realm_id, id, { lock: true });
  if (!invite || !invite.live) throw new BadRequestError('No such invitation');
  if (invite.referred_by !== caller.user_id) checkInviteAs(caller, invite.invited_as, true);
  return invite;
}

/** DELETE /invites/{invite_id}: the mailed link stops working. */
export async function checkRevokeEmailInvite(pool: pg.Pool, caller: Caller, id: number): Promise<void> {
  await withTransaction(pool, async (tx) => {
    const invite = await accessInvitation(tx, caller, id);
    await preregStore.setStatus(tx, invite.id, 'revoked');
    await notifyInvitesChanged(tx, caller.realm_id, invite.referred_by!);
  });
}

/**
 * POST /invites/{invite_id}/resend: a new mail with a new key (only keys' hashes are kept, so
 * the first mail's link stops working); the expiry stays. It counts toward the daily bound.
 */
export async function checkResendEmailInvite(pool: pg.Pool, config: UsersConfig, caller: Caller, id: number): Promise<void> {
  await withTransaction(pool, async (tx) => {
    const realm = (await realmStore.findRealmById(tx, caller.realm_id, { lock: true }))!;
    const invite = await accessInvitation(tx, caller, id);
    // Zulip's resend answers a plain error (its reference has no extra fields here).
    if ((await preregStore.countRecentInvitationMails(tx, realm.id)) + 1 > MAX_INVITES_PER_DAY) throw new BadRequestError(DAILY_LIMIT);
    const key = randomToken(32);
    await preregStore.setKey(tx, invite.id, sha256(key));
    const referrer = (await userStore.findUserById(tx, realm.id, invite.referred_by!))!;
    await queueInvitationMail(tx, config, realm, referrer, invite.email, key);
    await notifyInvitesChanged(tx, realm.id, invite.referred_by!);
  });
}

/**
 * POST /invites/link/{key}/accept (Parley): the address given gets a mail. The answer is the
 * same whatever the address, so it tells nobody who has an account: a new address gets a
 * confirmation link (the account exists only once it is followed), one with an account here a
 * mail saying so. Refused only for a bad link, a malformed address, or a realm restricted to
 * its domains (Zulip's messages).
 */
export async function acceptInviteLink(pool: pg.Pool, config: UsersConfig, realm: RealmRow | undefined, req: { key: string; email: string }): Promise<void> {
  await liveInvite(pool, realm, req.key);
  let email: string;
  try {
    email = checkEmail(req.email);
  } catch {
    throw new BadRequestError('Enter a valid email address.');
  }
  if (realm!.settings.emails_restricted_to_domains) {
    throw new BadRequestError(`Your email address, ${email}, is not in one of the domains that are allowed to register for accounts in this organization.`);
  }
  await withTransaction(pool, async (tx) => {
    // Again in the transaction, locked: a revocation meanwhile wins.
    const invite = await inviteStore.findLiveInviteByKey(tx, realm!.id, sha256(req.key), { lock: true });
    if (!invite) throw new BadRequestError(INVALID_LINK);
    const url = realmUrl(config, realm!);
    const user = await userStore.findUserByEmail(tx, realm!.id, email);
    if (user) {
      await queueMail(tx, config, {
        kind: 'registration_account_exists',
        realm: realm!,
        to: { address: user.delivery_email, name: user.full_name, userId: user.id },
        content: accountExistsMail({ realmName: realm!.name, email: user.delivery_email, loginUrl: `${url}/login/`, resetUrl: `${url}/accounts/password/reset/`, deactivated: !user.is_active }),
      });
      return;
    }
    const key = randomToken(32);
    await preregStore.insertPrereg(tx, {
      realm_id: realm!.id,
      kind: 'registration',
      email,
      referred_by: null,
      multiuse_invite_id: invite.id,
      key_hash: sha256(key),
      invited_as: invite.invited_as,
      stream_ids: invite.stream_ids,
      group_ids: [],
      include_realm_default_subscriptions: invite.include_realm_default_subscriptions,
      notify_referrer_on_join: false,
      welcome_message_custom_text: null,
      expires_in_minutes: REGISTRATION_VALIDITY_MINUTES,
    });
    await queueMail(tx, config, {
      kind: 'confirm_registration',
      realm: realm!,
      to: { address: email },
      content: confirmRegistrationMail({ realmName: realm!.name, url: confirmUrl(config, realm!, key) }),
    });
  });
}

/** The live invitation or pending sign-up `key` names in the Host's realm. */
async function liveConfirmation(db: Queryable, realm: RealmRow | undefined, key: string, opts: { lock?: boolean } = {}): Promise<PreregRow> {
  if (!realm || realm.deactivated || !KEY.test(key)) throw new BadRequestError(INVALID_CONFIRMATION);
  const prereg = await preregStore.findLiveByKey(db, realm.id, sha256(key), opts);
  // A sign-up through a link dies with its link.
  if (!prereg || (prereg.multiuse_invite_id !== null && !(await inviteStore.isLiveInvite(db, prereg.multiuse_invite_id)))) throw new BadRequestError(INVALID_CONFIRMATION);
  return prereg;
}

/** GET /invites/confirm/{key} (Parley): what the confirmation page shows. */
export async function describeConfirmation(pool: pg.Pool, config: UsersConfig, realm: RealmRow | undefined, key: string) {
  const prereg = await liveConfirmation(pool, realm, key);
  return {
    realm_name: realm!.name,
    realm_url: realmUrl(config, realm!),
    realm_icon: realmIconUrl(config, realm!),
    email: prereg.email,
    invited_as: prereg.invited_as,
    is_invitation: prereg.kind === 'invitation',
  };
}

/**
 * POST /invites/confirm/{key} (Parley): the account, with the invitation's role, channels and
 * groups. The invitation is used; the realm's other pending invitations of the address are
 * revoked (Zulip's revoke_preregistration_users); the sender hears from the Notification Bot
 * when they asked to.
 */
export async function completeRegistration(pool: pg.Pool, config: UsersConfig, realm: RealmRow | undefined, req: { key: string; full_name: string; password: string }) {
  await liveConfirmation(pool, realm, req.key);
  const fullName = checkFullName(req.full_name);
  checkNewPassword(req.password, 'The password is too weak.');
  const { user, apiKey } = await withTransaction(pool, async (tx) => {
    const prereg = await liveConfirmation(tx, realm, req.key, { lock: true });
    const fresh = (await realmStore.findRealmById(tx, realm!.id))!;
    const created = await doCreateUser(tx, config, fresh, {
      email: prereg.email,
      full_name: fullName,
      password: req.password,
      role: prereg.invited_as,
      invited_to: { stream_ids: prereg.stream_ids, include_realm_default_subscriptions: prereg.include_realm_default_subscriptions },
    });
    await addInviteeToGroups(tx, fresh.id, created.user.id, prereg.group_ids);
    await preregStore.setStatus(tx, prereg.id, 'used');
    const referrers = await preregStore.revokeOthersFor(tx, fresh.id, prereg.email, prereg.id);
    if (prereg.referred_by !== null) referrers.push(prereg.referred_by);
    for (const referrer of new Set(referrers)) await notifyInvitesChanged(tx, fresh.id, referrer);
    if (prereg.kind === 'invitation' && prereg.notify_referrer_on_join) {
      await notifyByBot(tx, fresh.id, [prereg.referred_by!], `@_**${created.user.full_name}|${created.user.id}** accepted your invitation to join ${fresh.name}!`);
    }
    return created;
  });
  return { user_id: user.id, email: apiEmail(user, config.fakeEmailDomain), api_key: apiKey };
}
