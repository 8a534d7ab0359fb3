import {
  bindClient,
  BoundClient,
  Caller,
  fetchRealmPolicy,
  groupIdsOf,
  handledLater,
  HandlerContext,
  holdersOf,
  parseJsonReply,
  Person,
  personOf,
  RealmPolicy,
  realmPolicyOf,
  resolvePeople,
  RpcClients,
  UploadPreview,
} from '@parley/common';
import type { GetPermissionContextReply__Output } from '@parley/common/generated/parley/users/v1/GetPermissionContextReply';
import type { GetAccessReply__Output } from '@parley/common/generated/parley/channels/v1/GetAccessReply';
import { fetchSendTraits, type SendTraits } from './domain/send-traits';
import type { TopicVisibilitySettings__Output } from '@parley/common/generated/parley/users/v1/TopicVisibilitySettings';
import type { RenderContext, Rendered } from './domain/render';
import type { Renderer } from './domain/render/renderer';
import { hasEmoticon, hasShortcode } from './domain/render/emoji';
import { mayLinkUploads, uploadPathIds } from './domain/attachments';
import type { PeerCache } from './domain/peer-cache';

/** A channel as the caller may use it (the channels service's GetAccess). */
export interface ChannelAccess {
  stream_id: number;
  name: string;
  subscribed: boolean;
  content: boolean;
  post: boolean;
  administer: boolean;
  history_visible: boolean;
  is_archived: boolean;
  invite_only: boolean;
  is_web_public: boolean;
  topics_policy: string;
  group_settings: Record<string, unknown>;
  /** The caller is subscribed and has muted the channel. */
  is_muted: boolean;
}

const toAccess = (r: GetAccessReply__Output): ChannelAccess => ({
  stream_id: Number(r.stream_id),
  name: r.name,
  subscribed: r.subscribed,
  content: r.content,
  post: r.post,
  administer: r.administer,
  history_visible: r.history_visible,
  is_archived: r.is_archived,
  invite_only: r.invite_only,
  is_web_public: r.is_web_public,
  topics_policy: r.topics_policy,
  group_settings: JSON.parse(r.group_settings || '{}') as Record<string, unknown>,
  is_muted: r.is_muted,
});

/** What Peers asks: the other services, and the service's renderer (the service's deps have both). */
export interface PeerServices {
  clients: RpcClients;
  renderer: Renderer;
}

/**
 * What the messages service asks the users and channels services (one instance per request;
 * each answer fetched once). The users service owns people, groups, realm settings and
 * linkifiers; the channels service channels, subscriptions and who may do what in them; the
 * uploads service (called through `uploads`) the files messages link to.
 */
export class Peers {
  private policy?: Promise<RealmPolicy>;
  private groups?: Promise<Set<number>>;
  private channelList?: Promise<readonly ChannelAccess[]>;
  private mutedChannels?: Promise<number[]>;
  private rendering?: Promise<Omit<RenderContext, 'channels'>>;
  private linkifierList?: Promise<RenderContext['linkifiers']>;
  private realmEmojiMap?: Promise<ReadonlyMap<string, string>>;
  /** The caller's permission context, once asked for (see permissionContext). */
  private context?: Promise<GetPermissionContextReply__Output>;
  /**
   * The kept channel access's mark when the context was read: a channel access asked with
   * that context is kept only if nothing was dropped since (the context may be stale then).
   */
  private contextMark?: number;
  /** The request's one wait for the announcements made before it (see fromCache). */
  private caughtUp?: Promise<void>;

  /**
   * `cache`, when given, keeps callers' permission contexts and channel access between
   * requests: the service's handlers pass theirs; background work (scheduled delivery, the
   * Notification Bot) asks each time.
   */
  /** The other services, asked on behalf of the request's caller (bound when first asked). */
  private readonly bound: { users?: BoundClient<'users'>; channels?: BoundClient<'channels'>; uploads?: BoundClient<'uploads'> } = {};

