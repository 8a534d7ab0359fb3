import { ApiError } from '@parley/common';

/** Zulip's BadNarrowOperatorError: BAD_NARROW, "Invalid narrow operator: {desc}", with `desc` in the body. */
export class BadNarrowOperatorError extends ApiError {
  constructor(readonly desc: string) {
    super('BAD_NARROW', `Invalid narrow operator: ${desc}`, 400, { desc });
  }
}

/** Zulip's InvalidOperatorCombinationError (also BAD_NARROW). */
export class InvalidOperatorCombinationError extends ApiError {
  constructor(readonly desc: string) {
    super('BAD_NARROW', `Invalid narrow operator combination: ${desc}`, 400, { desc });
  }
}

/** How Python's str() shows an operand in Zulip's messages: `[1, 2]` for a list. */
export function operandText(operand: string | number | number[]): string {
  return Array.isArray(operand) ? `[${operand.join(', ')}]` : String(operand);
}
