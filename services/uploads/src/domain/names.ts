import { randomBytes } from 'node:crypto';

/**
 * Longest stored file name, in UTF-8 bytes (the extension is kept when cutting): it is the
 * last segment of a storage key, and file systems cap a name at 255 bytes.
 */
export const MAX_FILE_NAME_BYTES = 200;

/**
 * The name a file is stored under, as Zulip's sanitize_name makes it: NFKC, only word
 * characters, spaces, dots and dashes kept (so no path separators and no control
 * characters), runs of spaces and dashes become one dash; bounded in length.
 */
export function sanitizeFileName(raw: string): string {
  let name = raw
    .normalize('NFKC')
    .replace(/[^\p{L}\p{N}\p{M}_\s.-]/gu, '')
    .trim()
    .replace(/[-\s]+/gu, '-');
  if (name === '' || /^\.+$/.test(name)) return 'uploaded-file';
  if (Buffer.byteLength(name) > MAX_FILE_NAME_BYTES) {
    const dot = name.lastIndexOf('.');
    const ext = dot > 0 ? cutToBytes(name.slice(dot), 20) : '';
    name = cutToBytes(name, MAX_FILE_NAME_BYTES - Buffer.byteLength(ext)) + ext;
  }
  return name;
}

/** The longest prefix of whole characters within `max` UTF-8 bytes. */
function cutToBytes(text: string, max: number): string {
  let out = '';
  let bytes = 0;
  for (const ch of text) {
    bytes += Buffer.byteLength(ch);
    if (bytes > max) break;
    out += ch;
  }
  return out;
}

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

function randomName(length: number): string {
  const bytes = randomBytes(length);
  let out = '';
  for (const b of bytes) out += ALPHABET[b & 63];
  return out;
}

/** `<realm_id>/<2 random>/<24 random>/<sanitized name>`, the shape of Zulip's path_ids. */
export function newPathId(realmId: number, sanitizedName: string): string {
  return `${realmId}/${randomName(2)}/${randomName(24)}/${sanitizedName}`;
}

/**
 * A path_id from a URL path after `/user_uploads/`, or undefined when it is not one: the
 * realm, at least one random segment and the name; no empty, `.` or `..` segments.
 */
export function parsePathId(path: string): { realmId: number; pathId: string } | undefined {
  const segments = path.split('/');
  if (segments.length < 3 || !/^\d{1,15}$/.test(segments[0])) return undefined;
  if (segments.some((s) => s === '' || s === '.' || s === '..' || s.includes('\\') || s.includes('\0'))) return undefined;
  return { realmId: Number(segments[0]), pathId: path };
}

/**
 * The types served as themselves, inline: inert media a browser only ever shows, never runs
 * (Zulip's INLINE_MIME_TYPES: images, audio, video, PDF and plain text, and a few more of the
 * same kinds). Never SVG, HTML, XML, JavaScript, CSS or anything else a browser would execute
 * or apply on Parley's origin.
 */
const INERT_TYPES = new Set([
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
  'image/avif',
  'image/apng',
  'image/bmp',
  'audio/mpeg',
  'audio/ogg',
  'audio/wav',
  'audio/webm',
  'audio/aac',
  'audio/flac',
  'audio/mp4',
  'video/mp4',
  'video/webm',
  'video/ogg',
  'video/quicktime',
  'application/pdf',
  'text/plain',
]);

/** What every file that is not inert is served as: bytes to save, which no browser runs or renders. */
export const DOWNLOAD_TYPE = 'application/octet-stream';

/** Content-Disposition for serving a file: inline for inert types, attachment otherwise. */
export function contentDisposition(contentType: string, fileName: string): string {
  const kind = isInert(contentType) ? 'inline' : 'attachment';
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

const isInert = (contentType: string) => INERT_TYPES.has(contentType.split(';')[0].trim().toLowerCase());

/**
 * The type and disposition a stored file is served with, whoever declared its type: an inert
 * type as itself, inline; anything else as DOWNLOAD_TYPE, as an attachment. A member's
 * `gadget.js` declared `text/javascript` is then bytes to save, which a `<script src>` on
 * Parley's origin refuses to run (with `nosniff`), and a `.css` no stylesheet.
 */
export function servedAs(contentType: string, fileName: string): { contentType: string; disposition: string } {
  return { contentType: isInert(contentType) ? contentType : DOWNLOAD_TYPE, disposition: contentDisposition(contentType, fileName) };
}

/** The content type to store: the client's, when it is a plausible media type, else a guess from the name. */
export function storedContentType(declared: string | undefined, fileName: string): string {
  const type = (declared ?? '').trim().toLowerCase();
  if (/^[a-z0-9!#$&^_.+-]+\/[a-z0-9!#$&^_.+-]+$/.test(type) && type !== 'application/octet-stream') return type;
  const ext = fileName.toLowerCase().split('.').pop() ?? '';
  return EXTENSION_TYPES[ext] ?? 'application/octet-stream';
}

const EXTENSION_TYPES: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  svg: 'image/svg+xml',
  pdf: 'application/pdf',
  txt: 'text/plain',
  md: 'text/markdown',
  csv: 'text/csv',
  json: 'application/json',
  zip: 'application/zip',
  mp3: 'audio/mpeg',
  mp4: 'video/mp4',
  webm: 'video/webm',
  ogg: 'audio/ogg',
  wav: 'audio/wav',
  html: 'text/html',
  htm: 'text/html',
  js: 'text/javascript',
  py: 'text/x-python',
};