  constructor(
    private readonly services: PeerServices,
    private readonly ctx: Pick<HandlerContext, 'client' | 'host'> & { caller: Caller },
    private readonly cache?: PeerCache,
  ) {}

  private get clients(): RpcClients {
    return this.services.clients;
  }

  /** `content` rendered with `ctx` as the caller's message, on the service's renderer (its render threads, their turns fair between users). */
  render(content: string, ctx: RenderContext): Promise<Rendered> {
    return this.services.renderer.render(content, ctx, `${this.caller.realm_id}:${this.caller.user_id}`);
  }

  /**
   * `read` of the kept answers, once the announcements published before this request are
   * applied to them (PeerCache.caughtUp, awaited once per request): a client that changed a
   * setting and then sends is judged by the change, though the announcement and the request
   * reach this process by different roads.
   */
  private fromCache<T>(cache: PeerCache, read: (cache: PeerCache) => Promise<T>): Promise<T> {
    this.caughtUp ??= cache.caughtUp();
    return this.caughtUp.then(() => read(cache));
  }

  private get users(): BoundClient<'users'> {
    return (this.bound.users ??= bindClient(this.clients.users, this.ctx));
  }

  private get channels(): BoundClient<'channels'> {
    return (this.bound.channels ??= bindClient(this.clients.channels, this.ctx));
  }

  /** The uploads service as this request's caller (see ./attachments). */
  get uploads(): BoundClient<'uploads'> {
    return (this.bound.uploads ??= bindClient(this.clients.uploads, this.ctx));
  }

  get caller(): Caller {
    return this.ctx.caller;
  }

  realmPolicy() {
    if (this.cache) void this.permissionContext();
    this.policy ??= fetchRealmPolicy(this.users, this.caller.realm_id);
    return this.policy;
  }

  /**
   * The caller as a person, with the realm's policy, the caller's groups and the realm's
   * linkifiers fetched in the same hop (GetPermissionContext) for the realmPolicy(),
   * callerGroups() and linkifiers() a send goes on to ask. Undefined for no such user.
   */
  async sender(): Promise<Person | undefined> {
    const reply = await this.permissionContext();
    return reply.users[0] ? personOf(reply.users[0]) : undefined;
  }

  /** The caller's settings that act on their topics' visibility (automatic follow and unmute), with their permission context. */
  async topicSettings(): Promise<TopicSettings> {
    const s = (await this.permissionContext()).topic_settings[0];
    return s ? toTopicSettings(s) : NEVER_CHANGE_TOPICS;
  }

  /** Some users' settings that act on their topics' visibility; bots and unknown users are left out. */
  async topicSettingsOf(userIds: number[]): Promise<TopicSettings[]> {
    if (!userIds.length) return [];
    const r = await this.users.getPermissionContext({
      realm_id: this.caller.realm_id,
      user_ids: userIds,
      with_users: true,
      with_linkifiers: false,
    });
    const humans = new Set(r.users.filter((u) => !u.is_bot && u.is_active).map((u) => Number(u.user_id)));
    return r.topic_settings.map(toTopicSettings).filter((s) => humans.has(s.user_id));
  }

  /** Every group the caller belongs to (for holdsGroupSetting). */
  callerGroups(): Promise<Set<number>> {
    if (this.cache) void this.permissionContext();
    this.groups ??= groupIdsOf(this.users, this.caller.realm_id, [this.caller.user_id]).then((groups) => groups.get(this.caller.user_id) ?? new Set<number>());
    return this.groups;
  }

