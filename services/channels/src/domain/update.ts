import pg from 'pg';
import { AdminRequiredError, Audience, BadRequestError, Caller, isAdmin, isOwner, Queryable, sameGroupSetting, withPrefetchedTransaction, withTransaction } from '@parley/common';
import * as store from '../store/channels';
import * as subs from '../store/subscriptions';
import type { ChannelChanges, ChannelRow } from '../store/channels';
import type { ChannelAccess } from './access';
import type { Peers, Viewer } from '../peers';
import { checkFolder, checkGroupSettings, checkWebPublicAllowed, holdsRealmSetting, InsufficientPermissionError } from './create';
import { ApiChannel, formatChannel } from './format';
import { CHANNEL_GROUP_SETTING_NAMES, ChannelGroupSetting, requestedGroupSettingChanges } from './group-settings';
import { askAudiences, audienceOf, notify, streamDeleteEvent } from './notify';
import { accessAll } from './subscribe';
import { checkChannelDescription, checkChannelName, checkTopicsPolicy, parseRetention } from './text';

/**
 * Changing channels: PATCH /streams/{stream_id}, archiving (DELETE /streams/{stream_id}) and
 * default channels. Channel administrators (the realm's administrators, and the holders of
 * can_administer_channel_group) change settings; see checkPermissionChanges for the extra
 * access some settings need.
 */
export interface UpdateRequest {
  stream_id: number;
  description?: string;
  new_name?: string;
  is_private?: boolean;
  is_web_public?: boolean;
  history_public_to_subscribers?: boolean;
  is_default_stream?: boolean;
  message_retention_days?: string;
  is_archived?: boolean;
  /** JSON: an integer or null. */
  folder_id?: string;
  topics_policy?: string;
  [groupSetting: string]: unknown;
}

export interface UpdateDeps {
  webPublicEnabled: boolean;
  /** Whether the channel has messages outside the empty topic (the messages service knows). */
  hasNamedTopics: (channelId: number) => Promise<boolean>;
}

export class InvalidChannelIdError extends BadRequestError {
  constructor() {
    super('Invalid channel ID');
  }
}

export class ContentAccessRequiredError extends BadRequestError {
  constructor() {
    super('Channel content access is required.');
  }
}

/** The channel, locked, if the caller may see it; with the caller's access. */
export async function accessChannel(tx: Queryable, peers: Peers, viewer: Viewer, id: number, opts: { lock?: boolean } = {}): Promise<{ channel: ChannelRow; access: ChannelAccess }> {
  const channel = await store.findChannel(tx, peers.realmId, id, opts);
  const access = channel && (await accessAll(tx, peers, viewer, [channel])).get(channel.id)!;
  if (!channel || !access!.metadata) throw new InvalidChannelIdError();
  return { channel, access: access! };
}

function requireAdminister(access: ChannelAccess): void {
  if (!access.administer) throw new BadRequestError('You do not have permission to administer this channel.');
}

/** The settings only a holder of content access changes (besides administering). */
const METADATA_ONLY_SETTINGS = new Set<string>(['can_remove_subscribers_group', 'can_administer_channel_group', 'can_send_message_group']);

