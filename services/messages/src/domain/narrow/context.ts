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
  /**
   * The channels the viewer muted (the channels service keeps subscriptions), for `in:home`;
   * topic policies (muted, unmuted, followed) are read from user_topics in the query itself.
   */
  mutedChannelIds: readonly number[];
}
