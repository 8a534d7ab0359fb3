import { BadRequestError } from '@parley/common';

export interface NarrowTerm {
  operator: string;
  operand: string | number | number[];
  negated: boolean;
}

type OperandCheck = (operand: unknown) => string | number | number[];

// Zulip's validate_terms: which operand types each operator takes (the operator itself is
// checked later, so an unknown one still gets its operand checked as a string first).
const ID_OPERATORS = new Set(['channel', 'stream', 'id', 'sender', 'group-pm-with', 'dm-including', 'with']);
const ID_LIST_OPERATORS = new Set(['dm', 'pm-with']);

const isInt = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value);

const checkString: OperandCheck = (operand) => {
  if (typeof operand !== 'string') throw new BadRequestError('operand is not a string');
  return operand;
};

const checkRequiredString: OperandCheck = (operand) => {
  const value = checkString(operand) as string;
  if (value.trim() === '') throw new BadRequestError('operand cannot be blank.');
  return value;
};

const checkStringOrInt: OperandCheck = (operand) => {
  if (typeof operand === 'string' || isInt(operand)) return operand;
  throw new BadRequestError('operand is not a string or integer');
};

const checkStringOrIntList: OperandCheck = (operand) => {
  if (typeof operand === 'string') return operand;
  if (!Array.isArray(operand)) throw new BadRequestError('operand is not a string or an integer list');
  operand.forEach((item, i) => {
    if (!isInt(item)) throw new BadRequestError(`operand[${i}] is not an integer`);
  });
  return operand as number[];
};

function operandCheck(operator: unknown): OperandCheck {
  if (typeof operator !== 'string') return checkString;
  if (ID_OPERATORS.has(operator)) return checkStringOrInt;
  if (ID_LIST_OPERATORS.has(operator)) return checkStringOrIntList;
  if (operator === 'search') return checkRequiredString;
  return checkString;
}

/** Zulip reports the shape of element i as a pydantic value error. */
const badElement = (i: number, reason: string) => new BadRequestError(`Invalid narrow[${i}]: Value error, ${reason}`);

function parseTerm(elem: unknown, i: number): NarrowTerm {
  let operator: unknown;
  let operand: unknown;
  let negated: unknown = false;
  if (Array.isArray(elem)) {
    // The legacy [operator, operand] pair, which cannot be negated.
    if (elem.length !== 2 || elem.some((x) => typeof x !== 'string')) throw badElement(i, 'element is not a string pair');
    [operator, operand] = elem as unknown[];
  } else if (elem !== null && typeof elem === 'object') {
    const term = elem as Record<string, unknown>;
    if (term.operand === undefined || term.operand === null) throw badElement(i, 'operand is missing');
    if (term.operator === undefined || term.operator === null) throw badElement(i, 'operator is missing');
    ({ operator, operand } = term);
    negated = term.negated ?? false;
  } else {
    throw badElement(i, 'dict or list required');
  }
  const checked = operandCheck(operator)(operand);
  if (typeof operator !== 'string') throw new BadRequestError('operator is not a string');
  if (typeof negated !== 'boolean') throw new BadRequestError('negated is not a boolean');
  return { operator, operand: checked, negated };
}

/**
 * Validates a narrow as clients send it: a list of {operator, operand, negated?} objects or
 * legacy [operator, operand] pairs, either parsed or as the JSON text of the parameter.
 * Absent (undefined/null) is the empty narrow. Operators are checked later, by narrowWhere,
 * as Zulip does: here only the shape and the operand types.
 */
export function parseNarrow(raw: unknown): NarrowTerm[] {
  if (raw === undefined || raw === null) return [];
  let data: unknown = raw;
  if (typeof raw === 'string') {
    try {
      data = JSON.parse(raw) as unknown;
    } catch {
      throw new BadRequestError('Argument "narrow" is not valid JSON.');
    }
  }
  if (!Array.isArray(data)) throw new BadRequestError('narrow is not a list');
  return (data as unknown[]).map(parseTerm);
}