/** PATCH /streams/{stream_id}. */
export async function checkUpdateChannel(pool: pg.Pool, peers: Peers, caller: Caller, req: UpdateRequest, deps: UpdateDeps): Promise<void> {
  const viewer = await peers.viewer(caller);
  const groupChanges = requestedGroupSettingChanges(req);
  // No remote call under the realm's lock (rule 1): what the users and messages services
  // answer is asked before BEGIN, for the channel as it is now (askUpdate); a change that needs
  // answers not asked (the channel changed meanwhile, or its audience after the change) costs
  // an attempt that rolls back, and they are asked then (withPrefetchedTransaction).
  await withPrefetchedTransaction(
    pool,
    async (tx) => {
      await store.lockRealmChannels(tx, caller.realm_id);
      const { channel, access } = await accessChannel(tx, peers, viewer, req.stream_id, { lock: true });
      requireAdminister(access);
      // Archived channels stay editable (feature level 362); is_archived only unarchives.
      if (req.is_archived === true) throw new BadRequestError('Channels are archived with DELETE /streams/{stream_id}.');
      const changes: ChannelChanges = {};

      if (req.is_archived === false) {
        if (!channel.is_archived) throw new BadRequestError('Channel is not currently deactivated');
        changes.is_archived = false;
      }
      if (req.new_name !== undefined) {
        const name = checkChannelName(req.new_name);
        if (name === channel.name) throw new BadRequestError('Channel already has that name.');
        const [taken] = await store.findChannelsByName(tx, caller.realm_id, [name]);
        if (taken && taken.id !== channel.id) throw new BadRequestError(`Channel name '${name}' is already taken.`);
        changes.name = name;
      }
      if (req.description !== undefined) {
        const description = checkChannelDescription(req.description);
        if (description !== channel.description) Object.assign(changes, { description, rendered_description: await peers.renderMarkdown(description) });
      }
      await checkPrivacy(peers, viewer, channel, access, req, deps.webPublicEnabled, changes);
      if (req.is_default_stream !== undefined && req.is_default_stream !== channel.is_default) {
        if (!isAdmin(caller)) throw new AdminRequiredError();
        changes.is_default = req.is_default_stream;
      }
      if ((changes.invite_only ?? channel.invite_only) && (changes.is_default ?? channel.is_default)) throw new BadRequestError('A default channel cannot be private.');
      if (req.message_retention_days !== undefined) {
        const days = parseRetention(req.message_retention_days);
        if (!isOwner(caller)) throw new BadRequestError('Must be an organization owner');
        if (days !== channel.message_retention_days) changes.message_retention_days = days;
      }
      if (req.folder_id !== undefined) {
        const folderId = await checkFolder(tx, caller.realm_id, req.folder_id);
        if (folderId !== channel.folder_id) changes.folder_id = folderId;
      }
      if (req.topics_policy !== undefined) {
        const policy = checkTopicsPolicy(req.topics_policy);
        if (policy !== channel.topics_policy) {
          if (!(await holdsRealmSetting(peers, viewer, 'can_set_topics_policy_group'))) throw new InsufficientPermissionError();
          if (policy === 'empty_topic_only' && (await deps.hasNamedTopics(channel.id))) {
            throw new BadRequestError('To enable this configuration, all messages in this channel must be in the general chat topic. Consider renaming or deleting other topics.');
          }
          changes.topics_policy = policy;
        }
      }
      const settings = await checkGroupSettingChanges(peers, viewer, channel, access, groupChanges);
      if (settings) changes.group_settings = { ...channel.group_settings, ...settings };
      if (!Object.keys(changes).length) return;
      await store.updateChannel(tx, channel.id, changes);
      await notifyChanges(tx, peers, channel, { ...channel, ...changes });
    },
    () => askUpdate(pool, peers, viewer, req, deps, groupChanges),
  );
}

/**
 * Asks what checkUpdateChannel will ask other services, for the channel as it is now: a
 * prefetch, whose errors are answered again where the transaction meets them.
 */
async function askUpdate(pool: pg.Pool, peers: Peers, viewer: Viewer, req: UpdateRequest, deps: UpdateDeps, groupChanges: ReturnType<typeof requestedGroupSettingChanges>): Promise<void> {
  const { channel, access } = await accessChannel(pool, peers, viewer, req.stream_id);
  const attempt = (fn: () => unknown) => {
    try {
      return fn();
    } catch {
      return undefined;
    }
  };
  await Promise.allSettled([
    askAudiences(peers, [channel]),
    req.description !== undefined && attempt(() => peers.renderMarkdown(checkChannelDescription(req.description!))),
    req.topics_policy !== undefined && attempt(() => checkTopicsPolicy(req.topics_policy!)) === 'empty_topic_only' && deps.hasNamedTopics(channel.id),
    checkGroupSettingChanges(peers, viewer, channel, access, groupChanges),
  ]);
}

