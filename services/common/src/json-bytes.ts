/** JSON's whitespace, as bytes. */
const isJsonSpace = (byte: number) => byte === 0x20 || byte === 0x0a || byte === 0x0d || byte === 0x09;

/**
 * The members of an object's JSON (UTF-8 bytes), without decoding it: the bytes between its
 * braces, or undefined when there are none (`{}`, or no JSON at all). Whitespace around the
 * object is skipped; that the bytes are an object's is for the caller to know. For splicing
 * one service's JSON answer into another object (the gateway's envelope, POST /register's
 * state) without parsing and encoding it again.
 */
export function objectMembers(json: Buffer): Buffer | undefined {
  let start = 0;
  let end = json.length;
  while (start < end && isJsonSpace(json[start])) start++;
  while (end > start && isJsonSpace(json[end - 1])) end--;
  if (end - start < 2) return undefined;
  const inner = json.subarray(start + 1, end - 1);
  return inner.every(isJsonSpace) ? undefined : inner;
}

/** JSON text that jsonWithRaw puts into an object's JSON as it is, not encoded again. */
export class RawJson {
  constructor(readonly json: string) {}
}

/**
 * An object's JSON text, its RawJson members' texts put in as they are (top-level members
 * only; they come first). For a reply that holds a large part already encoded, such as
 * POST /register's list of the realm's users.
 */
export function jsonWithRaw(object: Record<string, unknown>): string {
  const rest: Record<string, unknown> = {};
  const raw: string[] = [];
  for (const [key, value] of Object.entries(object)) {
    if (value instanceof RawJson) raw.push(`${JSON.stringify(key)}:${value.json}`);
    else rest[key] = value;
  }
  const encoded = JSON.stringify(rest);
  if (!raw.length) return encoded;
  return encoded === '{}' ? `{${raw.join(',')}}` : `{${raw.join(',')},${encoded.slice(1)}`;
}
