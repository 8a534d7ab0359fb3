import { createHash } from 'node:crypto';

/**
 * The Unicode emoji table, by the names of the emoji-datasource package. Shared by the users
 * service (statuses, reactions) and the messages service (`:name:` in rendered messages).
 *
 * A code is written as Zulip writes it: the lower-case, dash-separated code points without
 * the U+FE0F presentation selector ("1f697", "1f3f3-200d-1f308").
 */

interface DatasourceEntry {
  unified: string;
  short_names: string[];
}

export interface UnicodeEmojiTable {
  /** Every short name to its code; when two entries share a name, the first keeps it. */
  byName: ReadonlyMap<string, string>;
  codes: ReadonlySet<string>;
}

/** Zulip drops U+FE0F so that qualified and unqualified forms share one code. */
export function unicodeEmojiCode(unified: string): string {
  return unified.toLowerCase().split('-').filter((cp) => cp !== 'fe0f').join('-');
}

function loadUnicodeEmoji(): UnicodeEmojiTable {
  // The package is JSON only (no types); loaded on first use, not at every start.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const entries = require('emoji-datasource/emoji.json') as DatasourceEntry[];
  const byName = new Map<string, string>();
  const codes = new Set<string>();
  for (const entry of entries) {
    const code = unicodeEmojiCode(entry.unified);
    codes.add(code);
    for (const name of entry.short_names) if (!byName.has(name)) byName.set(name, code);
  }
  return { byName, codes };
}

let table: UnicodeEmojiTable | undefined;

/** The table, loaded once on first use. */
export function unicodeEmojiTable(): UnicodeEmojiTable {
  return (table ??= loadUnicodeEmoji());
}

/** The code of the Unicode emoji with this name, if there is one. */
export function unicodeEmojiCodeOf(name: string): string | undefined {
  return unicodeEmojiTable().byName.get(name);
}

interface EmojiApiData {
  /** The JSON clients fetch at register's `server_emoji_data_url`: {code_to_names: {code: [names]}}. */
  json: string;
  /** Its path under the server, named by its content's hash so it can be cached for good. */
  path: string;
}

let apiData: EmojiApiData | undefined;

/**
 * The Unicode emoji names clients show and complete (Zulip's emoji_api.json, which the mobile
 * app fetches from `server_emoji_data_url`): every code with all of its names, the name that
 * owns it first. Built once; public, the same for every realm.
 */
export function emojiApiData(): EmojiApiData {
  if (apiData) return apiData;
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const entries = require('emoji-datasource/emoji.json') as DatasourceEntry[];
  const { byName } = unicodeEmojiTable();
  const codeToNames: Record<string, string[]> = {};
  for (const entry of entries) {
    const code = unicodeEmojiCode(entry.unified);
    // Only the names that stand for this code (a name two entries share belongs to the first).
    const names = entry.short_names.filter((name) => byName.get(name) === code);
    if (names.length) codeToNames[code] = [...(codeToNames[code] ?? []), ...names];
  }
  const json = JSON.stringify({ code_to_names: codeToNames });
  const hash = createHash('sha256').update(json).digest('hex').slice(0, 16);
  apiData = { json, path: `/static/generated/emoji/emoji_api.${hash}.json` };
  return apiData;
}
