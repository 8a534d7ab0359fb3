import pg from 'pg';
import { BadRequestError, Caller, holdsGroupSetting, isAdmin, isOwner, OwnerRequiredError, Queryable, Role, withTransaction } from '@parley/common';
import * as botStore from '../store/bots';
import * as userStore from '../store/users';
import { groupMemberships } from '../store/groups';
import type { BotRow } from '../store/bots';
import type { UsersConfig } from '../config';
import type { RealmRow } from '../store/realms';
import type { ChannelInfo, ChannelLookup } from './channels';
import { unsealApiKey } from './api-keys';
import { avatarUrl, EmailVisibility } from './format';
import { callerRealm } from './queries';
import { checkFullName, doCreateUser } from './users';
import { notifyClients } from './notify';

/** Zulip's bot types; Parley runs no outgoing webhooks (3) and no embedded bots (4), so it allows neither. */
export const BotType = { GENERIC: 1, INCOMING_WEBHOOK: 2, OUTGOING_WEBHOOK: 3, EMBEDDED: 4 } as const;
const ALLOWED_BOT_TYPES: readonly number[] = [BotType.GENERIC, BotType.INCOMING_WEBHOOK];
/** Parley's bound (Zulip has none): the active bots one user may own, so that GET /bots stays small. */
export const MAX_BOTS_PER_OWNER = 100;
/** An email local part (RFC 5322 dot-atom), as Django's email validator takes it. */
const LOCAL_PART = /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*$/;

/**
 * Zulip's realm.get_bot_domain(): the realm's host when it can be an email domain (no port),
 * else FAKE_EMAIL_DOMAIN.
 */
export function botDomain(config: UsersConfig, realm: Pick<RealmRow, 'string_id'>): string {
  const host = realm.string_id ? `${realm.string_id}.${config.externalHost}` : config.externalHost;
  return /^([A-Za-z0-9-]+\.)+[A-Za-z0-9-]+$/.test(host) ? host.toLowerCase() : config.fakeEmailDomain;
}

/** A bot as Zulip's realm_bot events and register's realm_bots show it. */
export interface ApiBot {
  email: string;
  user_id: number;
  full_name: string;
  bot_type: number;
  is_active: boolean;
  api_key: string;
  default_sending_stream: string | null;
  default_events_register_stream: string | null;
  default_all_public_streams: boolean;
  avatar_url: string;
  services: never[];
  owner_id: number | null;
}

/** Zulip's @require_member_or_admin: every /bots endpoint refuses guests and bots first. */
export function requireMemberOrAdmin(caller: Caller): void {
  if (caller.role === Role.GUEST) throw new BadRequestError('Not allowed for guest users');
  if (caller.is_bot) throw new BadRequestError('This endpoint does not accept bot requests.');
}

/**
 * Zulip's access_bot_by_id: a bot of the caller's realm (another realm's reads as missing) that
 * the caller may administer: its owner or an administrator; a bot that may create users takes
 * an owner.
 */
export async function accessBot(db: Queryable, caller: Caller, botId: number, opts: { lock?: boolean } = {}): Promise<BotRow> {
  const bot = await botStore.findBot(db, caller.realm_id, botId, opts);
  if (!bot) throw new BadRequestError('No such bot');
  if (!isAdmin(caller) && bot.bot_owner_id !== caller.user_id) throw new BadRequestError('Insufficient permission');
  if (bot.can_create_users && !isOwner(caller)) throw new OwnerRequiredError();
  return bot;
}

/** What is known of the channels a bot's defaults name (names for its shape, privacy for its audience). */
export type Channels = Map<number, ChannelInfo>;

