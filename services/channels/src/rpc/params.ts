import { BadRequestError, isIntegerParam, parseJsonParam } from '@parley/common';

/** A JSON list parameter (the gateway checked it is JSON; services do not trust their callers). */
export function jsonList(name: string, raw: string | undefined, maxLength = Infinity): unknown[] | undefined {
  if (raw === undefined) return undefined;
  const value = parseJsonParam(name, raw);
  if (!Array.isArray(value)) throw new BadRequestError(`${name} is not a list`);
  checkListLength(name, value, maxLength);
  return value as unknown[];
}

/** A list parameter past its documented bound (e.g. MAX_SUBSCRIPTIONS_PER_REQUEST) is refused before any work. */
export function checkListLength(name: string, list: unknown[], maxLength: number): void {
  if (list.length > maxLength) throw new BadRequestError(`${name} has ${list.length} entries; at most ${maxLength} per request`);
}

/** principals: user IDs or API emails, not a mix of anything else. */
export function principalList(raw: string | undefined): (string | number)[] | undefined {
  const list = jsonList('principals', raw);
  if (list && !list.every((p) => typeof p === 'string' || isIntegerParam(p))) throw new BadRequestError('principals is not a list of user IDs or emails');
  return list;
}
