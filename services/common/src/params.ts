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
 * A list of integers sent as JSON text (the gateway's `int[]`), with the gateway's messages:
 * `Argument "name" is not valid JSON.`, `name is not a list`, `name[i] is not an integer`.
 */
export function parseIntList(name: string, raw: string): number[] {
  const value = parseJsonParam(name, raw);
  if (!Array.isArray(value)) throw new BadRequestError(`${name} is not a list`);
  const bad = value.findIndex((v) => !Number.isSafeInteger(v));
  if (bad >= 0) throw new BadRequestError(`${name}[${bad}] is not an integer`);
  return value as number[];
}

/** The realm an internal RPC names (realm_id), which must be a positive integer. */
export function requireRealmId(raw: string | number | undefined): number {
  const realmId = Number(raw);
  if (!Number.isSafeInteger(realmId) || realmId <= 0) throw new BadRequestError('realm_id is required');
  return realmId;
}
