import pg from 'pg';
import { BadRequestError, BaseConfig, Caller, ChannelAlreadyExistsError, holdsGroupSetting, isAdmin, isIntegerParam, isOwner, Queryable, withPrefetchedTransaction } from '@parley/common';
import * as store from '../store/channels';
import type { ChannelRow } from '../store/channels';
import type { Peers, Viewer } from '../peers';
import { CHANNEL_GROUP_SETTINGS, ChannelGroupSetting, initialGroupSettings, requestedGroupSettings } from './group-settings';
import { checkChannelDescription, checkChannelName, checkTopicsPolicy, parseRetention } from './text';
import { announceNewChannels, tellNewSubscribers } from './announce';

/** The initial configuration of new channels, as POST /users/me/subscriptions and POST /channels/create take it. */
export interface CreationRequest {
  invite_only?: boolean;
  is_web_public?: boolean;
  is_default_stream?: boolean;
  history_public_to_subscribers?: boolean;
  message_retention_days?: string;
  topics_policy?: string;
  /** JSON: an integer or null. */
  folder_id?: string;
  [groupSetting: string]: unknown;
}

/** What every channel a request creates gets, checked once against the caller's permissions. */
export interface CreationPlan {
  invite_only: boolean;
  is_web_public: boolean;
  is_default: boolean;
  history_public_to_subscribers: boolean;
  message_retention_days: number | null;
  topics_policy: string;
  folder_id: number | null;
  groupSettings: Partial<Record<ChannelGroupSetting, unknown>>;
}

export class InsufficientPermissionError extends BadRequestError {
  constructor() {
    super('Insufficient permission');
  }
}

/** Whether the viewer holds one of the realm's group settings. */
export async function holdsRealmSetting(peers: Peers, viewer: Viewer, setting: string): Promise<boolean> {
  const { settings } = await peers.realmPolicy();
  return holdsGroupSetting(settings[setting], viewer.user_id, viewer.groupIds);
}

/** Web-public channels need the server setting, the realm's spectator access and the permission. */
export async function checkWebPublicAllowed(peers: Peers, viewer: Viewer, serverEnabled: boolean): Promise<void> {
  if (!serverEnabled) throw new BadRequestError('Web-public channels are not enabled.');
  if ((await peers.realmPolicy()).settings.enable_spectator_access !== true) throw new BadRequestError('Web-public channels are not enabled.');
  if (!(await holdsRealmSetting(peers, viewer, 'can_create_web_public_channel_group'))) throw new InsufficientPermissionError();
}

/** Checks the requested group-setting values with the users service; returns them validated. */
export async function checkGroupSettings(peers: Peers, viewer: Viewer, requested: Partial<Record<ChannelGroupSetting, unknown>>): Promise<Partial<Record<ChannelGroupSetting, unknown>>> {
  const names = Object.keys(requested) as ChannelGroupSetting[];
  if (
    (requested.can_delete_any_message_group !== undefined || requested.can_delete_own_message_group !== undefined) &&
    !(await holdsRealmSetting(peers, viewer, 'can_set_delete_message_policy_group'))
  )
    throw new InsufficientPermissionError();
  const values = await peers.checkGroupSettings(names.map((name) => ({ name, value: requested[name], allowEveryone: CHANNEL_GROUP_SETTINGS[name].allowEveryone })));
  return Object.fromEntries(names.map((name, i) => [name, values[i]]));
}

/**
 * Checks that the caller may create channels configured so, and the configuration itself.
 * Private channels need the realm's can_create_private_channel_group, public ones
 * can_create_public_channel_group, web-public ones more (checkWebPublicAllowed).
 */
export async function planCreation(db: Queryable, peers: Peers, caller: Caller, viewer: Viewer, req: CreationRequest, webPublicEnabled: boolean): Promise<CreationPlan> {
  const invite_only = req.invite_only ?? false;
  const is_web_public = req.is_web_public ?? false;
  if (invite_only && is_web_public) throw new BadRequestError('A channel cannot be both private and web-public.');
  if (is_web_public) await checkWebPublicAllowed(peers, viewer, webPublicEnabled);
  else if (!(await holdsRealmSetting(peers, viewer, invite_only ? 'can_create_private_channel_group' : 'can_create_public_channel_group'))) {
    throw new InsufficientPermissionError();
  }
  const is_default = req.is_default_stream ?? false;
  if (is_default && !isAdmin(caller)) throw new InsufficientPermissionError();
  if (is_default && invite_only) throw new BadRequestError('A default channel cannot be private.');
  const message_retention_days = req.message_retention_days === undefined ? null : parseRetention(req.message_retention_days);
  if (message_retention_days !== null && !isOwner(caller)) throw new BadRequestError('Must be an organization owner');
  const topics_policy = checkTopicsPolicy(req.topics_policy ?? 'inherit');
  if (topics_policy !== 'inherit' && !(await holdsRealmSetting(peers, viewer, 'can_set_topics_policy_group'))) throw new InsufficientPermissionError();
  const folder_id = await checkFolder(db, caller.realm_id, req.folder_id);
  return {
    invite_only,
    is_web_public,
    is_default,
    // Public channels always show their history to new subscribers.
    history_public_to_subscribers: invite_only ? (req.history_public_to_subscribers ?? false) : true,
    message_retention_days,
    topics_policy,
    folder_id,
    groupSettings: await checkGroupSettings(peers, viewer, requestedGroupSettings(req)),
  };
}

