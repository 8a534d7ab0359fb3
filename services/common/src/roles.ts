/** Zulip's role values, as on the wire. */
export const Role = {
  OWNER: 100,
  ADMINISTRATOR: 200,
  MODERATOR: 300,
  MEMBER: 400,
  GUEST: 600,
} as const;
export type RoleValue = (typeof Role)[keyof typeof Role];

export const ROLE_VALUES: readonly number[] = Object.values(Role);
export const ROLE_NAMES: Record<string, RoleValue> = {
  owner: Role.OWNER,
  administrator: Role.ADMINISTRATOR,
  moderator: Role.MODERATOR,
  member: Role.MEMBER,
  guest: Role.GUEST,
};

/** The caller of an RPC: who the gateway authenticated. */
export interface Caller {
  realm_id: number;
  user_id: number;
  role: number;
  is_bot: boolean;
  email: string;
  /**
   * The browser session the request came with, by its store key (a hash of the cookie's token,
   * never the token); absent with an API key. A password change keeps this one session (ADR 0029).
   */
  session?: string;
}

export const isAdmin = (c: { role: number }): boolean => c.role <= Role.ADMINISTRATOR;
export const isOwner = (c: { role: number }): boolean => c.role === Role.OWNER;
