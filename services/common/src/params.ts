import { BadRequestError } from './errors';

/**
 * Parameters as services receive them. The gateway already checked JSON-valued ones; services
 * do not trust their callers, so they parse with the gateway's own message for bad JSON.
 */
export function parseJsonParam(name: string, raw: string): unknown {
  try {
    return JSON.parse(raw);
  } catch {
    throw new BadRequestError(`Argument "${name}" is not valid JSON.`);
  }
}

/**
 * The largest magnitude of an integer parameter: 2^53, past JavaScript's exact integers by one,
 * so that a client's 2^53 is an integer like any other (Zulip takes integers of any size; an
 * ID that large names nothing, as any unknown ID: db/wide-integers.ts). A JSON number past it
 * does not read exactly, so it is not taken for one.
 */
export const MAX_INTEGER_PARAM = 2 ** 53;

/** Whether a value read from a client's JSON is an integer parameter (an ID, say): |v| ≤ 2^53. */
export function isIntegerParam(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && Math.abs(value) <= MAX_INTEGER_PARAM;
}

/**
 * Whether a parameter's text is an integer parameter: decimal digits, maybe a minus sign, of
 * magnitude at most 2^53, compared exactly (9007199254740993 reads as 2^53 as a Number).
 */
export function isIntegerText(text: string): boolean {
  return /^-?\d{1,16}$/.test(text) && BigInt(text.replace('-', '')) <= BigInt(MAX_INTEGER_PARAM);
}

/**
 * A list of integers sent as JSON text (the gateway's `int[]`), with the gateway's messages:
 * `Argument "name" is not valid JSON.`, `name is not a list`, `name[i] is not an integer`.
 */
export function parseIntList(name: string, raw: string): number[] {
  const value = parseJsonParam(name, raw);
  if (!Array.isArray(value)) throw new BadRequestError(`${name} is not a list`);
  const bad = value.findIndex((v) => !isIntegerParam(v));
  if (bad >= 0) throw new BadRequestError(`${name}[${bad}] is not an integer`);
  return value as number[];
}

/** The realm an internal RPC names (realm_id), which must be a positive integer. */
export function requireRealmId(raw: string | number | undefined): number {
  const realmId = Number(raw);
  if (!Number.isSafeInteger(realmId) || realmId <= 0) throw new BadRequestError('realm_id is required');
  return realmId;
}