  /**
   * The caller's permission context: from `cache` when these peers have it (the realm's
   * linkifiers always with it, for the sends to come), else asked for this request. The
   * policy, groups and linkifiers derived from it answer realmPolicy(), callerGroups() and
   * linkifiers() without another hop.
   */
  private permissionContext(): Promise<GetPermissionContextReply__Output> {
    if (this.context) return this.context;
    const { realm_id, user_id } = this.caller;
    this.contextMark = this.cache?.channels.mark();
    const fetch = (withLinkifiers: boolean) =>
      this.users.getPermissionContext({
        realm_id,
        user_ids: [user_id],
        with_users: true,
        with_linkifiers: withLinkifiers,
      });
    const withLinkifiers = !!this.cache || (!this.rendering && !this.linkifierList);
    const reply = this.cache ? this.fromCache(this.cache, (c) => c.contexts.get(realm_id, String(user_id), () => fetch(true))) : fetch(withLinkifiers);
    // Each answer is kept for a later step that may never come (the send refused first):
    // handledLater, so a failed call rejects only what is awaited.
    this.context = handledLater(reply);
    this.policy ??= handledLater(reply.then((r) => realmPolicyOf(r.policy!)));
    this.groups ??= handledLater(reply.then((r) => new Set((r.memberships[0]?.group_ids ?? []).map(Number))));
    if (withLinkifiers && !this.rendering) this.linkifierList ??= handledLater(reply.then((r) => JSON.parse(r.linkifiers) as RenderContext['linkifiers']));
    return this.context;
  }

  async holders(values: unknown[]): Promise<number[]> {
    return holdersOf(this.users, this.caller.realm_id, values);
  }

  async people(principals: (string | number)[]): Promise<{ users: Person[]; unknown: string[] }> {
    if (!principals.length) return { users: [], unknown: [] };
    // System bots (Notification Bot) send messages and may be written to, so they count here.
    return resolvePeople(this.users, { realm_id: this.caller.realm_id, principals: principals.map(String), include_system_bots: true });
  }

  /**
   * People by user ID (system bots included), those of them not kept asked for in one call;
   * an ID that names no one is absent.
   */
  async peopleById(ids: number[]): Promise<Map<number, Person>> {
    if (!ids.length) return new Map();
    const resolve = async (missing: string[]) => new Map((await this.people(missing)).users.map((p) => [String(p.user_id), p]));
    const found = this.cache ? await this.fromCache(this.cache, (c) => c.people.getMany(this.caller.realm_id, ids.map(String), resolve)) : await resolve(ids.map(String));
    return new Map([...found.values()].map((p) => [p.user_id, p]));
  }

  /** What rendering needs of the realm: all its users, named groups and linkifiers (fetched once). */
  renderContext(): Promise<Omit<RenderContext, 'channels'>> {
    this.rendering ??= this.users.getRenderContext({ realm_id: this.caller.realm_id }).then((r) => ({
      users: r.users.map((u) => ({ user_id: Number(u.user_id), full_name: u.full_name, is_active: u.is_active })),
      groups: r.groups.map((g) => ({ id: Number(g.id), name: g.name })),
      linkifiers: r.linkifiers.map((l) => ({ id: Number(l.id), pattern: l.pattern, url_template: l.url_template })),
    }));
    return this.rendering;
  }

  /**
   * What rendering `content` needs: the realm's users and groups only when it may mention
   * someone (an '@'; mentions, silent mentions, group and wildcard mentions all have one), else
   * the linkifiers alone. Most messages mention no one, and reading every user of a large realm
   * was most of a send's cost.
   */
  renderContextFor(content: string): Promise<Omit<RenderContext, 'channels'>> {
    if (content.includes('@')) return this.renderContext();
    return this.linkifiers().then((linkifiers) => ({ users: [], groups: [], linkifiers }));
  }

  /** The realm's linkifiers alone (topic links of fetched messages), without the realm's users. */
  linkifiers(): Promise<RenderContext['linkifiers']> {
    if (this.rendering) return this.rendering.then((r) => r.linkifiers);
    if (this.cache) void this.permissionContext();
    this.linkifierList ??= this.users.getLinkifiers({}).then((r) => parseJsonReply<{ linkifiers: RenderContext['linkifiers'] }>(r).linkifiers);
    return this.linkifierList;
  }

  /** A send's recipients' alert words and mutes (see ./send-traits). */
  sendTraits(recipients: number[]): Promise<SendTraits> {
    const fetch = (cache?: PeerCache) => fetchSendTraits(this.users.getRecipientTraits, this.caller.realm_id, recipients, cache);
    return this.cache ? this.fromCache(this.cache, fetch) : fetch();
  }