/** folder_id as sent (JSON integer or null): a folder of the realm, or none. */
export async function checkFolder(db: Queryable, realmId: number, raw: string | undefined): Promise<number | null> {
  if (raw === undefined) return null;
  const value: unknown = JSON.parse(raw);
  if (value === null) return null;
  if (!isIntegerParam(value) || !(await store.folderExists(db, realmId, value))) throw new BadRequestError('Invalid channel folder ID');
  return value;
}

/** Inserts a channel (the caller holds the realm's channel lock and checked the name). */
export async function doCreateChannel(tx: Queryable, peers: Peers, caller: Caller, plan: CreationPlan, name: string, rawDescription: string): Promise<ChannelRow> {
  const description = checkChannelDescription(rawDescription);
  const { systemGroups } = await peers.realmPolicy();
  return store.insertChannel(tx, {
    realm_id: caller.realm_id,
    name,
    description,
    rendered_description: await peers.renderMarkdown(description),
    creator_id: caller.user_id,
    invite_only: plan.invite_only,
    is_web_public: plan.is_web_public,
    history_public_to_subscribers: plan.history_public_to_subscribers,
    message_retention_days: plan.message_retention_days,
    topics_policy: plan.topics_policy,
    folder_id: plan.folder_id,
    is_default: plan.is_default,
    group_settings: initialGroupSettings(plan.groupSettings, systemGroups, caller.user_id),
  });
}

/** The server's settings that creating channels obeys (the service's config). */
export type CreationSettings = Pick<BaseConfig, 'webPublicStreamsEnabled' | 'maxChannelsPerRealm'>;

/**
 * Parley's bound on a realm's channels, archived ones included (MAX_CHANNELS_PER_REALM; Zulip
 * has none): every user's POST /register lists them. A request that would pass it creates none.
 * Precondition: the caller holds the realm's channel lock (store.lockRealmChannels).
 */
export async function checkChannelRoom(tx: Queryable, realmId: number, adding: number, settings: CreationSettings): Promise<void> {
  const max = settings.maxChannelsPerRealm;
  if ((await store.countChannels(tx, realmId)) + adding > max) throw new BadRequestError(`An organization may have at most ${max} channels.`);
}

export interface CreateChannelRequest extends CreationRequest {
  name: string;
  description?: string;
  subscribers: number[];
  announce: boolean;
  send_new_subscription_messages: boolean;
}

/**
 * POST /channels/create (feature level 417): one channel, its subscribers given by ID. The
 * creator administers the new channel, so may subscribe anyone; a name in use is a 409.
 */
export async function checkCreateChannel(
  pool: pg.Pool,
  peers: Peers,
  caller: Caller,
  req: CreateChannelRequest,
  settings: CreationSettings,
  subscribe: (tx: Queryable, channel: ChannelRow, userIds: number[]) => Promise<number[]>,
): Promise<number> {
  const name = checkChannelName(req.name);
  const viewer = await peers.viewer(caller);
  const { users, unknown } = await peers.resolve([...new Set(req.subscribers)]);
  const bad = unknown[0] ?? users.find((u) => !u.is_active)?.user_id;
  if (bad !== undefined) throw new BadRequestError(`No such user: '${bad}'`);
  // The users and messages services are asked before BEGIN (rule 1): the checks and the
  // rendering by prefetch; the new channel's audience by a first attempt, which rolls back.
  return withPrefetchedTransaction(
    pool,
    async (tx) => {
      await store.lockRealmChannels(tx, caller.realm_id);
      const [existing] = await store.findChannelsByName(tx, caller.realm_id, [name]);
      if (existing) throw new ChannelAlreadyExistsError(existing.name);
      const plan = await planCreation(tx, peers, caller, viewer, req, settings.webPublicStreamsEnabled);
      await checkChannelRoom(tx, caller.realm_id, 1, settings);
      const channel = await doCreateChannel(tx, peers, caller, plan, name, req.description ?? '');
      const added = await subscribe(
        tx,
        channel,
        users.map((u) => u.user_id),
      );
      if (req.announce) await announceNewChannels(tx, peers, caller, [channel]);
      if (req.send_new_subscription_messages) {
        await tellNewSubscribers(tx, peers, caller, new Map([[channel, added]]), new Set(users.filter((u) => !u.is_bot).map((u) => u.user_id)));
      }
      return channel.id;
    },
    () => askCreation(pool, peers, caller, viewer, req, settings.webPublicStreamsEnabled, [req.description ?? ''], req.announce || req.send_new_subscription_messages),
  );
}

/**
 * Asks what creating channels will ask other services (a prefetch: errors are answered again
 * in the transaction, where they are met): the configuration's checks, the descriptions'
 * rendering, the caller's name for the announcements.
 */
export async function askCreation(
  db: Queryable,
  peers: Peers,
  caller: Caller,
  viewer: Viewer,
  req: CreationRequest,
  webPublicEnabled: boolean,
  descriptions: string[],
  announce: boolean,
): Promise<void> {
  await Promise.allSettled([
    planCreation(db, peers, caller, viewer, req, webPublicEnabled),
    ...descriptions.map(async (d) => peers.renderMarkdown(checkChannelDescription(d))),
    announce && peers.resolve([caller.user_id]),
  ]);
}
