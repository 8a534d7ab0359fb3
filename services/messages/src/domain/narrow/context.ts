/** What narrowWhere needs to know about the viewer and the realm, looked up by the caller. */
export interface NarrowContext {
  viewerId: number;
  /** A channel the viewer may see, by ID or (case-insensitive) name; undefined if none. */
  channel(operand: string | number): { stream_id: number; name: string } | undefined;
  /** A user of the realm, by ID or (case-insensitive) API email; undefined if none. */
  user(operand: string | number): { user_id: number } | undefined;
  /** The IDs of channels for "channels:public" (public channels) and "channels:web-public". */
  publicChannelIds: number[];
  webPublicChannelIds: number[];
  /** The channels the viewer muted, which `in:home` leaves out; none when absent. */
  mutedChannelIds?: number[];
  /**
   * The topics the viewer follows, for `is:followed`. Absent means none: Parley stores no
   * topic visibility policies yet, so no topic is followed and `is:followed` matches nothing.
   */
  followedTopics?: ReadonlyArray<{ stream_id: number; topic: string }>;
}
