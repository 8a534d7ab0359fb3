import {
  BadRequestError,
  bindClient,
  BoundClient,
  Caller,
  DbServiceDeps,
  CallContext,
  fetchRealmPolicy,
  groupIdsOf,
  handledLater,
  HandlerContext,
  holdersOf,
  Person,
  RealmPolicy as CommonRealmPolicy,
  realmPolicyOf,
  renderMarkdown,
  resolvePeople,
  RpcClients,
} from '@parley/common';

/** A realm's settings (group settings as values) and its system groups' IDs by name. */
export type RealmPolicy = Pick<CommonRealmPolicy, 'settings' | 'systemGroups'>;

/** Someone whose permissions are being decided: role, and every group they belong to. */
export interface Viewer {
  user_id: number;
  role: number;
  is_bot: boolean;
  groupIds: ReadonlySet<number>;
}

/** A user as the channels service needs one (the users service's Person, without avatars). */
export type UserSummary = Omit<Person, 'avatar_url' | 'client_computable_avatar'>;

/**
 * What the channels service asks the users service, which owns users and groups (ADR 0007).
 * One instance per request: the realm policy is fetched once however often it is needed.
 */
export class Peers {
  private policy?: Promise<RealmPolicy>;
  /** The caller as a viewer, when given with useCallerContext. */
  private given?: Viewer;

  private readonly ctx: CallContext;
  /** The users service, asked on behalf of the request's caller (bound when first asked). */
  private boundUsers?: BoundClient<'users'>;

  constructor(
    private readonly clients: RpcClients,
    ctx: Pick<HandlerContext, 'client' | 'host'> & { caller?: Caller },
    readonly realmId: number,
  ) {
    this.ctx = { caller: ctx.caller, client: ctx.client, host: ctx.host };
  }

  private get users(): BoundClient<'users'> {
    return (this.boundUsers ??= bindClient(this.clients.users, this.ctx));
  }

  realmPolicy(): Promise<RealmPolicy> {
    this.policy ??= fetchRealmPolicy(this.users, this.realmId);
    return this.policy;
  }

  /** The viewers for these users of the realm (users of other realms are left out). */
  async viewers(users: { user_id: number; role: number; is_bot: boolean }[]): Promise<Map<number, Viewer>> {
    if (!users.length) return new Map();
    const groups = await groupIdsOf(
      this.users,
      this.realmId,
      users.map((u) => u.user_id),
    );
    return new Map(users.filter((u) => groups.has(u.user_id)).map((u) => [u.user_id, { ...u, groupIds: groups.get(u.user_id)! }]));
  }

  /**
   * Takes the caller's groups and the realm's policy as another service fetched them
   * (GetAccess's caller_context): viewer(caller) and realmPolicy() then ask nobody.
   */
  useCallerContext(caller: Caller, context: { settings: string; system_groups: Record<string, number | string>; group_ids: (number | string)[] }): void {
    this.policy = Promise.resolve(realmPolicyOf(context));
    this.given = viewerOf(caller, context.group_ids);
  }

  /**
   * One user (the caller, usually) as a viewer. The realm's policy comes in the same hop
   * (GetPermissionContext), for the realmPolicy() that nearly always follows.
   */
  async viewer(caller: Caller): Promise<Viewer> {
    if (this.given?.user_id === caller.user_id) return this.given;
    const reply = this.users.getPermissionContext({ realm_id: this.realmId, user_ids: [caller.user_id] });
    // Kept for a realmPolicy() that may not come: handledLater, so a failed call rejects only what is awaited.
    this.policy ??= handledLater(reply.then((r) => realmPolicyOf(r.policy!)));
    const groups = (await reply).memberships.find((m) => Number(m.user_id) === caller.user_id);
    if (!groups) throw new BadRequestError('Invalid user');
    return viewerOf(caller, groups.group_ids);
  }

  /** The realm's active users who hold any of the values. */
  async holders(values: unknown[]): Promise<number[]> {
    return holdersOf(this.users, this.realmId, values);
  }

  /** Validates group-setting values (BAD_REQUEST from the users service when one is refused). */
  async checkGroupSettings(checks: { name: string; value: unknown; allowEveryone: boolean }[]): Promise<unknown[]> {
    if (!checks.length) return [];
    const reply = await this.users.checkGroupSettings({
      realm_id: this.realmId,
      checks: checks.map((c) => ({ name: c.name, value: JSON.stringify(c.value), allow_everyone: c.allowEveryone })),
    });
    return reply.values.map((v) => JSON.parse(v) as unknown);
  }

  /**
   * Markdown as messages render it (the messages service owns the renderer), for channel
   * descriptions; '' for ''.
   */
  async renderMarkdown(text: string): Promise<string> {
    if (!text.trim()) return '';
    return renderMarkdown(bindClient(this.clients.messages, this.ctx), text);
  }

  /** A new realm's announcements go to this channel (its initial "general"), unless chosen already. */
  async setInitialAnnouncementsChannel(channelId: number): Promise<void> {
    await this.users.setInitialAnnouncementsChannel({ realm_id: this.realmId, stream_id: channelId });
  }

  /** Users named by ID or API email; unknown ones listed as given. */
  async resolve(principals: (string | number)[]): Promise<{ users: UserSummary[]; unknown: string[] }> {
    if (!principals.length) return { users: [], unknown: [] };
    return resolvePeople(this.users, { realm_id: this.realmId, principals: principals.map(String) });
  }
}

/** The caller as a viewer, given every group they belong to. */
const viewerOf = (caller: Caller, groupIds: (number | string)[]): Viewer => ({
  user_id: caller.user_id,
  role: caller.role,
  is_bot: caller.is_bot,
  groupIds: new Set(groupIds.map(Number)),
});

/** The other services as the caller's request sees them (one per request). */
export const peersFor = (deps: DbServiceDeps, ctx: HandlerContext): Peers => new Peers(deps.clients, ctx, ctx.caller.realm_id);
