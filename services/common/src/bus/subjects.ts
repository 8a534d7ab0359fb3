import type { ServiceName } from '../config';
import type { ClientEvent } from '../emit';
import type { Bus, BusMessage, Subscription } from './bus';

/**
 * Every subject Parley's services announce on the bus, with the payload its messages carry:
 * publishers (writeOutbox, emit) and subscribers (subscribeTo) are typed from this one map, so
 * no consumer asserts what a message holds. A new subject is a row here.
 */

/** users.auth.invalidate: gateways drop cached authentications (the realm's, or one user's). */
export interface AuthInvalidated {
  realm_id: number;
  user_id: number | null;
}

/** users.user.created: a user joined (the channels service subscribes them to the defaults). */
export interface UserCreated {
  realm_id: number;
  user_id: number;
  role: number;
  is_bot: boolean;
  /**
   * A user who signed up through an invitation link joins the invitation's channels, and the
   * default channels only when it says so (Zulip's include_realm_default_subscriptions);
   * absent, the defaults.
   */
  invited_to?: { stream_ids: number[]; include_realm_default_subscriptions: boolean };
  /**
   * The realm's first owner, made with the realm by its operator (manage create-realm): the
   * channels service first creates the realm's initial channels (general, sandbox, Parley:
   * Zulip's do_create_realm), then subscribes the user to the defaults as for anyone.
   */
  initial_channels?: boolean;
}

/** users.user.active_changed: a user was deactivated or reactivated. */
export interface UserActiveChanged {
  realm_id: number;
  user_id: number;
  is_active: boolean;
}

/** users.user.role_changed: a user's role changed. */
export interface UserRoleChanged {
  realm_id: number;
  user_id: number;
  is_bot: boolean;
  old_role: number;
  role: number;
}

/** users.user.settings_changed: some of a user's personal settings changed, at changed_at (ISO 8601). */
export interface UserSettingsChanged {
  realm_id: number;
  user_id: number;
  changes: Record<string, unknown>;
  changed_at: string;
}

/** users.user.muted: a user muted another, at muted_at (ISO 8601). */
export interface UserMuted {
  realm_id: number;
  user_id: number;
  muted_user_id: number;
  muted_at: string;
}

/** channels.notification, messages.notification, users.notification: a message the realm's Notification Bot sends. */
export interface Notification {
  realm_id: number;
  /** A channel message (stream_id, topic) or a direct message to user_ids. */
  stream_id?: number;
  topic?: string;
  user_ids?: number[];
  content: string;
}

/** The subject of the Zulip events a service announces for the events service to queue. */
export type ClientEventSubject<S extends ServiceName = ServiceName> = `${S}.client_event`;

export type BusPayloads = {
  'users.auth.invalidate': AuthInvalidated;
  'users.user.created': UserCreated;
  'users.user.active_changed': UserActiveChanged;
  'users.user.role_changed': UserRoleChanged;
  'users.user.settings_changed': UserSettingsChanged;
  'users.user.muted': UserMuted;
  'users.notification': Notification;
  'channels.notification': Notification;
  'messages.notification': Notification;
} & { [S in ClientEventSubject]: ClientEvent };

export type BusSubject = keyof BusPayloads;

/**
 * The subjects a subscription's pattern matches: `users.user.*` (or `users.user.>`) every
 * subject under users.user, a subject itself otherwise.
 */
export type SubjectsMatching<P extends string> = P extends `${infer Prefix}.*`
  ? Extract<BusSubject, `${Prefix}.${string}`>
  : P extends `${infer Prefix}.>`
    ? Extract<BusSubject, `${Prefix}.${string}`>
    : Extract<P, BusSubject>;

/** A message of one of these subjects, its payload known by its subject. */
export type BusMessageOf<S extends BusSubject> = { [K in S]: Omit<BusMessage, 'subject' | 'data'> & { subject: K; data: BusPayloads[K] } }[S];

export interface TypedSubscribeOptions<P extends string> {
  /** A subject of the map, or a pattern of them (`users.user.*`). */
  subject: P & (SubjectsMatching<P> extends never ? never : unknown);
  durable?: string;
  ordered?: boolean;
  handler: (msg: BusMessageOf<SubjectsMatching<P>>) => Promise<void>;
}

/** Bus.subscribe with the payload typed by subject (see Bus.subscribe for durable and ordered). */
export function subscribeTo<P extends string>(bus: Bus, opts: TypedSubscribeOptions<P>): Promise<Subscription> {
  return bus.subscribe({ ...opts, handler: (msg) => opts.handler(msg as BusMessageOf<SubjectsMatching<P>>) });
}
