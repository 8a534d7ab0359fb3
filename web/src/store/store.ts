// The client's one store, as every Zulip client keeps it: POST /register gives the initial
// state, and each event from GET /events is applied to it (store/events.ts runs the queue).
// Views read it through useStore (useSyncExternalStore): every change bumps `version`, and a
// changed message is a new object, so a memoized row re-renders only when its message changed.
//
// Register answers and events arrive as Zulip's JSON: each case below reads the fields its
// event type documents (the reference's GET /events schemas, 86 of them), and the end-to-end
// tests drive every one the views show. Typing each through the generated union would restate
// those schemas here, so the JSON is read as `Json` and the unsafe-any rules are off for it.
/* eslint-disable @typescript-eslint/no-unsafe-assignment, @typescript-eslint/no-unsafe-argument, @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-call -- Zulip's JSON, read per its documented event shapes (above) */
import type { Channel, Draft, Linkifier, Message, RealmEmoji, ScheduledMessage, Subscription, UnreadPlace, User, UserSettings } from './types';
import { dmKey, messageDmKey, type Narrow } from '../lib/narrow';

export interface Feed {
  narrow: Narrow;
  /** Message ids, oldest first. */
  ids: number[];
  foundOldest: boolean;
  foundNewest: boolean;
  loading: boolean;
  error?: string;
  /** The first unread message when the feed was opened, for "jump to first unread". */
  anchor?: number;
}

export interface Presence {
  active_timestamp?: number;
  idle_timestamp?: number;
}

export interface UserStatus {
  status_text?: string;
  emoji_name?: string;
  emoji_code?: string;
  reaction_type?: string;
  away?: boolean;
}

export interface Topic {
  name: string;
  max_id: number;
}

export type Connection = 'connecting' | 'connected' | 'reconnecting';

/** Messages moved: from a channel's topic to another (`whole`: the whole topic went). */
export interface Move {
  ids: number[];
  from: { stream_id: number; topic: string };
  to: { stream_id: number; topic: string };
  whole: boolean;
}

export interface State {
  version: number;
  /** Bumped when unread messages (or the muted topics and channels their counts skip) may have changed: the counts are cached by it. */
  unreadVersion: number;
  /** Bumped when users, presence or statuses may have changed: the people list caches by it. */
  peopleVersion: number;
  connection: Connection;
  me: { user_id: number; email: string; full_name: string; role: number; is_admin: boolean; is_owner: boolean; is_moderator: boolean; is_guest: boolean };
  realm: Record<string, unknown> & { realm_name: string; realm_uri?: string; realm_url?: string; max_message_id?: number; server_emoji_data_url?: string };
  users: Map<number, User>;
  channels: Map<number, Channel>;
  subscriptions: Map<number, Subscription>;
  settings: UserSettings;
  messages: Map<number, Message>;
  feeds: Map<string, Feed>;
  unread: Map<number, UnreadPlace>;
  mentions: Set<number>;
  starred: Set<number>;
  topics: Map<number, Topic[]>;
  /** user_topic policies by `stream_id\0topic` (topic lowercased). */
  userTopics: Map<string, number>;
  mutedUsers: Set<number>;
  presence: Map<number, Presence>;
  userStatus: Map<number, UserStatus>;
  drafts: Map<number, Draft>;
  scheduled: Map<number, ScheduledMessage>;
  realmEmoji: Map<string, RealmEmoji>;
  linkifiers: Linkifier[];
  alertWords: string[];
  /** Direct conversations by key (member ids, sorted, yourself included) → newest message id. */
  recentDms: Map<string, number>;
  /** Who is typing where (`channel:ID:topic` or `dm:KEY`) → user id → when it expires. */
  typing: Map<string, Map<number, number>>;
  customProfileFields: { id: number; name: string; type: number; hint: string; field_data: string; order: number; required?: boolean; editable_by_user?: boolean }[];
  userGroups: { id: number; name: string; members: number[]; is_system_group?: boolean }[];
}

