import { BadNarrowOperatorError, InvalidOperatorCombinationError } from './errors';
import type { NarrowTerm } from './parse';

/**
 * The message a `near` term points at, for callers that anchor on it; undefined when there
 * is no usable `near` term. `near` filters nothing (Zulip's server ignores it and its web
 * app anchors on it), so a malformed operand is ignored rather than refused.
 */
export function anchorFromNarrow(terms: NarrowTerm[]): number | undefined {
  let anchor: number | undefined;
  for (const term of terms) {
    if (term.operator !== 'near' || term.negated) continue;
    const text = String(term.operand).trim();
    if (/^\d+$/.test(text) && Number.isSafeInteger(Number(text))) anchor = Number(text);
  }
  return anchor;
}

/**
 * The message ID of the narrow's `with` term, which the caller must look up (with access
 * checks) before resolveWithOperator; undefined without one. Zulip's errors for two `with`
 * terms and for an operand that is not an integer.
 */
export function withMessageId(terms: NarrowTerm[]): number | undefined {
  const withTerms = terms.filter((t) => t.operator === 'with');
  if (withTerms.length > 1) throw new InvalidOperatorCombinationError("Duplicate 'with' operators.");
  if (withTerms.length === 0) return undefined;
  const text = String(withTerms[0].operand).trim();
  if (!/^-?\d+$/.test(text) || !Number.isSafeInteger(Number(text))) throw new BadNarrowOperatorError("Invalid 'with' operator");
  return Number(text);
}

/** The conversation of the `with` term's message. */
export type WithTarget = { kind: 'channel'; channel_id: number; topic: string } | { kind: 'direct'; dm_user_ids: number[] };

const CONVERSATION_OPERATORS = new Set(['channel', 'stream', 'topic', 'dm', 'pm-with']);

/** Whether the terms alone pick one conversation (a dm term, or a channel and a topic). */
function definesConversation(terms: NarrowTerm[]): boolean {
  const has = (ops: string[]) => terms.some((t) => ops.includes(t.operator));
  return has(['dm', 'pm-with']) || (has(['channel', 'stream']) && has(['topic']));
}

/**
 * Zulip's `with` operator: the narrow becomes the conversation of the given message (its
 * channel and topic, or its direct-message participants) plus the terms that are not about
 * the conversation, so a link keeps working after its topic was moved or resolved.
 * `target` is undefined when the message does not exist or the viewer may not see it: then
 * the `with` term is dropped if the other terms pick a conversation, else refused.
 */
export function resolveWithOperator(terms: NarrowTerm[], target: WithTarget | undefined): NarrowTerm[] {
  if (withMessageId(terms) === undefined) return terms;
  const rest = terms.filter((t) => t.operator !== 'with');
  if (!target) {
    if (definesConversation(rest)) return rest;
    throw new BadNarrowOperatorError("Invalid 'with' operator");
  }
  const others = rest.filter((t) => !CONVERSATION_OPERATORS.has(t.operator));
  const conversation: NarrowTerm[] =
    target.kind === 'channel'
      ? [
          { operator: 'channel', operand: target.channel_id, negated: false },
          { operator: 'topic', operand: target.topic, negated: false },
        ]
      : [{ operator: 'dm', operand: target.dm_user_ids, negated: false }];
  return [...conversation, ...others];
}
