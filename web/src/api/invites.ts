// The invitation-link sign-up routes (Parley additions, anonymous: the key is the proof).
export const INVITE_LINK_PATH = (key: string): string => `/json/invites/link/${encodeURIComponent(key)}`;