export function formatBot(config: UsersConfig, bot: BotRow, channels: Channels): ApiBot {
  const name = (id: number | null) => (id === null ? null : (channels.get(id)?.name ?? null));
  return {
    email: bot.delivery_email,
    user_id: bot.id,
    full_name: bot.full_name,
    bot_type: bot.bot_type,
    is_active: bot.is_active,
    api_key: unsealApiKey(config.secret, bot.api_key_sealed),
    default_sending_stream: name(bot.default_sending_stream_id),
    default_events_register_stream: name(bot.default_events_register_stream_id),
    default_all_public_streams: bot.default_all_public_streams,
    avatar_url: avatarUrl(bot, bot.delivery_email, config),
    services: [],
    owner_id: bot.bot_owner_id,
  };
}

/** The channels the bots' defaults name (one lookup per distinct channel; none while a transaction is open). */
export async function channelsOf(bots: BotRow[], lookup: ChannelLookup): Promise<Channels> {
  const ids = bots.flatMap((b) => [b.default_sending_stream_id, b.default_events_register_stream_id]).filter((id): id is number => id !== null);
  return ids.length ? lookup.describe(ids) : new Map();
}

/** The bots formatted, with the names of their default channels. */
export async function formatBots(config: UsersConfig, bots: BotRow[], lookup: ChannelLookup): Promise<ApiBot[]> {
  const channels = await channelsOf(bots, lookup);
  return bots.map((b) => formatBot(config, b, channels));
}

type Defaults = Pick<BotRow, 'default_sending_stream_id' | 'default_events_register_stream_id'>;

/**
 * Who hears of a bot's changes (Zulip's bot_owner_user_ids): its owner and the realm's
 * administrators, or its owner alone when a default channel is private.
 */
export async function botAudience(db: Queryable, bot: Pick<BotRow, 'realm_id' | 'bot_owner_id'> & Defaults, channels: Channels): Promise<number[]> {
  const owner = bot.bot_owner_id === null ? [] : [bot.bot_owner_id];
  if (isPrivateBot(bot, channels)) return owner;
  const admins = await botStore.activeHumanAdminIds(db, bot.realm_id, Role.ADMINISTRATOR);
  return [...new Set([...admins, ...owner])];
}

export function isPrivateBot(bot: Defaults, channels: Channels): boolean {
  return [bot.default_sending_stream_id, bot.default_events_register_stream_id].some((id) => id !== null && channels.get(id)?.invite_only === true);
}

export interface CreateBotRequest {
  full_name: string;
  short_name: string;
  bot_type?: number;
  default_sending_stream?: string;
  default_events_register_stream?: string;
  default_all_public_streams?: boolean;
}

/** A channel named by a bot parameter: absent for none; the caller must be able to read it. */
async function channelParam(channels: ChannelLookup, name: string | undefined): Promise<ChannelInfo | undefined> {
  if (name === undefined) return undefined;
  const channel = await channels.byName(name);
  if (!channel) throw new BadRequestError(`Invalid channel name '${name}'`);
  return channel;
}