/** is_private, is_web_public, history_public_to_subscribers: checked together, as one change. */
async function checkPrivacy(peers: Peers, viewer: Viewer, channel: ChannelRow, access: ChannelAccess, req: UpdateRequest, webPublicEnabled: boolean, changes: ChannelChanges): Promise<void> {
  if (req.is_private === undefined && req.is_web_public === undefined && req.history_public_to_subscribers === undefined) return;
  // A change between private and web-public names both flags, as Zulip requires.
  const webPublic = req.is_web_public ?? channel.is_web_public;
  const inviteOnly = req.is_private ?? channel.invite_only;
  if (inviteOnly && webPublic) throw new BadRequestError('Invalid parameters');
  // Made private without a word on history: history stays with the subscribers who saw it.
  const history = inviteOnly ? (req.history_public_to_subscribers ?? (req.is_private !== undefined ? !req.is_private : channel.history_public_to_subscribers)) : true;
  if (!inviteOnly && req.history_public_to_subscribers === false) throw new BadRequestError('Invalid parameters');
  if (inviteOnly === channel.invite_only && webPublic === channel.is_web_public && history === channel.history_public_to_subscribers) return;
  // Changing a private channel's permissions takes content access: an administrator must be subscribed.
  if (channel.invite_only && !access.content) throw new ContentAccessRequiredError();
  if (!inviteOnly && (await peers.realmPolicy()).settings.moderation_request_channel_id === channel.id) {
    throw new BadRequestError('A moderation request channel cannot be public.');
  }
  if (webPublic && !channel.is_web_public) await checkWebPublicAllowed(peers, viewer, webPublicEnabled);
  else if (inviteOnly !== channel.invite_only || webPublic !== channel.is_web_public) {
    const needed = inviteOnly ? 'can_create_private_channel_group' : 'can_create_public_channel_group';
    if (!(await holdsRealmSetting(peers, viewer, needed))) throw new InsufficientPermissionError();
  }
  Object.assign(changes, { invite_only: inviteOnly, is_web_public: webPublic, history_public_to_subscribers: history });
}

/** The group settings that change: `old` must match; access as the settings need; values valid. */
async function checkGroupSettingChanges(
  peers: Peers,
  viewer: Viewer,
  channel: ChannelRow,
  access: ChannelAccess,
  requested: Partial<Record<ChannelGroupSetting, { new: unknown; old?: unknown }>>,
): Promise<Record<string, unknown> | undefined> {
  const changing: Partial<Record<ChannelGroupSetting, unknown>> = {};
  for (const name of CHANNEL_GROUP_SETTING_NAMES) {
    const change = requested[name];
    if (!change) continue;
    const current = channel.group_settings[name];
    if (change.old !== undefined && !sameGroupSetting(change.old, current)) throw new BadRequestError("'old' value does not match the expected value.");
    if (sameGroupSetting(change.new, current)) continue;
    if (!METADATA_ONLY_SETTINGS.has(name) && !access.content) throw new ContentAccessRequiredError();
    changing[name] = change.new;
  }
  if (!Object.keys(changing).length) return undefined;
  return checkGroupSettings(peers, viewer, changing);
}

/** The properties of a channel that stream update events carry, as they appear there. */
const EVENT_PROPERTIES: (keyof ChannelRow)[] = ['name', 'description', 'message_retention_days', 'topics_policy', 'folder_id', 'is_archived'];

/** Privacy changes travel as one `invite_only` update carrying all three flags, as Zulip sends them. */
const PRIVACY: (keyof ChannelRow)[] = ['invite_only', 'is_web_public', 'history_public_to_subscribers'];

/**
 * Tells who sees the channel what changed: one stream update event per property to who saw
 * it before and after; a stream create to who can newly see it and a delete to who no longer
 * can; the realm's default channels when they changed.
 */
async function notifyChanges(tx: Queryable, peers: Peers, before: ChannelRow, after: ChannelRow): Promise<void> {
  const subscribers = (await subs.subscribersOf(tx, [before.id])).get(before.id)!;
  const [was, is] = await Promise.all([audienceOf(peers, before, subscribers), audienceOf(peers, after, subscribers)]);
  const { both, gained, lost } = await splitAudiences(peers, was, is);
  if (PRIVACY.some((k) => before[k] !== after[k])) {
    await notify(tx, peers.realmId, both, {
      type: 'stream',
      op: 'update',
      stream_id: before.id,
      name: before.name,
      property: 'invite_only',
      value: after.invite_only,
      history_public_to_subscribers: after.history_public_to_subscribers,
      is_web_public: after.is_web_public,
    });
  }
  for (const property of EVENT_PROPERTIES) {
    if (before[property] === after[property]) continue;
    const event: Record<string, unknown> & { type: string } = { type: 'stream', op: 'update', stream_id: before.id, name: before.name, property, value: after[property] };
    if (property === 'description') event.rendered_description = after.rendered_description;
    // Clients without the archived_channels capability know an unarchived channel as a new one.
    const fallback = property === 'is_archived' ? { capability: 'archived_channels', event: { type: 'stream', op: 'create', streams: [formatChannel(after, subscribers.length)] } } : undefined;
    await notify(tx, peers.realmId, both, event, fallback);
  }
  for (const name of CHANNEL_GROUP_SETTING_NAMES) {
    if (sameGroupSetting(before.group_settings[name], after.group_settings[name])) continue;
    await notify(tx, peers.realmId, both, { type: 'stream', op: 'update', stream_id: before.id, name: after.name, property: name, value: after.group_settings[name] });
  }
  await notify(tx, peers.realmId, gained, { type: 'stream', op: 'create', streams: [formatChannel(after, subscribers.length)] });
  await notify(tx, peers.realmId, lost, streamDeleteEvent([before.id]));
  if (before.is_default !== after.is_default) await notifyDefaultChannels(tx, peers);
}

