/** What the description says about one route beyond its parameters and response schema. */
export interface RouteDoc {
  /** Zulip's operationId where Zulip documents the endpoint; Parley's own otherwise. */
  operationId: string;
  summary: string;
  description?: string;
  /** The tag the docs page groups the endpoint under. */
  tag: string;
  /**
   * The Zulip feature level whose documentation of this endpoint Parley matches: the latest
   * change Zulip's reference records for it, its parameters and its response included (the
   * envelope's `ignored_parameters_unsupported` is 167; 0: none since feature levels began).
   */
  featureLevel: number;
  /** Parameter descriptions, by name. */
  params: Record<string, string>;
  /** An endpoint (or form of it) Zulip does not have: marked `x-parley-addition`. */
  parleyAddition?: boolean;
}
