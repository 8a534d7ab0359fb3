import { createHash } from 'node:crypto';
import zulipEmojiNames from './data/zulip-emoji-names.json';

/**
 * The Unicode emoji table, by Zulip's names: a canonical name per code plus aliases, Zulip's own
 * mapping over the emoji data (tools/setup/emoji/emoji_names.py in zulip/zulip, Apache-2.0),
 * transcribed into data/zulip-emoji-names.json by scripts/gen-emoji-names.mjs (see its header to
 * regenerate it). Shared by the users service (statuses), the messages service (reactions, `:name:`
 * in rendered messages), the uploads service (custom emoji that override a default) and the
 * gateway (`server_emoji_data_url`), so that a name means the same code point everywhere, as in
 * Zulip and in every Zulip client.
 *
 * A code is written as Zulip writes it: lower-case, dash-separated code points, mostly without
 * the U+FE0F presentation selector ("1f697", "1f3f3-200d-1f308").
 */

interface NameInfo {
  canonical_name: string;
  aliases: string[];
}

export interface UnicodeEmojiTable {
  /** Zulip's name_to_codepoint: every canonical name and alias to its code. */
  byName: ReadonlyMap<string, string>;
  /** Zulip's codepoint_to_name: every code to its canonical name. */
  nameByCode: ReadonlyMap<string, string>;
  /** Zulip's emoji_api.json code_to_names: every code to its names, the canonical one first. */
  namesByCode: ReadonlyMap<string, readonly string[]>;
}

/** Zulip drops U+FE0F so that qualified and unqualified forms share one code. */
export function unicodeEmojiCode(unified: string): string {
  return unified
    .toLowerCase()
    .split('-')
    .filter((cp) => cp !== 'fe0f')
    .join('-');
}

function loadUnicodeEmoji(): UnicodeEmojiTable {
  const byName = new Map<string, string>();
  const nameByCode = new Map<string, string>();
  const namesByCode = new Map<string, readonly string[]>();
  for (const [code, info] of Object.entries(zulipEmojiNames.emoji as Record<string, NameInfo>)) {
    const names = [info.canonical_name, ...info.aliases];
    for (const name of names) byName.set(name, code);
    nameByCode.set(code, info.canonical_name);
    namesByCode.set(code, names);
  }
  return { byName, nameByCode, namesByCode };
}

let table: UnicodeEmojiTable | undefined;

/** The table, built once on first use. */
export function unicodeEmojiTable(): UnicodeEmojiTable {
  return (table ??= loadUnicodeEmoji());
}

/** The code of the Unicode emoji with this name (canonical or alias), if there is one. */
export function unicodeEmojiCodeOf(name: string): string | undefined {
  return unicodeEmojiTable().byName.get(name);
}

/** The canonical name of the Unicode emoji with this code, if Zulip names it. */
export function unicodeEmojiNameOf(code: string): string | undefined {
  return unicodeEmojiTable().nameByCode.get(code);
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
 * app fetches from `server_emoji_data_url`): every code with all of its names, the canonical
 * name first. Built once; public, the same for every realm.
 */
export function emojiApiData(): EmojiApiData {
  if (apiData) return apiData;
  const json = JSON.stringify({ code_to_names: Object.fromEntries(unicodeEmojiTable().namesByCode) });
  const hash = createHash('sha256').update(json).digest('hex').slice(0, 16);
  apiData = { json, path: `/static/generated/emoji/emoji_api.${hash}.json` };
  return apiData;
}

/**
 * Where the image of Zulip's extra emoji `:zulip:` is, as Zulip's renderer names it and clients
 * expect it (the uploads service serves Parley's mark there, publicly).
 */
export const ZULIP_EMOJI_IMAGE_PATH = '/static/generated/emoji/images/emoji/unicode/zulip.png';