/** POST /bots, in Zulip's order of checks (add_bot_backend): names, then permission, then channels. */
export async function checkCreateBot(pool: pg.Pool, config: UsersConfig, caller: Caller, req: CreateBotRequest, channels: ChannelLookup): Promise<Record<string, unknown>> {
  requireMemberOrAdmin(caller);
  const shortName = req.short_name.trim();
  if (!shortName || !LOCAL_PART.test(`${shortName}-bot`)) throw new BadRequestError('Bad name or username');
  const fullName = checkFullName(req.full_name);
  const realm = await callerRealm(pool, caller);
  const email = `${shortName}-bot@${botDomain(config, realm)}`;
  if (await userStore.findUserByEmail(pool, caller.realm_id, email)) throw new BadRequestError('Username already in use');
  if (await botStore.activeUserNamed(pool, caller.realm_id, fullName)) throw new BadRequestError('Name is already in use.');
  const botType = req.bot_type ?? BotType.GENERIC;
  await checkCanCreateBot(pool, caller, realm.settings, botType);
  if (!ALLOWED_BOT_TYPES.includes(botType)) throw new BadRequestError('Invalid bot type');
  const sending = await channelParam(channels, req.default_sending_stream);
  const register = await channelParam(channels, req.default_events_register_stream);
  const bot = await withTransaction(pool, async (tx) => {
    // The owner's row, locked: two creations at once cannot both pass the bound.
    await userStore.findUserById(tx, caller.realm_id, caller.user_id, { lock: true });
    if ((await botStore.listBots(tx, caller.realm_id, caller.user_id, true)).length >= MAX_BOTS_PER_OWNER) {
      throw new BadRequestError(`You may own at most ${MAX_BOTS_PER_OWNER} active bots.`);
    }
    const { user } = await doCreateUser(tx, config, realm, {
      email,
      full_name: fullName,
      role: Role.MEMBER,
      bot_type: botType,
      bot_owner_id: caller.user_id,
      email_address_visibility: EmailVisibility.EVERYONE,
      bot_defaults: {
        default_sending_stream_id: sending?.stream_id ?? null,
        default_events_register_stream_id: register?.stream_id ?? null,
        default_all_public_streams: req.default_all_public_streams ?? false,
      },
    });
    const created = (await botStore.findBot(tx, caller.realm_id, user.id))!;
    const known: Channels = new Map([sending, register].filter((c) => c !== undefined).map((c) => [c.stream_id, c]));
    const apiBot = formatBot(config, created, known);
    await notifyClients(tx, caller.realm_id, await botAudience(tx, created, known), { type: 'realm_bot', op: 'add', bot: apiBot });
    return apiBot;
  });
  return {
    user_id: bot.user_id,
    api_key: bot.api_key,
    avatar_url: bot.avatar_url,
    default_sending_stream: bot.default_sending_stream,
    default_events_register_stream: bot.default_events_register_stream,
    default_all_public_streams: bot.default_all_public_streams,
  };
}

/** Zulip's check_can_create_bot: can_create_bots_group, or for incoming webhooks can_create_write_only_bots_group. */
export async function checkCanCreateBot(db: Queryable, caller: Caller, settings: Record<string, unknown>, botType: number): Promise<void> {
  const groups = new Set((await groupMemberships(db, caller.realm_id, [caller.user_id])).get(caller.user_id) ?? []);
  if (holdsGroupSetting(settings.can_create_bots_group, caller.user_id, groups)) return;
  if (botType === BotType.INCOMING_WEBHOOK && holdsGroupSetting(settings.can_create_write_only_bots_group, caller.user_id, groups)) return;
  throw new BadRequestError('Insufficient permission');
}

/** Zulip's realm_bot update of is_active (since feature level 222), to those who administer the bot. */
export async function notifyBotActive(tx: Queryable, bot: BotRow, active: boolean, channels: Channels): Promise<void> {
  await notifyClients(tx, bot.realm_id, await botAudience(tx, bot, channels), { type: 'realm_bot', op: 'update', bot: { user_id: bot.id, is_active: active } });
}

/** GET /bots: the caller's own active bots, oldest first (at most MAX_BOTS_PER_OWNER). */
export async function listOwnBots(pool: pg.Pool, config: UsersConfig, caller: Caller, channels: ChannelLookup): Promise<Record<string, unknown>[]> {
  requireMemberOrAdmin(caller);
  const bots = await formatBots(config, await botStore.listBots(pool, caller.realm_id, caller.user_id, true), channels);
  return bots.map(({ email, ...bot }) => ({ username: email, ...bot }));
}

/** Register's realm_bots: every bot of the realm for administrators, the caller's own for the others. */
export async function realmBotsState(pool: pg.Pool, config: UsersConfig, caller: Caller, channels: ChannelLookup): Promise<{ realm_bots: ApiBot[] }> {
  const bots = await botStore.listBots(pool, caller.realm_id, isAdmin(caller) ? null : caller.user_id, false);
  return { realm_bots: await formatBots(config, bots, channels) };
}
