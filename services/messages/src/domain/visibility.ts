/** A user's visibility policy for a topic (Zulip's UserTopic.VisibilityPolicy). */
export const VISIBILITY = { INHERIT: 0, MUTED: 1, UNMUTED: 2, FOLLOWED: 3 } as const;

/** The values of the automatically_follow_topics_policy and ..._unmute_... settings. */
export const AUTOMATICALLY = { ON_PARTICIPATION: 1, ON_SEND: 2, ON_INITIATION: 3, NEVER: 4 } as const;
