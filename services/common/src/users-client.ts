import type { BoundClient } from './grpc/service-clients';
import { parseJsonReply } from './grpc/client';
import { realmPolicyOf, type RealmPolicy } from './group-settings';
import type { ResolvedUser__Output } from './generated/parley/users/v1/ResolvedUser';
import type { ResolveUsersRequest } from './generated/parley/users/v1/ResolveUsersRequest';

/**
 * What every other service asks the users service, which owns people, groups and realm
 * settings (ADR 0007), in the shapes they use: one place, so that the channels, messages and
 * uploads services read the answers alike. Each takes the users service's client bound to the
 * request's caller (bindClient).
 */

/** A user as other services see one (the users service's ResolvedUser). */
export interface Person {
  user_id: number;
  email: string;
  full_name: string;
  role: number;
  is_bot: boolean;
  is_active: boolean;
  avatar_url: string;
  /** A gravatar of an email everyone sees: a client_gravatar client computes it (avatar_url null). */
  client_computable_avatar: boolean;
  /** For bots: the user who owns it. */
  bot_owner_id: number | null;
}

export const personOf = (u: ResolvedUser__Output): Person => ({
  user_id: Number(u.user_id),
  email: u.email,
  full_name: u.full_name,
  role: u.role,
  is_bot: u.is_bot,
  is_active: u.is_active,
  avatar_url: u.avatar_url,
  client_computable_avatar: u.client_computable_avatar === true,
  bot_owner_id: Number(u.bot_owner_id) || null,
});

/** Users named by ID or API email (ResolveUsers); the principals that name no one, as given. */
export async function resolvePeople(users: BoundClient<'users'>, request: ResolveUsersRequest): Promise<{ users: Person[]; unknown: string[] }> {
  const reply = await users.resolveUsers(request);
  return { users: reply.users.map(personOf), unknown: reply.unknown };
}

/** The realm's settings and system groups (GetRealmPolicy). */
export async function fetchRealmPolicy(users: BoundClient<'users'>, realmId: number): Promise<RealmPolicy> {
  return realmPolicyOf(await users.getRealmPolicy({ realm_id: realmId }));
}

/** Every group each of these users of the realm belongs to; users of other realms are absent. */
export async function groupIdsOf(users: BoundClient<'users'>, realmId: number, userIds: number[]): Promise<Map<number, Set<number>>> {
  const reply = await users.getGroupMemberships({ realm_id: realmId, user_ids: userIds });
  return new Map(reply.memberships.map((m) => [Number(m.user_id), new Set(m.group_ids.map(Number))]));
}

/** The realm's active users who hold any of these group-setting values (ExpandGroupSettings). */
export async function holdersOf(users: BoundClient<'users'>, realmId: number, values: unknown[]): Promise<number[]> {
  if (!values.length) return [];
  const reply = await users.expandGroupSettings({ realm_id: realmId, setting_values: values.map((v) => JSON.stringify(v)) });
  return reply.user_ids.map(Number);
}

/**
 * Markdown rendered as messages are (the messages service owns the renderer): channel
 * descriptions, Markdown custom profile fields. Ask before a transaction, never inside one.
 */
export async function renderMarkdown(messages: BoundClient<'messages'>, text: string): Promise<string> {
  return parseJsonReply<{ rendered: string }>(await messages.renderMessage({ content: text })).rendered;
}
