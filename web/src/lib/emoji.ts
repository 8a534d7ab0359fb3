// Emoji names and codes: Parley's emoji data (register's `server_emoji_data_url`, same origin)
// for Unicode emoji, the realm's custom emoji from the store.
import { store } from '../store/store';

export interface EmojiChoice {
  name: string;
  code: string;
  type: 'unicode_emoji' | 'realm_emoji' | 'zulip_extra_emoji';
  /** The glyph for Unicode emoji; the image URL for custom ones. */
  glyph?: string;
  url?: string;
}

let names: Map<string, string> | undefined;
let loading: Promise<void> | undefined;

export const glyphOf = (code: string): string => {
  try {
    return String.fromCodePoint(...code.split('-').map((h) => parseInt(h, 16)));
  } catch {
    return '';
  }
};

/** Loads the name → code table once (a few hundred KB, cached for good by its hashed URL). */
export function loadEmoji(): Promise<void> {
  const url = store.state?.realm.server_emoji_data_url;
  if (names || !url) return Promise.resolve();
  loading ??= fetch(url)
    .then((r) => r.json())
    .then((data: { code_to_names: Record<string, string[]> }) => {
      names = new Map();
      for (const [code, list] of Object.entries(data.code_to_names)) for (const name of list) names.set(name, code);
    })
    .catch(() => {
      loading = undefined;
    });
  return loading;
}

export const POPULAR = ['+1', 'tada', 'smile', 'heart', 'working_on_it', 'octopus', 'thinking', 'eyes', 'laughing', 'check'];
const POPULAR_CODES: Record<string, string> = {
  '+1': '1f44d',
  tada: '1f389',
  smile: '1f642',
  heart: '2764',
  working_on_it: '1f6e0',
  octopus: '1f419',
  thinking: '1f914',
  eyes: '1f440',
  laughing: '1f606',
  check: '2705',
};

export function codeOf(name: string): string | undefined {
  return names?.get(name) ?? POPULAR_CODES[name];
}

/** Emoji whose names start with (then contain) the query, custom ones first; at most `limit`. */
export function searchEmoji(query: string, limit = 40): EmojiChoice[] {
  const q = query.toLowerCase().replace(/^:/, '');
  const out: EmojiChoice[] = [];
  for (const e of store.state?.realmEmoji.values() ?? [])
    if (!e.deactivated && e.name.includes(q)) out.push({ name: e.name, code: e.id, type: e.id === 'zulip' ? 'zulip_extra_emoji' : 'realm_emoji', url: e.source_url });
  const table = names ?? new Map(Object.entries(POPULAR_CODES));
  if (!q) {
    for (const name of POPULAR) out.push({ name, code: POPULAR_CODES[name], type: 'unicode_emoji', glyph: glyphOf(POPULAR_CODES[name]) });
    return out.slice(0, limit);
  }
  const starts: EmojiChoice[] = [];
  const contains: EmojiChoice[] = [];
  for (const [name, code] of table) {
    if (starts.length >= limit) break;
    if (name.startsWith(q)) starts.push({ name, code, type: 'unicode_emoji', glyph: glyphOf(code) });
    else if (contains.length < limit && name.includes(q)) contains.push({ name, code, type: 'unicode_emoji', glyph: glyphOf(code) });
  }
  return [...out, ...starts, ...contains].slice(0, limit);
}
