import { randomBytes } from 'node:crypto';
import { BadRequestError } from '@parley/common';

/**
 * Custom emoji names and images, as Zulip checks them (zerver/lib/emoji.py and
 * zerver/views/realm_emoji.py): pure functions, no I/O.
 */

/** Zulip's MAX_EMOJI_FILE_SIZE_MIB default. */
export const DEFAULT_MAX_EMOJI_FILE_SIZE_MIB = 5;

/**
 * The name an upload asks for, as Zulip's upload_emoji reads it from the path: surrounding
 * whitespace dropped, spaces turned into underscores (the reference: "underscores are
 * treated the same as spaces").
 */
export function normalizeEmojiName(raw: string): string {
  return raw.trim().replace(/ /g, '_');
}

/** Zulip's check_valid_emoji_name. */
export function checkValidEmojiName(name: string): void {
  if (!name) throw new BadRequestError('Emoji name is missing');
  if (/^[0-9a-z_-]+$/.test(name)) {
    if (/[0-9a-z]$/.test(name)) return;
    throw new BadRequestError('Emoji names must end with either a letter or digit.');
  }
  throw new BadRequestError('Emoji names must contain only lowercase English letters, digits, spaces, dashes, and underscores.');
}

/** The image types a custom emoji may have, with the extension its stored name gets. */
export const EMOJI_IMAGE_TYPES: Readonly<Record<string, string>> = {
  'image/png': 'png',
  'image/gif': 'gif',
  'image/jpeg': 'jpeg',
  'image/webp': 'webp',
};

/** How many leading bytes `sniffImageType` needs. */
export const SNIFF_BYTES = 12;

/**
 * The image type that a file's first bytes announce (PNG, GIF, JPEG, WebP), or undefined.
 * The bytes decide, not the client's declared type: clients often send
 * application/octet-stream, and a wrong declared type would be served as it is.
 */
export function sniffImageType(head: Buffer): string | undefined {
  const starts = (bytes: number[], at = 0) => head.length >= at + bytes.length && bytes.every((b, i) => head[at + i] === b);
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (starts([0x47, 0x49, 0x46, 0x38]) && (head[4] === 0x37 || head[4] === 0x39) && head[5] === 0x61) return 'image/gif';
  if (starts([0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (starts([0x52, 0x49, 0x46, 0x46]) && starts([0x57, 0x45, 0x42, 0x50], 8)) return 'image/webp';
  return undefined;
}

/** A new image's name, random (not enumerable, as Zulip's salted hash) with its type's extension. */
export function newEmojiFileName(contentType: string): string {
  return `${randomBytes(12).toString('hex')}.${EMOJI_IMAGE_TYPES[contentType]}`;
}

/** The image's key in the store, which is also its public path under /user_avatars/. */
export const emojiKey = (realmId: number, fileName: string): string => `${realmId}/emoji/images/${fileName}`;

/** The realm and file name of a path after /user_avatars/, or undefined when it names no emoji image. */
export function parseEmojiKey(path: string): { realmId: number; fileName: string } | undefined {
  const m = /^(\d{1,15})\/emoji\/images\/([A-Za-z0-9_-]{1,64}\.(?:png|gif|jpe?g|webp))$/.exec(path);
  return m ? { realmId: Number(m[1]), fileName: m[2] } : undefined;
}