type Listener = () => void;
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the JSON of a register answer or an event (see the file's comment)
export type Json = Record<string, any>;

export const topicKey = (streamId: number, topic: string): string => `${streamId}\0${topic.toLowerCase()}`;
export const typingKeyForChannel = (streamId: number, topic: string): string => `channel:${streamId}:${topic.toLowerCase()}`;
export const typingKeyForDm = (key: string): string => `dm:${key}`;

export function unreadPlaceOf(message: Message, me: number): UnreadPlace {
  return message.type === 'stream' ? { kind: 'channel', stream_id: message.stream_id!, topic: message.subject } : { kind: 'dm', key: messageDmKey(message, me) };
}

/** The events that may change unread messages or what their counts skip (muted topics and channels). */
const UNREAD_EVENTS = new Set(['message', 'update_message', 'delete_message', 'update_message_flags', 'user_topic', 'subscription']);
/** The events that may change the people list. */
const PEOPLE_EVENTS = new Set(['realm_user', 'presence', 'user_status']);

export class Store {
  private listeners = new Set<Listener>();
  state: State | undefined;

  subscribe = (listener: Listener): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getVersion = (): number => this.state?.version ?? -1;

  changed(): void {
    if (this.state) this.state.version++;
    for (const listener of this.listeners) listener();
  }

  /** The register answer as the store's state (feeds are fetched by the views). */
  load(reg: Json): void {
    const users = new Map<number, User>();
    for (const u of [...(reg.realm_users ?? []), ...(reg.realm_non_active_users ?? [])] as User[]) users.set(u.user_id, u);
    for (const u of (reg.cross_realm_bots ?? []) as User[]) users.set(u.user_id, { ...u, is_bot: true, is_active: true });
    const channels = new Map<number, Channel>();
    const subscriptions = new Map<number, Subscription>();
    for (const s of (reg.streams ?? []) as Channel[]) channels.set(s.stream_id, s);
    for (const s of [...(reg.unsubscribed ?? []), ...(reg.never_subscribed ?? [])] as Channel[]) channels.set(s.stream_id, { ...channels.get(s.stream_id), ...s });
    for (const s of (reg.subscriptions ?? []) as Subscription[]) {
      subscriptions.set(s.stream_id, s);
      channels.set(s.stream_id, { ...channels.get(s.stream_id), ...s });
    }
    const unread = new Map<number, UnreadPlace>();
    const u = reg.unread_msgs ?? {};
    for (const s of u.streams ?? []) for (const id of s.unread_message_ids) unread.set(id, { kind: 'channel', stream_id: s.stream_id, topic: s.topic });
    for (const p of u.pms ?? []) for (const id of p.unread_message_ids) unread.set(id, { kind: 'dm', key: dmKey([p.other_user_id ?? p.sender_id], reg.user_id) });
    for (const h of u.huddles ?? []) for (const id of h.unread_message_ids) unread.set(id, { kind: 'dm', key: h.user_ids_string });
    const userTopics = new Map<string, number>();
    for (const t of reg.user_topics ?? []) userTopics.set(topicKey(t.stream_id, t.topic_name), t.visibility_policy);
    const presence = new Map<number, Presence>();
    for (const [id, p] of Object.entries(reg.presences ?? {})) presence.set(Number(id), p as Presence);
    const userStatus = new Map<number, UserStatus>();
    for (const [id, s] of Object.entries(reg.user_status ?? {})) userStatus.set(Number(id), s as UserStatus);
    const recentDms = new Map<string, number>();
    for (const c of reg.recent_private_conversations ?? []) recentDms.set(dmKey(c.user_ids, reg.user_id), c.max_message_id);
    const realm: State['realm'] = { realm_name: '' };
    for (const [key, value] of Object.entries(reg)) if (key.startsWith('realm_') || key.startsWith('server_') || key.startsWith('max_')) realm[key] = value;
    this.state = {
      version: (this.state?.version ?? 0) + 1,
      unreadVersion: (this.state?.version ?? 0) + 1,
      peopleVersion: (this.state?.version ?? 0) + 1,
      connection: 'connected',
      me: {
        user_id: reg.user_id,
        email: reg.email,
        full_name: reg.full_name,
        role: reg.role ?? 400,
        is_admin: Boolean(reg.is_admin),
        is_owner: Boolean(reg.is_owner),
        is_moderator: Boolean(reg.is_moderator),
        is_guest: Boolean(reg.is_guest),
      },
      realm,
      users,
      channels,
      subscriptions,
      settings: (reg.user_settings ?? {}) as UserSettings,
      messages: new Map(),
      feeds: new Map(),
      unread,
      mentions: new Set(u.mentions ?? []),
      starred: new Set(reg.starred_messages ?? []),
      topics: new Map(),
      userTopics,
      mutedUsers: new Set((reg.muted_users ?? []).map((m: { id: number }) => m.id)),
      presence,
      userStatus,
      drafts: new Map((reg.drafts ?? []).map((d: Draft) => [d.id, d])),
      scheduled: new Map((reg.scheduled_messages ?? []).map((m: ScheduledMessage) => [m.scheduled_message_id, m])),
      realmEmoji: new Map(Object.values((reg.realm_emoji ?? {}) as Record<string, RealmEmoji>).map((e) => [e.name, e])),
      linkifiers: reg.realm_linkifiers ?? [],
      alertWords: reg.alert_words ?? [],
      recentDms,
      typing: new Map(),
      customProfileFields: reg.custom_profile_fields ?? [],
      userGroups: reg.realm_user_groups ?? [],
    };
    this.changed();
  }

  /** Presence of the realm as POST /users/me/presence answers it (slim: by user id). */
  applyPresences(presences: Record<string, unknown> | undefined): void {
    if (!this.state || !presences) return;
    for (const [id, p] of Object.entries(presences)) this.state.presence.set(Number(id), p as Presence);
    this.state.peopleVersion++;
    this.changed();
  }

  setConnection(connection: Connection): void {
    if (!this.state || this.state.connection === connection) return;
    this.state.connection = connection;
    this.changed();
  }

  /** Messages fetched for a feed: kept, and placed in the feed in id order. */
  addFetched(key: string, messages: Message[], foundOldest: boolean | undefined, foundNewest: boolean | undefined): void {
    const s = this.state!;
    const feed = s.feeds.get(key);
    if (!feed) return;
    for (const m of messages) this.keepMessage(m);
    const ids = new Set(feed.ids);
    for (const m of messages) ids.add(m.id);
    feed.ids = [...ids].sort((a, b) => a - b);
    if (foundOldest !== undefined) feed.foundOldest = feed.foundOldest || foundOldest;
    if (foundNewest !== undefined) feed.foundNewest = feed.foundNewest || foundNewest;
    feed.loading = false;
    feed.error = undefined;
    this.changed();
  }

  private keepMessage(m: Message): void {
    const s = this.state!;
    const flags = m.flags ?? [];
    s.messages.set(m.id, { ...m, flags, reactions: m.reactions ?? [], submessages: m.submessages ?? [] });
    if (m.type === 'stream') this.noteTopic(m.stream_id!, m.subject, m.id);
    else s.recentDms.set(messageDmKey(m, s.me.user_id), Math.max(m.id, s.recentDms.get(messageDmKey(m, s.me.user_id)) ?? 0));
  }

  private noteTopic(streamId: number, name: string, id: number): void {
    const s = this.state!;
    const topics = s.topics.get(streamId);
    if (!topics) return;
    const existing = topics.find((t) => t.name.toLowerCase() === name.toLowerCase());
    if (existing) existing.max_id = Math.max(existing.max_id, id);
    else topics.push({ name, max_id: id });
    topics.sort((a, b) => b.max_id - a.max_id);
  }

  setTopics(streamId: number, topics: Topic[]): void {
    this.state!.topics.set(
      streamId,
      [...topics].sort((a, b) => b.max_id - a.max_id),
    );
    this.changed();
  }

  /** Applies one event from GET /events. Unknown types are ignored, as Zulip's clients do. */
  apply(e: Json): void {
    const s = this.state;
    if (!s) return;
    const me = s.me.user_id;
    if (UNREAD_EVENTS.has(e.type)) s.unreadVersion++;
    if (PEOPLE_EVENTS.has(e.type)) s.peopleVersion++;
    switch (e.type) {
      case 'message': {
        const m = { ...(e.message as Message), flags: (e.flags as string[]) ?? [] };
        this.keepMessage(m);
        if (!m.flags.includes('read')) {
          s.unread.set(m.id, unreadPlaceOf(m, me));
          if (m.flags.some((f) => f === 'mentioned' || f === 'wildcard_mentioned')) s.mentions.add(m.id);
        }
        for (const listener of this.messageListeners) listener(m);
        break;
      }
      case 'update_message': {
        const ids: number[] = e.message_ids ?? [e.message_id];
        for (const id of ids) {
          const old = s.messages.get(id);
          const place = s.unread.get(id);
          if (place?.kind === 'channel') s.unread.set(id, { kind: 'channel', stream_id: e.new_stream_id ?? place.stream_id, topic: e.subject ?? place.topic });
          if (!old) continue;
          const next: Message = { ...old };
          if (id === e.message_id && e.rendered_content !== undefined) {
            next.content = e.rendered_content;
            if (!e.rendering_only) next.last_edit_timestamp = e.edit_timestamp;
          }
          if (e.subject !== undefined) next.subject = e.subject;
          if (e.new_stream_id !== undefined) {
            next.stream_id = e.new_stream_id;
            next.display_recipient = s.channels.get(e.new_stream_id)?.name ?? next.display_recipient;
          }
          if (e.subject !== undefined || e.new_stream_id !== undefined) next.last_moved_timestamp = e.edit_timestamp;
          s.messages.set(id, next);
        }
        if (e.subject !== undefined || e.new_stream_id !== undefined) {
          for (const streamId of [e.stream_id, e.new_stream_id]) if (streamId !== undefined) s.topics.delete(streamId);
          // Feeds of the topic the messages left no longer hold them.
          for (const feed of s.feeds.values()) if (feed.narrow.some((t) => t.operator === 'topic' || t.operator === 'channel')) feed.foundNewest = feed.foundNewest && true;
          const move: Move = {
            ids,
            from: { stream_id: e.stream_id, topic: e.orig_subject ?? e.subject },
            to: { stream_id: e.new_stream_id ?? e.stream_id, topic: e.subject ?? e.orig_subject },
            whole: e.propagate_mode === 'change_all',
          };
          for (const listener of this.movedListeners) listener(move);
        }
        break;
      }
      case 'delete_message': {
        const ids: number[] = e.message_ids ?? [e.message_id];
        for (const id of ids) {
          s.messages.delete(id);
          s.unread.delete(id);
          s.mentions.delete(id);
          s.starred.delete(id);
        }
        const gone = new Set(ids);
        for (const feed of s.feeds.values()) feed.ids = feed.ids.filter((id) => !gone.has(id));
        break;
      }
      case 'reaction': {
        const m = s.messages.get(e.message_id);
        if (!m) break;
        const same = (r: { emoji_code: string; reaction_type: string; user_id: number }) => r.emoji_code === e.emoji_code && r.reaction_type === e.reaction_type && r.user_id === e.user_id;
        const reactions =
          e.op === 'add'
            ? [...m.reactions.filter((r) => !same(r)), { emoji_name: e.emoji_name, emoji_code: e.emoji_code, reaction_type: e.reaction_type, user_id: e.user_id }]
            : m.reactions.filter((r) => !same(r));
        s.messages.set(m.id, { ...m, reactions });
        break;
      }
      case 'submessage': {
        const m = s.messages.get(e.message_id);
        if (m) s.messages.set(m.id, { ...m, submessages: [...m.submessages, { id: e.submessage_id, message_id: e.message_id, sender_id: e.sender_id, msg_type: e.msg_type, content: e.content }] });
        break;
      }
      case 'update_message_flags': {
        const flag: string = e.flag;
        const add = e.op === 'add';
        const ids: number[] = e.all ? [...s.messages.keys()] : e.messages;
        for (const id of ids) {
          const m = s.messages.get(id);
          if (m) s.messages.set(id, { ...m, flags: add ? [...new Set([...m.flags, flag])] : m.flags.filter((f) => f !== flag) });
          if (flag === 'read') {
            if (add) {
              s.unread.delete(id);
              s.mentions.delete(id);
            } else {
              const detail = e.message_details?.[id];
              if (detail) s.unread.set(id, detail.type === 'stream' ? { kind: 'channel', stream_id: detail.stream_id, topic: detail.topic } : { kind: 'dm', key: dmKey(detail.user_ids ?? [], me) });
              else if (m) s.unread.set(id, unreadPlaceOf(m, me));
              if (detail?.mentioned) s.mentions.add(id);
            }
          }
          if (flag === 'starred' && add) s.starred.add(id);
          else if (flag === 'starred') s.starred.delete(id);
        }
        if (flag === 'read' && add && e.all) {
          s.unread.clear();
          s.mentions.clear();
        }
        break;
      }
      case 'typing': {
        const key =
          e.message_type === 'stream'
            ? typingKeyForChannel(e.stream_id, e.topic)
            : typingKeyForDm(
                dmKey(
                  (e.recipients ?? []).map((r: { user_id: number }) => r.user_id),
                  me,
                ),
              );
        const sender: number = e.sender.user_id;
        if (sender === me) break;
        const who = s.typing.get(key) ?? new Map<number, number>();
        if (e.op === 'start') who.set(sender, Date.now() + 15_000);
        else who.delete(sender);
        s.typing.set(key, who);
        break;
      }
      case 'subscription':
        this.applySubscription(e);
        break;
      case 'stream': {
        if (e.op === 'create') for (const c of e.streams as Channel[]) s.channels.set(c.stream_id, c);
        else if (e.op === 'delete') {
          for (const c of e.streams as Channel[]) {
            const archived = { ...s.channels.get(c.stream_id), ...c, is_archived: true };
            s.channels.set(c.stream_id, archived);
            s.subscriptions.delete(c.stream_id);
          }
        } else if (e.op === 'update') {
          const c = s.channels.get(e.stream_id);
          if (c) s.channels.set(e.stream_id, { ...c, [e.property]: e.value, ...(e.rendered_description !== undefined && { rendered_description: e.rendered_description }) });
          const sub = s.subscriptions.get(e.stream_id);
          if (sub) s.subscriptions.set(e.stream_id, { ...sub, [e.property]: e.value, ...(e.rendered_description !== undefined && { rendered_description: e.rendered_description }) });
        }
        break;
      }
      case 'realm_user': {
        const p = e.person;
        if (e.op === 'add') s.users.set(p.user_id, p);
        else if (e.op === 'remove') {
          const u = s.users.get(p.user_id);
          if (u) s.users.set(p.user_id, { ...u, is_active: false });
        } else if (e.op === 'update') {
          const u = s.users.get(p.user_id);
          if (u && p.custom_profile_field) s.users.set(p.user_id, { ...u, profile_data: withProfileValue(u.profile_data, p.custom_profile_field) });
          else if (u) s.users.set(p.user_id, { ...u, ...p });
          if (p.user_id === me) {
            if (p.full_name !== undefined) s.me.full_name = p.full_name;
            if (p.role !== undefined) {
              s.me.role = p.role;
              s.me.is_owner = p.role === 100;
              s.me.is_admin = p.role <= 200;
              s.me.is_moderator = p.role === 300;
              s.me.is_guest = p.role === 600;
            }
          }
        }
        break;
      }
      case 'presence': {
        for (const [id, p] of Object.entries(e.presences ?? {})) s.presence.set(Number(id), p as Presence);
        break;
      }
      case 'user_status': {
        const { type: _t, id: _i, user_id, ...rest } = e;
        s.userStatus.set(user_id, { ...s.userStatus.get(user_id), ...rest });
        break;
      }
      case 'user_settings':
        if (e.op === 'update') s.settings = { ...s.settings, [e.property]: e.value };
        break;
      case 'update_display_settings':
      case 'update_global_notifications':
        s.settings = { ...s.settings, [e.setting_name]: e.setting };
        break;
      case 'realm':
        if (e.op === 'update') s.realm = { ...s.realm, [`realm_${e.property}`]: e.value };
        else if (e.op === 'update_dict') s.realm = { ...s.realm, ...Object.fromEntries(Object.entries(e.data).map(([k, v]) => [`realm_${k}`, v])) };
        break;
      case 'drafts':
        if (e.op === 'add') for (const d of e.drafts as Draft[]) s.drafts.set(d.id, d);
        else if (e.op === 'update') s.drafts.set(e.draft.id, e.draft);
        else if (e.op === 'remove') s.drafts.delete(e.draft_id);
        break;
      case 'scheduled_messages':
        if (e.op === 'add') for (const m of e.scheduled_messages as ScheduledMessage[]) s.scheduled.set(m.scheduled_message_id, m);
        else if (e.op === 'update') s.scheduled.set(e.scheduled_message.scheduled_message_id, { ...s.scheduled.get(e.scheduled_message.scheduled_message_id), ...e.scheduled_message });
        else if (e.op === 'remove') s.scheduled.delete(e.scheduled_message_id);
        break;
      case 'user_topic':
        s.userTopics.set(topicKey(e.stream_id, e.topic_name), e.visibility_policy);
        break;
      case 'muted_users':
        s.mutedUsers = new Set((e.muted_users ?? []).map((m: { id: number }) => m.id));
        break;
      case 'alert_words':
        s.alertWords = e.alert_words ?? [];
        break;
      case 'realm_emoji':
        s.realmEmoji = new Map(Object.values((e.realm_emoji ?? {}) as Record<string, RealmEmoji>).map((x) => [x.name, x]));
        break;
      case 'realm_linkifiers':
        s.linkifiers = e.realm_linkifiers ?? [];
        break;
      case 'custom_profile_fields':
        s.customProfileFields = e.fields ?? [];
        break;
      default:
        return;
    }
    this.changed();
  }

  private applySubscription(e: Json): void {
    const s = this.state!;
    if (e.op === 'add') {
      for (const sub of e.subscriptions as Subscription[]) {
        s.subscriptions.set(sub.stream_id, sub);
        s.channels.set(sub.stream_id, { ...s.channels.get(sub.stream_id), ...sub });
      }
    } else if (e.op === 'remove') {
      for (const sub of e.subscriptions as { stream_id: number }[]) s.subscriptions.delete(sub.stream_id);
    } else if (e.op === 'update') {
      const sub = s.subscriptions.get(e.stream_id);
      if (sub) s.subscriptions.set(e.stream_id, { ...sub, [e.property === 'in_home_view' ? 'is_muted' : e.property]: e.property === 'in_home_view' ? !e.value : e.value });
    } else if (e.op === 'peer_add' || e.op === 'peer_remove') {
      for (const id of e.stream_ids as number[]) {
        const sub = s.subscriptions.get(id);
        if (!sub?.subscribers) continue;
        const members = new Set(sub.subscribers);
        for (const u of e.user_ids as number[]) {
          if (e.op === 'peer_add') members.add(u);
          else members.delete(u);
        }
        s.subscriptions.set(id, { ...sub, subscribers: [...members] });
      }
    }
  }

  private messageListeners = new Set<(m: Message) => void>();
  private movedListeners = new Set<(move: Move) => void>();
  /** Called for each new message (feeds place it; notifications show it). */
  onMessage(listener: (m: Message) => void): () => void {
    this.messageListeners.add(listener);
    return () => this.messageListeners.delete(listener);
  }
  /** Called when messages change topic or channel (a rename, a move, resolving a topic). */
  onMoved(listener: (move: Move) => void): () => void {
    this.movedListeners.add(listener);
    return () => this.movedListeners.delete(listener);
  }

  /** Drops typing notices past their expiry (Zulip's clients expire them after 15 s). */
  expireTyping(now = Date.now()): void {
    const s = this.state;
    if (!s) return;
    let changed = false;
    for (const who of s.typing.values())
      for (const [id, until] of who)
        if (until < now) {
          who.delete(id);
          changed = true;
        }
    if (changed) this.changed();
  }
}

export const store = new Store();

/** A user's profile_data after one field's value changed (a null value clears it), as Zulip's realm_user update says. */
function withProfileValue(data: User['profile_data'], change: { id: number; value: string | null; rendered_value?: string }): User['profile_data'] {
  const next = { ...data };
  if (change.value === null) delete next[change.id];
  else next[change.id] = change.rendered_value === undefined ? { value: change.value } : { value: change.value, rendered_value: change.rendered_value };
  return next;
}
