import pg from 'pg';
import { AdminRequiredError, BadRequestError, Caller, isAdmin, isOwner, OwnerRequiredError, Queryable, Role, ROLE_VALUES, withTransaction } from '@parley/common';
import * as botStore from '../store/bots';
import * as userStore from '../store/users';
import type { BotChanges, BotRow } from '../store/bots';
import type { UsersConfig } from '../config';
import type { ChannelLookup } from './channels';
import { newApiKey } from './api-keys';
import { apiEmail } from './format';
import { accessBot, botAudience, Channels, channelsOf, formatBot, MAX_BOTS_PER_OWNER, notifyBotActive, requireMemberOrAdmin } from './bots';
import { checkFullName, doUpdateUser } from './users';
import { doSetUserActive } from './activation';
import { notifyAuthChanged, notifyClients } from './notify';

export interface UpdateBotRequest {
  bot_id: number;
  full_name?: string;
  role?: number;
  bot_owner_id?: number;
  default_sending_stream?: string;
  default_events_register_stream?: string;
  default_all_public_streams?: boolean;
}

/** A default channel parameter: "" clears it; a name must be a channel the caller may read. */
async function channelChange(channels: ChannelLookup, name: string | undefined): Promise<{ id: number | null; name: string | null; invite_only: boolean } | undefined> {
  if (name === undefined) return undefined;
  if (name === '') return { id: null, name: null, invite_only: false };
  const channel = await channels.byName(name);
  if (!channel) throw new BadRequestError(`Invalid channel name '${name}'`);
  return { id: channel.stream_id, name: channel.name, invite_only: channel.invite_only };
}

/** Zulip's patch_bot_backend rules for role: administrators only; owners for the owner role. */
function checkBotRole(caller: Caller, bot: BotRow, role: number): void {
  if (!ROLE_VALUES.includes(role)) throw new BadRequestError('Invalid role');
  if (role === bot.role) return;
  if ((role === Role.OWNER || bot.role === Role.OWNER) && !isOwner(caller)) throw new OwnerRequiredError();
  if (!isAdmin(caller)) throw new AdminRequiredError();
}

async function checkNewOwner(tx: Queryable, caller: Caller, ownerId: number): Promise<void> {
  const owner = await userStore.findUserById(tx, caller.realm_id, ownerId);
  if (!owner || owner.is_system_bot) throw new BadRequestError('Failed to change owner, no such user');
  if (!owner.is_active) throw new BadRequestError('Failed to change owner, user is deactivated');
  if (owner.is_bot) throw new BadRequestError("Failed to change owner, bots can't own other bots");
  if ((await botStore.listBots(tx, caller.realm_id, ownerId, true)).length >= MAX_BOTS_PER_OWNER) {
    throw new BadRequestError(`You may own at most ${MAX_BOTS_PER_OWNER} active bots.`);
  }
}

/**
 * PATCH /bots/{bot_id}, checked in Zulip's order (name, role, owner, channels) and applied at
 * once. Each change sends the events Zulip's do_change_* send.
 */
export async function checkUpdateBot(pool: pg.Pool, config: UsersConfig, caller: Caller, req: UpdateBotRequest, channels: ChannelLookup): Promise<Record<string, unknown>> {
  requireMemberOrAdmin(caller);
  const current = await accessBot(pool, caller, req.bot_id);
  // Channels are looked up before the transaction (no remote call while it is open): the named
  // ones, and the bot's present defaults, for the reply and the events' audiences.
  const sending = await channelChange(channels, req.default_sending_stream);
  const register = await channelChange(channels, req.default_events_register_stream);
  const known = await channelsOf([current], channels);
  for (const c of [sending, register]) if (c?.id) known.set(c.id, { stream_id: c.id, name: c.name!, invite_only: c.invite_only });
  return withTransaction(pool, async (tx) => {
    const bot = await accessBot(tx, caller, req.bot_id, { lock: true });
    const fullName = req.full_name === undefined ? undefined : checkFullName(req.full_name);
    // As Zulip: the same name again (the web app always sends it) is no change.
    const rename = fullName !== undefined && fullName !== bot.full_name ? fullName : undefined;
    if (rename !== undefined && (await botStore.activeUserNamed(tx, bot.realm_id, rename, bot.id))) throw new BadRequestError('Name is already in use.');
    if (req.role !== undefined) checkBotRole(caller, bot, req.role);
    const newOwner = req.bot_owner_id !== undefined && req.bot_owner_id !== bot.bot_owner_id ? req.bot_owner_id : undefined;
    if (req.bot_owner_id !== undefined) await checkNewOwner(tx, caller, req.bot_owner_id);

    // As Zulip's do_change_* one after the other: each event goes to the audience of the bot as it is then.
    const update = async (change: Record<string, unknown>, state: Parameters<typeof botAudience>[1]) =>
      notifyClients(tx, bot.realm_id, await botAudience(tx, state, known), { type: 'realm_bot', op: 'update', bot: { user_id: bot.id, ...change } });
    if (rename !== undefined) {
      await doUpdateUser(tx, { ...bot, is_bot: true }, { full_name: rename });
      await update({ full_name: rename }, bot);
    }
    if (req.role !== undefined && req.role !== bot.role) await doUpdateUser(tx, { ...bot, is_bot: true }, { role: req.role });
    const changes: BotChanges = {
      bot_owner_id: newOwner,
      default_sending_stream_id: sending?.id,
      default_events_register_stream_id: register?.id,
      default_all_public_streams: req.default_all_public_streams,
    };
    await botStore.updateBot(tx, bot.id, changes);
    const after = (await botStore.findBot(tx, bot.realm_id, bot.id))!;
    let defaults = { default_sending_stream_id: bot.default_sending_stream_id, default_events_register_stream_id: bot.default_events_register_stream_id };
    // Zulip changes the owner before the channels: the new owner gets the bot with its former ones, then their updates.
    if (newOwner !== undefined) await notifyOwnerChanged(tx, config, bot, { ...after, ...defaults }, known);
    const ownerNow = { realm_id: bot.realm_id, bot_owner_id: after.bot_owner_id };
    if (sending) {
      defaults = { ...defaults, default_sending_stream_id: sending.id };
      await update({ default_sending_stream: sending.name }, { ...ownerNow, ...defaults });
    }
    if (register) {
      defaults = { ...defaults, default_events_register_stream_id: register.id };
      await update({ default_events_register_stream: register.name }, { ...ownerNow, ...defaults });
    }
    if (req.default_all_public_streams !== undefined) await update({ default_all_public_streams: req.default_all_public_streams }, after);
    return patchReply(tx, config, after, known);
  });
}

