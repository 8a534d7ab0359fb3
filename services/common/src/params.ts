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

/** The realm an internal RPC names (realm_id), which must be a positive integer. */
export function requireRealmId(raw: string | number | undefined): number {
  const realmId = Number(raw);
  if (!Number.isSafeInteger(realmId) || realmId <= 0) throw new BadRequestError('realm_id is required');
  return realmId;
}
