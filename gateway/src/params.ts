import { BadRequestError, isIntegerText, MissingParameterError, parseIntList } from '@parley/common';
import type { ParamDecl, ParamType } from '@parley/common/api';

/**
 * Parameter types of the route table, with Zulip's encodings: integers are decimal strings,
 * booleans JSON true/false, lists and objects JSON-encoded strings. `json` and list types
 * are validated here and forwarded as their JSON text, which the service decodes.
 * A trailing `?` marks an optional parameter: `'int?'`.
 */
export type { ParamDecl, ParamType };

export interface ParamSpec {
  type: ParamType;
  required: boolean;
}

export function parseDecl(decl: ParamDecl): ParamSpec {
  const required = !decl.endsWith('?');
  return { type: (required ? decl : decl.slice(0, -1)) as ParamType, required };
}

function parseJson(name: string, raw: string): unknown {
  try {
    return JSON.parse(raw);
  } catch {
    throw new BadRequestError(`Argument "${name}" is not valid JSON.`);
  }
}

/** One value, decoded to what the request message's field holds. */
export function coerce(name: string, type: ParamType, raw: string): number | string | boolean {
  switch (type) {
    case 'string':
    case 'email': // the router checks a path segment's @; the service looks the address up
      return raw;
    case 'int': {
      // Up to 2^53 in magnitude (MAX_INTEGER_PARAM): an ID that large names nothing, as in Zulip.
      const trimmed = raw.trim();
      if (!isIntegerText(trimmed)) throw new BadRequestError(`${name} is not an integer`);
      return Number(trimmed);
    }
    case 'bool': {
      const value = parseJson(name, raw);
      if (typeof value !== 'boolean') throw new BadRequestError(`${name} is not a boolean`);
      return value;
    }
    case 'json':
      parseJson(name, raw);
      return raw;
    case 'object': {
      const value = parseJson(name, raw);
      if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new BadRequestError(`${name} is not a dict`);
      return raw;
    }
    case 'int[]':
      parseIntList(name, raw);
      return raw;
    case 'string[]': {
      const value = parseJson(name, raw);
      if (!Array.isArray(value)) throw new BadRequestError(`${name} is not a list`);
      if (!value.every((v) => typeof v === 'string')) throw new BadRequestError(`${name}[${value.findIndex((v) => typeof v !== 'string')}] is not a string`);
      return raw;
    }
  }
}

/**
 * The longest unknown parameter name that `ignored_parameters_unsupported` repeats, in UTF-16
 * code units: longer than any of Zulip's (the longest is 51). A longer one is left out of the
 * reply (the request is served as if it were not there), so that 1,000 unknown names of 9 KB
 * each are not echoed back as 9 MB: the list is at most 1,000 (DEFAULT_MAX_PARAMS) names of
 * this length.
 */
export const MAX_IGNORED_NAME_LENGTH = 100;

export interface ParsedParams {
  values: Record<string, number | string | boolean>;
  ignored: string[];
}

/**
 * Applies a route's declarations to the raw parameters: missing required ones, wrong types
 * and null bytes are refused; ones the route does not take are returned as `ignored`, but for
 * names past MAX_IGNORED_NAME_LENGTH.
 * Path parameters are already validated by the router and passed in `path`.
 */
export function parseParams(decls: Record<string, ParamDecl>, raw: Record<string, string>, path: Record<string, number | string>, alwaysAccepted: ReadonlySet<string>): ParsedParams {
  const values: Record<string, number | string | boolean> = { ...path };
  for (const [name, decl] of Object.entries(decls)) {
    if (Object.hasOwn(path, name)) continue;
    const spec = parseDecl(decl);
    const value = raw[name];
    if (value === undefined) {
      if (spec.required) throw new MissingParameterError(name);
      continue;
    }
    // Zulip refuses NUL in any parameter: PostgreSQL text cannot hold it.
    if (value.includes('\u0000')) throw new BadRequestError(`${name} contains NULL (0x00) characters.`);
    values[name] = coerce(name, spec.type, value);
  }
  const ignored = Object.keys(raw)
    .filter((k) => !Object.hasOwn(decls, k) && !alwaysAccepted.has(k) && k.length <= MAX_IGNORED_NAME_LENGTH)
    .sort();
  return { values, ignored };
}