  async typingPreferences(userIds: number[]) {
    const r = await this.users.getTypingPreferences({ realm_id: this.caller.realm_id, user_ids: userIds });
    return r.users.map((u) => ({ ...u, user_id: Number(u.user_id) }));
  }

  /** The realm's Notification Bot. */
  notificationBot(): Promise<Person> {
    return systemBot(this.clients, this.caller.realm_id, 'notification-bot');
  }

  /** Some users' personal settings, in the order of the users found. */
  async userSettings(userIds: number[]): Promise<Record<string, unknown>[]> {
    const r = await this.users.getUserSettings({ realm_id: this.caller.realm_id, user_ids: userIds });
    return r.users.map((u) => JSON.parse(u.settings) as Record<string, unknown>);
  }

  /**
   * Whether the caller's messages translate emoticons (their translate_emoticons setting), read
   * only when `content` has an emoticon to translate.
   */
  /**
   * The realm's active custom emoji (name → image URL) when the content has a `:name:`
   * shortcode, asked of the uploads service once; none otherwise.
   */
  realmEmojiFor(content: string): Promise<ReadonlyMap<string, string> | undefined> {
    if (!hasShortcode(content)) return Promise.resolve(undefined);
    this.realmEmojiMap ??= this.uploads.getRealmEmoji({}).then(
      (r) =>
        new Map(
          Object.values(parseJsonReply<{ emoji: Record<string, { name: string; source_url: string; deactivated: boolean }> }>(r).emoji)
            .filter((e) => !e.deactivated)
            .map((e) => [e.name, e.source_url]),
        ),
    );
    return this.realmEmojiMap;
  }

  /**
   * The inline previews of the uploaded images the content links to (path_id → preview),
   * asked of the uploads service when the content links an upload; none otherwise.
   */
  async uploadPreviewsFor(content: string): Promise<ReadonlyMap<string, UploadPreview> | undefined> {
    const pathIds = mayLinkUploads(content) ? uploadPathIds(content, this.caller.realm_id) : [];
    if (!pathIds.length) return undefined;
    const r = await this.uploads.getUploadPreviews({ path_ids: pathIds });
    return new Map(Object.entries(parseJsonReply<{ previews: Record<string, UploadPreview> }>(r).previews));
  }

  async translatesEmoticons(content: string): Promise<boolean> {
    if (!hasEmoticon(content)) return false;
    const [settings] = await this.userSettings([this.caller.user_id]);
    return settings?.translate_emoticons === true;
  }

  /** The channels the caller has muted (their subscriptions' is_muted), fetched once. */
  mutedChannelIds(): Promise<number[]> {
    this.mutedChannels ??= this.channels.getSubscriptions({ include_subscribers: 'false' }).then((r) =>
      parseJsonReply<{ subscriptions: { stream_id: number; is_muted: boolean }[] }>(r)
        .subscriptions.filter((s) => s.is_muted)
        .map((s) => s.stream_id),
    );
    return this.mutedChannels;
  }

  /** Of these users, those whose read receipts the caller may see (active, sharing them), ascending. */
  async readReceiptUsers(userIds: number[]): Promise<number[]> {
    if (!userIds.length) return [];
    const r = await this.users.getReadReceiptUsers({ realm_id: this.caller.realm_id, user_ids: userIds });
    return r.user_ids.map(Number);
  }

  /** The caller's access to one channel, by ID or name; undefined if they may not see it. */
  async channel(target: { stream_id: number } | { name: string }): Promise<ChannelAccess | undefined> {
    return (await this.channelOrHidden(target)).channel;
  }

  /** The caller's access to a channel, or the name of one that exists but they may not see. */
  async channelOrHidden(target: { stream_id: number } | { name: string }): Promise<{ channel?: ChannelAccess; hiddenName?: string; hiddenId?: number }> {
    const r = await this.channels.getAccess('stream_id' in target ? { stream_id: target.stream_id } : { stream_id: 0, name: target.name });
    return r.found ? { channel: toAccess(r) } : { hiddenName: r.name || undefined, hiddenId: r.name ? Number(r.stream_id) : undefined };
  }

