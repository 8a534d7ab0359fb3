// Writes services/common/src/data/zulip-emoji-names.json, Parley's table of Unicode emoji names,
// from Zulip's (Apache-2.0) emoji name data: EMOJI_NAME_MAPS in zulip/zulip's
// tools/setup/emoji/emoji_names.py, a canonical name and aliases per code point, from which Zulip's
// build makes name_to_codepoint, codepoint_to_name and emoji_api.json.
//
// Run by hand when Zulip's names change (never at install):
//   node services/common/scripts/gen-emoji-names.mjs <emoji_names.py> [description of the source]
// The input is Zulip's tools/setup/emoji/emoji_names.py, or zulip-terminal's
// zulipterminal/unicode_emojis.py (the same data, keyed by canonical name). Only the data is read;
// no Zulip code is used. Every code must be an emoji of the emoji-datasource package (the data Zulip's
// build reads too); a code it lacks is dropped with a warning, since no client could draw it.
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const outFile = join(root, 'src/data/zulip-emoji-names.json');
const [input, source = input] = process.argv.slice(2);
if (!input) {
  console.error('usage: gen-emoji-names.mjs <emoji_names.py | unicode_emojis.py> [source description]');
  process.exit(2);
}

const str = `['"]([^'"]+)['"]`;
const list = `\\[([^\\]]*)\\]`;
// Zulip: "1f44d": {"canonical_name": "+1", "aliases": ["thumbs_up", "like"]},
const zulipLine = new RegExp(`^\\s*${str}:\\s*\\{\\s*['"]canonical_name['"]:\\s*${str},\\s*['"]aliases['"]:\\s*${list}\\s*\\}`);
// zulip-terminal: "+1": {'code': '1f44d', 'aliases': ['thumbs_up', 'like']},
const terminalLine = new RegExp(`^\\s*${str}:\\s*\\{\\s*['"]code['"]:\\s*${str},\\s*['"]aliases['"]:\\s*${list}\\s*\\}`);
const names = (text) => [...text.matchAll(/['"]([^'"]+)['"]/g)].map((m) => m[1]);

function parse(text) {
  const entries = [];
  for (const line of text.split('\n')) {
    if (/^\s*#/.test(line)) continue; // Zulip keeps some dropped entries as comments
    let m = zulipLine.exec(line);
    if (m) entries.push({ code: m[1], canonical_name: m[2], aliases: names(m[3]) });
    else if ((m = terminalLine.exec(line))) entries.push({ code: m[2], canonical_name: m[1], aliases: names(m[3]) });
  }
  return entries;
}

/** Zulip's emoji code: lower-case code points without U+FE0F. */
const codeOf = (unified) =>
  unified
    .toLowerCase()
    .split('-')
    .filter((cp) => cp !== 'fe0f')
    .join('-');
const require = createRequire(join(root, 'package.json'));
const datasource = new Set(require('emoji-datasource/emoji.json').map((e) => codeOf(e.unified)));

const emoji = {};
const seen = new Map();
for (const entry of parse(readFileSync(input, 'utf8')).sort((a, b) => (a.code < b.code ? -1 : a.code > b.code ? 1 : 0))) {
  // Zulip keeps U+FE0F in a few codes ("1f575-fe0f-200d-2640-fe0f"); they stay as Zulip sends them.
  if (!datasource.has(codeOf(entry.code))) {
    console.warn(`dropped ${entry.code} (${entry.canonical_name}): not in emoji-datasource`);
    continue;
  }
  if (emoji[entry.code]) throw new Error(`code ${entry.code} appears twice`);
  for (const name of [entry.canonical_name, ...entry.aliases]) {
    if (seen.has(name)) throw new Error(`name ${name} names both ${seen.get(name)} and ${entry.code}`);
    seen.set(name, entry.code);
  }
  emoji[entry.code] = { canonical_name: entry.canonical_name, aliases: entry.aliases };
}
if (Object.keys(emoji).length < 1000) throw new Error(`only ${Object.keys(emoji).length} emoji read: wrong input?`);

const out = {
  source: `Zulip's EMOJI_NAME_MAPS (zulip/zulip tools/setup/emoji/emoji_names.py, Apache-2.0), from ${source}`,
  license: 'Apache-2.0 (Copyright Kandra Labs, Inc. and other Zulip contributors)',
  regenerate: 'node services/common/scripts/gen-emoji-names.mjs <emoji_names.py> "<source description>"',
  emoji,
};
// One emoji a line, so that a regeneration's diff reads name by name.
const head = JSON.stringify({ ...out, emoji: undefined }, null, 2).slice(0, -2);
const lines = Object.entries(emoji).map(([code, names]) => `    ${JSON.stringify(code)}: ${JSON.stringify(names)}`);
writeFileSync(outFile, `${head},\n  "emoji": {\n${lines.join(',\n')}\n  }\n}\n`);
console.log(`${Object.keys(emoji).length} emoji, ${seen.size} names written to ${outFile}`);
