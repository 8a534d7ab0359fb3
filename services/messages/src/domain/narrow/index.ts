/**
 * Narrows (Zulip's "Construct a narrow") turned into SQL over `messages m` LEFT JOIN
 * `user_messages um` (the viewer's row). Pure: callers look up channels and users
 * (NarrowContext) and run the SQL; access rules stay with the caller.
 *
 * Use: parseNarrow → (withMessageId, look the message up, resolveWithOperator) →
 * narrowWhere (+ searchHighlights for match_content/match_subject, anchorFromNarrow).
 */
export { parseNarrow } from './parse';
export type { NarrowTerm } from './parse';
export { SqlParams } from './params';
export type { NarrowContext } from './context';
export { narrowWhere } from './sql';
export { searchHighlights, ESCAPED_TOPIC_SQL } from './search';
export { anchorFromNarrow, withMessageId, resolveWithOperator } from './anchor';
export type { WithTarget } from './anchor';
export { BadNarrowOperatorError, InvalidOperatorCombinationError } from './errors';
