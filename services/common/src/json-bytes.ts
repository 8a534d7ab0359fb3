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
