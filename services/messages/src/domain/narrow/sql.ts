import type { NarrowContext } from './context';
import { BadNarrowOperatorError } from './errors';
import { CONDITION_BUILDERS } from './operators';
import type { NarrowTerm } from './parse';
import type { SqlParams } from './params';
import { searchConditions } from './search';

const CHANNEL_OPERATORS = new Set(['channel', 'stream', 'channels', 'streams', 'topic']);
const DM_OPERATORS = new Set(['dm', 'pm-with', 'pm_with', 'dm-including', 'group-pm-with', 'group_pm_with']);
const isDmOperand = (term: NarrowTerm) => term.operator === 'is' && (term.operand === 'dm' || term.operand === 'private');

/**
 * Zulip refuses a narrow that asks for channel and direct messages at once. Only positive
 * terms count, except that -is:dm asks for channel messages.
 */
class KindCheck {
  private channel = false;
  private direct = false;

  see(term: NarrowTerm): void {
    if (isDmOperand(term)) {
      if (term.negated) this.channel = true;
      else this.direct = true;
    } else if (!term.negated && CHANNEL_OPERATORS.has(term.operator)) {
      this.channel = true;
    } else if (!term.negated && DM_OPERATORS.has(term.operator)) {
      this.direct = true;
    }
    if (this.channel && this.direct) throw new BadNarrowOperatorError('No message can be both a channel message and direct message');
  }
}

/**
 * A boolean SQL expression over `m` (messages) and `um` (the viewer's user_messages row,
 * LEFT JOINed on um.message_id = m.id AND um.user_id = the viewer) for all the terms (AND),
 * or 'TRUE' for an empty narrow. Terms are checked in order as Zulip does, so the first bad
 * one names the error (BadRequestError, "Invalid narrow operator: ..."); `search` terms come
 * last, together. Precondition: a `with` term was resolved by resolveWithOperator.
 */
export function narrowWhere(terms: NarrowTerm[], ctx: NarrowContext, params: SqlParams): string {
  const kinds = new KindCheck();
  const conditions: string[] = [];
  for (const term of terms) {
    if (term.operator === 'search') continue;
    if (term.operator === 'with') throw new Error("narrowWhere: resolve the 'with' operator first (resolveWithOperator)");
    if (!Object.hasOwn(CONDITION_BUILDERS, term.operator)) throw new BadNarrowOperatorError(`unknown operator ${term.operator}`);
    kinds.see(term);
    const condition = CONDITION_BUILDERS[term.operator](term.operand, ctx, params);
    if (condition !== null) conditions.push(term.negated ? `NOT (${condition})` : condition);
  }
  conditions.push(...searchConditions(terms, params));
  return conditions.length === 0 ? 'TRUE' : conditions.map((c) => `(${c})`).join(' AND ');
}
