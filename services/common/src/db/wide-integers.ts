import pg from 'pg';

/**
 * IDs are PostgreSQL `integer`s (serials: 1 to 2^31 − 1; messages' are `bigint`), but a client
 * may send any integer up to 2^53 where an ID goes: in a path, a form field, a JSON list or
 * deep inside a JSON parameter. PostgreSQL refuses to read such a value as an `integer`
 * parameter ("value out of range", 22003), so every lookup by such an ID answered 500. Zulip
 * (Django) finds nothing for it instead, as for any unknown ID.
 *
 * So the services' database clients (createPool) compare an integer parameter beyond the
 * `integer` range as a `bigint`: `id = $1` finds no row, `id = ANY($1)` skips that element,
 * and each route answers what it answers for every unknown ID ("No such user", "Invalid
 * channel ID", "Field id 2147483648 not found."), its own message and the ID it echoes
 * included. One place for every route and every kind of ID, instead of a range check before
 * each lookup. Writing such a value into an `integer` column still fails: a value is looked
 * up before it is stored. (Selected as such, the widened parameter comes back as a bigint
 * does, a string; the columns it is compared with keep their types.)
 */
export const MAX_INT4 = 2 ** 31 - 1;
const MIN_INT4 = -(2 ** 31);

const beyondInt4 = (v: unknown): boolean => typeof v === 'number' && Number.isInteger(v) && (v > MAX_INT4 || v < MIN_INT4);
const needsBigint = (v: unknown): boolean => beyondInt4(v) || (Array.isArray(v) && v.some(beyondInt4));

/** `$n`, and a cast written right after it. */
const PARAMETER = /\$(\d+)(?!\d)(::\s*([a-z0-9_]+)(\[\])?)?/gi;
const INTEGER_TYPES = new Set(['int', 'int4', 'integer']);

/**
 * The query's text with each parameter that holds an integer beyond `integer` (or a list
 * holding one) read as `bigint` (`bigint[]`): an `::int` cast written after it becomes
 * `::bigint`, no cast gets one, another cast (`::text`, `::jsonb`, `::bigint`) stays.
 * Unchanged, the same string, when no parameter needs it (nearly always).
 */
export function widenIntegerParameters(text: string, values: readonly unknown[]): string {
  if (!values.some(needsBigint)) return text;
  return text.replace(PARAMETER, (whole: string, n: string, cast: string | undefined, type: string | undefined, array: string | undefined) => {
    const value = values[Number(n) - 1];
    if (!needsBigint(value)) return whole;
    if (cast === undefined) return `$${n}::bigint${Array.isArray(value) ? '[]' : ''}`;
    return INTEGER_TYPES.has(type!.toLowerCase()) ? `$${n}::bigint${array ?? ''}` : whole;
  });
}

/** The query's arguments with its text widened, when it has a text and values (a string or a config, not a Submittable). */
function widenedArgs(args: unknown[]): unknown[] {
  const [config, values] = args;
  if (typeof config === 'string' && Array.isArray(values)) return [widenIntegerParameters(config, values), ...args.slice(1)];
  if (typeof config === 'object' && config !== null && !('submit' in config) && 'text' in config && typeof config.text === 'string') {
    const params = Array.isArray(values) ? values : 'values' in config ? config.values : undefined;
    if (Array.isArray(params)) return [{ ...config, text: widenIntegerParameters(config.text, params) }, ...args.slice(1)];
  }
  return args;
}

/** pg's Client, reading integer parameters beyond `integer` as `bigint` (above). */
export class WideIntegersClient extends pg.Client {}

// pg's query() has an overload for each shape of its arguments (a text, a config, a
// Submittable; values; a callback): one function for them all, which changes only the text.
// eslint-disable-next-line @typescript-eslint/unbound-method -- called on its own client, with apply
const query = pg.Client.prototype.query as (this: pg.Client, ...args: unknown[]) => unknown;
WideIntegersClient.prototype.query = function (this: pg.Client, ...args: unknown[]) {
  return query.apply(this, widenedArgs(args));
} as pg.Client['query'];