async function splitAudiences(peers: Peers, was: Audience, is: Audience): Promise<{ both: Audience; gained: number[]; lost: number[] }> {
  if (was === 'realm' && is === 'realm') return { both: 'realm', gained: [], lost: [] };
  const everyone = async () => peers.holders([(await peers.realmPolicy()).systemGroups['role:everyone']]);
  const before = new Set(was === 'realm' ? await everyone() : was);
  const after = new Set(is === 'realm' ? await everyone() : is);
  return {
    both: [...after].filter((u) => before.has(u)),
    gained: [...after].filter((u) => !before.has(u)),
    lost: [...before].filter((u) => !after.has(u)),
  };
}

/** The realm's default channels, as GET /default_streams shows them (Parley's: the channels themselves). */
export async function defaultChannels(db: Queryable, realmId: number): Promise<ApiChannel[]> {
  const channels = (await store.listChannels(db, realmId)).filter((c) => c.is_default);
  const counts = await subs.subscribersOf(
    db,
    channels.map((c) => c.id),
  );
  return channels.map((c) => formatChannel(c, counts.get(c.id)!.length));
}

/** The default channels' IDs, as the default_streams event and register's realm_default_streams carry them (feature level 330). */
export async function defaultChannelIds(db: Queryable, realmId: number): Promise<number[]> {
  return defaultIdsOf(await store.listChannels(db, realmId));
}

/** The default channels' IDs among the realm's channels, in order. */
export const defaultIdsOf = (channels: ChannelRow[]): number[] =>
  channels
    .filter((c) => c.is_default)
    .map((c) => c.id)
    .sort((a, b) => a - b);

async function notifyDefaultChannels(tx: Queryable, peers: Peers): Promise<void> {
  await notify(tx, peers.realmId, 'realm', { type: 'default_streams', default_streams: await defaultChannelIds(tx, peers.realmId) });
}

/** DELETE /streams/{stream_id}: archives the channel (its subscriptions and messages stay). */
export async function checkArchiveChannel(pool: pg.Pool, peers: Peers, caller: Caller, id: number): Promise<void> {
  const viewer = await peers.viewer(caller);
  // The audience is asked before BEGIN (rule 1), for the channel as it is now.
  await withPrefetchedTransaction(
    pool,
    async (tx) => {
      const { channel, access } = await accessChannel(tx, peers, viewer, id, { lock: true });
      requireAdminister(access);
      if (channel.is_archived) throw new BadRequestError('Channel is already deactivated');
      const changes = { is_archived: true, is_default: false };
      await store.updateChannel(tx, channel.id, changes);
      const after = { ...channel, ...changes };
      const subscribers = (await subs.subscribersOf(tx, [channel.id])).get(channel.id)!;
      await notify(
        tx,
        peers.realmId,
        await audienceOf(peers, after, subscribers),
        { type: 'stream', op: 'update', stream_id: channel.id, name: channel.name, property: 'is_archived', value: true },
        { capability: 'archived_channels', event: streamDeleteEvent([channel.id]) },
      );
      if (channel.is_default) await notifyDefaultChannels(tx, peers);
    },
    async () => {
      const channel = await store.findChannel(pool, peers.realmId, id);
      if (channel) await askAudiences(peers, [{ ...channel, is_archived: true, is_default: false }]);
    },
  );
}

/** POST and DELETE /default_streams (administrators). */
export async function checkSetDefaultChannel(pool: pg.Pool, peers: Peers, caller: Caller, id: number, isDefault: boolean): Promise<void> {
  if (!isAdmin(caller)) throw new AdminRequiredError();
  const viewer = await peers.viewer(caller);
  await withTransaction(pool, async (tx) => {
    const { channel } = await accessChannel(tx, peers, viewer, id, { lock: true });
    if (isDefault && channel.invite_only) throw new BadRequestError('Private channels cannot be made default.');
    if (isDefault && channel.is_archived) throw new BadRequestError('Archived channels cannot be made default.');
    if (channel.is_default === isDefault) return;
    await store.updateChannel(tx, channel.id, { is_default: isDefault });
    await notifyDefaultChannels(tx, peers);
  });
}