  /**
   * The caller's access to a channel for a send to it, with its subscribers (one hop), or the
   * name of one that exists but they may not see.
   */
  async channelForSend(target: { stream_id: number } | { name: string }): Promise<{ channel?: ChannelAccess; hiddenName?: string; subscribers: number[] }> {
    const ask = async () => {
      // The caller's groups and the realm's policy, when sender() has them, go along: the
      // channels service then decides without asking the users service (a hop fewer).
      const context = this.context && (await this.context);
      return this.channels.getAccess({
        ...('stream_id' in target ? target : { stream_id: 0, name: target.name }),
        with_subscribers: true,
        ...(context?.policy && {
          caller_context: { settings: context.policy.settings, system_groups: context.policy.system_groups, group_ids: context.memberships[0]?.group_ids ?? [] },
        }),
      });
    };
    const key = `${this.caller.user_id}:${'stream_id' in target ? `#${target.stream_id}` : `name:${target.name}`}`;
    const r = this.cache ? await this.fromCache(this.cache, (c) => c.channels.get(this.caller.realm_id, key, ask, this.contextMark)) : await ask();
    return r.found ? { channel: toAccess(r), subscribers: r.subscriber_ids.map(Number) } : { hiddenName: r.name || undefined, subscribers: [] };
  }

  /**
   * The channels rendering `content` may link to: every channel the caller sees when it has a
   * channel link's opening (`#**`), else none (most messages: no hop).
   */
  async channelsForRendering(content: string): Promise<{ stream_id: number; name: string }[]> {
    if (!content.includes('#**')) return [];
    return (await this.allChannels()).map((c) => ({ stream_id: c.stream_id, name: c.name }));
  }

  /** The caller's access to every channel they may see. */
  allChannels(): Promise<readonly ChannelAccess[]> {
    if (this.channelList) return this.channelList;
    const ask = () => this.channels.listAccess({}).then((r) => r.channels.map(toAccess));
    this.channelList = this.cache ? this.fromCache(this.cache, (c) => c.channelLists.get(this.caller.realm_id, String(this.caller.user_id), ask)) : ask();
    return this.channelList;
  }

  async subscribers(channelId: number): Promise<number[]> {
    const r = await this.channels.getChannelRecipients({ stream_id: channelId });
    return r.user_ids.map(Number);
  }
}

/** The settings that change a user's topics' visibility when they send, react or are mentioned. */
export interface TopicSettings {
  user_id: number;
  /** 1 on participation, 2 on send, 3 on initiation, 4 never (Zulip's values). */
  follow: number;
  unmuteInMutedChannels: number;
  followWhereMentioned: boolean;
}

const NEVER_CHANGE_TOPICS: TopicSettings = { user_id: 0, follow: 4, unmuteInMutedChannels: 4, followWhereMentioned: false };

const toTopicSettings = (s: TopicVisibilitySettings__Output): TopicSettings => ({
  user_id: Number(s.user_id),
  follow: s.automatically_follow_topics_policy,
  unmuteInMutedChannels: s.automatically_unmute_topics_in_muted_streams_policy,
  followWhereMentioned: s.automatically_follow_topics_where_mentioned,
});

/** A realm's system bot ("notification-bot"), which the system sends its own messages as. */
export async function systemBot(clients: RpcClients, realmId: number, local: string): Promise<Person> {
  const r = await clients.users.resolveUsers({ realm_id: realmId, principals: [], system_bot: local }, { client: 'Internal', host: '' });
  return personOf(r.users[0]);
}

/** One user of a realm as the messages service sees people (system bots included), or undefined. */
export async function personById(clients: RpcClients, realmId: number, userId: number): Promise<Person | undefined> {
  const r = await clients.users.resolveUsers({ realm_id: realmId, principals: [String(userId)], include_system_bots: true }, { client: 'Internal', host: '' });
  return r.users[0] ? personOf(r.users[0]) : undefined;
}