/**
 * Zulip's send_bot_owner_update_events: the former owner (unless an administrator) drops the
 * bot, the new one (unless an administrator) gets it whole, the others hear of the new owner;
 * everyone's realm_user gets the new bot_owner_id.
 */
async function notifyOwnerChanged(tx: Queryable, config: UsersConfig, before: BotRow, after: BotRow, known: Channels): Promise<void> {
  const admins = new Set(await botStore.activeHumanAdminIds(tx, before.realm_id, Role.ADMINISTRATOR));
  const newOwner = after.bot_owner_id!;
  let updateTo = await botAudience(tx, after, known);
  const previous = before.bot_owner_id;
  if (previous !== null && !admins.has(previous)) {
    await notifyClients(tx, before.realm_id, [previous], { type: 'realm_bot', op: 'delete', bot: { user_id: before.id } });
    updateTo = updateTo.filter((id) => id !== previous);
  }
  if (!admins.has(newOwner)) {
    await notifyClients(tx, before.realm_id, [newOwner], { type: 'realm_bot', op: 'add', bot: formatBot(config, after, known) });
    updateTo = updateTo.filter((id) => id !== newOwner);
  }
  if (updateTo.length) {
    await notifyClients(tx, before.realm_id, updateTo, { type: 'realm_bot', op: 'update', bot: { user_id: before.id, owner_id: newOwner } });
  }
  await notifyClients(tx, before.realm_id, 'realm', { type: 'realm_user', op: 'update', person: { user_id: before.id, bot_owner_id: newOwner } });
}

async function patchReply(tx: Queryable, config: UsersConfig, bot: BotRow, known: Channels): Promise<Record<string, unknown>> {
  const formatted = formatBot(config, bot, known);
  const owner = bot.bot_owner_id === null ? undefined : await userStore.findUserById(tx, bot.realm_id, bot.bot_owner_id);
  return {
    full_name: bot.full_name,
    avatar_url: formatted.avatar_url,
    service_interface: 1,
    service_payload_url: null,
    config_data: null,
    default_sending_stream: formatted.default_sending_stream,
    default_events_register_stream: formatted.default_events_register_stream,
    default_all_public_streams: bot.default_all_public_streams,
    ...(owner ? { bot_owner: apiEmail(owner, config.fakeEmailDomain) } : {}),
  };
}

/**
 * DELETE /bots/{bot_id}: the deactivation DELETE /users/{id} does, plus Zulip's realm_bot
 * update (is_active false) to those who administer it. A bot already deactivated stays so,
 * without error or event, as Zulip's do_deactivate_user.
 */
export async function checkDeactivateBot(pool: pg.Pool, caller: Caller, botId: number, channels: ChannelLookup): Promise<void> {
  requireMemberOrAdmin(caller);
  const known = await channelsOf([await accessBot(pool, caller, botId)], channels);
  await withTransaction(pool, async (tx) => {
    const bot = await accessBot(tx, caller, botId, { lock: true });
    if (!bot.is_active) return;
    await doSetUserActive(tx, bot, false);
    await notifyBotActive(tx, bot, false, known);
  });
}

/** POST /bots/{bot_id}/api_key/regenerate: a new key; the old one is refused from the commit on. */
export async function checkRegenerateBotApiKey(pool: pg.Pool, config: UsersConfig, caller: Caller, botId: number, channels: ChannelLookup): Promise<string> {
  requireMemberOrAdmin(caller);
  const known = await channelsOf([await accessBot(pool, caller, botId)], channels);
  return withTransaction(pool, async (tx) => {
    const bot = await accessBot(tx, caller, botId, { lock: true });
    const key = newApiKey(config.secret);
    await botStore.updateBot(tx, bot.id, { api_key_hash: key.hash, api_key_sealed: key.sealed });
    await notifyAuthChanged(tx, bot.realm_id, bot.id);
    await notifyClients(tx, bot.realm_id, await botAudience(tx, bot, known), { type: 'realm_bot', op: 'update', bot: { user_id: bot.id, api_key: key.key } });
    return key.key;
  });
}
