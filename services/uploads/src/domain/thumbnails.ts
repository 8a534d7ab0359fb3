import sharp from 'sharp';
import { Readable } from 'node:stream';
import { defaultThumbnailFormat, FairQueue, Logger, MAX_PREVIEWED_UPLOADS, ThumbnailFormat, thumbnailKey, thumbnailName, THUMBNAIL_FORMATS, TRANSCODED_FORMAT, UploadPreview } from '@parley/common';
import type pg from 'pg';
import type { FileStore } from '../storage';
import * as store from '../store/attachments';
import type { AttachmentRow, ImageInfo, StoredThumbnail } from '../store/attachments';

/**
 * Thumbnails of uploaded images, as Zulip makes them (zerver/lib/thumbnail.py), with sharp
 * (libvips, as Zulip's pyvips). An upload is examined once, right after it is stored: when
 * its declared type is an image type Parley thumbnails and its bytes decode as one, every
 * format of THUMBNAIL_FORMATS for its kind (still or animated) is written to the store, and
 * the row records the original's size and the thumbnails. Messages then preview it with its
 * 840x560 thumbnail (see GetUploadPreviews and the renderer's previews.ts).
 *
 * Zulip examines at upload and thumbnails in a queue worker, re-rendering the messages when
 * done; Parley thumbnails before the upload is answered, so a message can never link an image
 * whose thumbnails are still coming (docs/adr/0015-thumbnails-at-upload.md), on turns shared
 * fairly between the uploads' owners (docs/adr/0030-fair-thumbnail-turns.md). An upload left
 * unexamined (stored before thumbnails existed, or the store failed mid-way) is examined when
 * a message or a thumbnail URL first needs it.
 */

/** Declared types worth reading (Zulip's THUMBNAIL_ACCEPT_IMAGE_TYPES; HEIC is examined, and refused when it cannot be decoded). */
const ACCEPTED_TYPES = new Set(['image/avif', 'image/gif', 'image/heic', 'image/jpeg', 'image/png', 'image/tiff', 'image/webp']);

/**
 * What the bytes must decode as, whatever the declared type: the decoders Zulip leaves
 * unblocked (never SVG, PDF or raw pixels, which libvips would also read).
 */
const DECODED_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'tiff', 'heif']);

/** Types browsers show as they are; the others get the large transcoded still too (Zulip's INLINE_MIME_TYPES). */
const BROWSER_IMAGE_TYPES = new Set(['image/apng', 'image/avif', 'image/bmp', 'image/gif', 'image/jpeg', 'image/png', 'image/webp']);

/** Zulip's IMAGE_BOMB_TOTAL_PIXELS: an image with more pixels (all frames) is not an image to Parley. */
export const IMAGE_BOMB_TOTAL_PIXELS = 90_000_000;

/** Animated thumbnails keep the frames that fit in this many source pixels (Zulip's IMAGE_MAX_ANIMATED_PIXELS). */
const MAX_ANIMATED_PIXELS = IMAGE_BOMB_TOTAL_PIXELS / 3;

/** Larger files are not read into memory for thumbnails: they are served, without a preview. */
export const MAX_THUMBNAIL_SOURCE_BYTES = 64 * 1024 * 1024;

/**
 * At most this many images are thumbnailed at once per process (each holds its source and
 * libvips' buffers); the rest wait their turn.
 */
export const MAX_CONCURRENT_THUMBNAILING = 2;

/**
 * Of those, at most this many are one user's (the uploader's, or the avatar's owner): one
 * user's many large images never hold every turn, so another user's image starts on the
 * turn left, and when all are busy waits for one image of each user ahead of it, not for all
 * of theirs (FairQueue).
 */
export const MAX_THUMBNAILING_PER_USER = 1;

// Each upload is decoded once: libvips' operation cache would only hold memory.
sharp.cache(false);

export interface ThumbnailDeps {
  pool: pg.Pool;
  files: FileStore;
  log: Logger;
}

/** An image as decoded from its header: size as shown (after EXIF rotation) and frames. */
export interface ExaminedImage {
  width: number;
  height: number;
  frames: number;
}

/** One thumbnail made: its stored description and its bytes. */
export interface MadeThumbnail extends StoredThumbnail {
  data: Buffer;
}

/** The image a file's bytes are, or undefined when they are not one Parley thumbnails (not decodable, not allowed, too many pixels). */
export async function examineImage(bytes: Buffer): Promise<ExaminedImage | undefined> {
  let meta: sharp.Metadata;
  try {
    meta = await sharp(bytes).metadata();
  } catch {
    return undefined;
  }
  if (!meta.format || !DECODED_FORMATS.has(meta.format) || !meta.width || !meta.height) return undefined;
  const frames = meta.pages ?? 1;
  if (meta.width * meta.height * frames > IMAGE_BOMB_TOTAL_PIXELS) return undefined;
  // Orientations 5 to 8 turn the image a quarter: it shows with width and height swapped.
  const turned = (meta.orientation ?? 1) >= 5;
  return { width: turned ? meta.height : meta.width, height: turned ? meta.width : meta.height, frames };
}

/** The formats an image gets: its kind's (animated ones only for animated images), and the transcoded still when browsers cannot show the original. */
export function formatsFor(image: ExaminedImage, contentType: string): ThumbnailFormat[] {
  const formats = THUMBNAIL_FORMATS.filter((f) => !f.animated || image.frames > 1);
  return BROWSER_IMAGE_TYPES.has(contentType) ? formats : [...formats, TRANSCODED_FORMAT];
}

/**
 * Each format's thumbnail: scaled down (never up) to fit its box, turned upright by its EXIF
 * orientation, stills from the first frame, animated ones with as many frames as fit
 * MAX_ANIMATED_PIXELS. The source is decoded once for all the stills: into the largest still
 * box, from which each still is made. Throws when the bytes turn out not to decode past their
 * header.
 */
export async function makeThumbnails(bytes: Buffer, image: ExaminedImage, formats: ThumbnailFormat[]): Promise<MadeThumbnail[]> {
  const stills = formats.filter((f) => !f.animated);
  const largest = stills.reduce<ThumbnailFormat | undefined>((a, f) => (!a || f.max_width * f.max_height > a.max_width * a.max_height ? f : a), undefined);
  const base = largest ? await sharp(bytes, { limitInputPixels: IMAGE_BOMB_TOTAL_PIXELS }).rotate().resize(fitting(largest)).raw().toBuffer({ resolveWithObject: true }) : undefined;
  const made: MadeThumbnail[] = [];
  for (const format of formats) {
    const pipeline = format.animated
      ? sharp(bytes, { pages: animatedPages(image), limitInputPixels: IMAGE_BOMB_TOTAL_PIXELS })
          .rotate()
          .resize(fitting(format))
      : sharp(base!.data, { raw: { width: base!.info.width, height: base!.info.height, channels: base!.info.channels } }).resize(fitting(format));
    const { data, info } = await (format.extension === 'jpg' ? pipeline.jpeg() : pipeline.webp()).toBuffer({ resolveWithObject: true });
    made.push({
      name: thumbnailName(format),
      content_type: format.extension === 'jpg' ? 'image/jpeg' : 'image/webp',
      width: info.width,
      height: info.pageHeight ?? info.height,
      byte_size: data.length,
      data,
    });
  }
  return made;
}

/** Scale down (never up) to fit the format's box, keeping the aspect ratio. */
const fitting = (f: ThumbnailFormat): sharp.ResizeOptions => ({ width: f.max_width, height: f.max_height, fit: 'inside', withoutEnlargement: true });

/** The frames an animated thumbnail keeps: as many as fit MAX_ANIMATED_PIXELS, at least one. */
const animatedPages = (image: ExaminedImage) => Math.max(1, Math.min(image.frames, Math.floor(MAX_ANIMATED_PIXELS / (image.width * image.height))));

const turns = new FairQueue(MAX_CONCURRENT_THUMBNAILING, { perKey: MAX_THUMBNAILING_PER_USER });

/** Whose turn an image job takes: a user of a realm. */
export const imageOwner = (realmId: number, userId: number): string => `${realmId}:${userId}`;

/**
 * Runs an image job (decoding with sharp) on one of `owner`'s turns (imageOwner), when one is
 * free: avatars share them with thumbnails.
 */
export const inImageTurn = <T>(owner: string, job: () => Promise<T>): Promise<T> => turns.run(owner, job);

/**
 * Examines an upload not yet examined and records what it is; answers the row as it is now.
 * Not an image, or not one Parley thumbnails: recorded as such, once. A failure of the store
 * (reading the original, writing a thumbnail) leaves the row unexamined for a later try, and
 * is thrown. Holds no database connection while it reads, decodes or writes files. The work
 * takes a turn of the upload's owner, whoever needs it (the upload, a message's preview, a
 * thumbnail URL): it is theirs.
 */
export async function examineUpload(deps: ThumbnailDeps, row: AttachmentRow): Promise<AttachmentRow> {
  if (row.image_status !== null) return row;
  const info = await inImageTurn(imageOwner(row.realm_id, row.owner_id), () => imageInfoOf(deps, row));
  if (await store.recordImage(deps.pool, row.id, info)) return { ...row, ...info };
  const [now] = await store.attachmentsByIds(deps.pool, [row.id]);
  if (!now) {
    // Deleted while we worked: its deletion did not know of these thumbnails.
    await Promise.all(info.thumbnails.map((t) => deps.files.delete(thumbnailKey(row.path_id, t.name)).catch(() => undefined)));
    return { ...row, ...info };
  }
  // Another examination recorded first; the thumbnails written are the same files.
  return now;
}

/** Examines an upload, answering what examining it found, and never throwing: store failures are logged and the row stays unexamined. */
export async function examineUploadQuietly(deps: ThumbnailDeps, row: AttachmentRow): Promise<AttachmentRow> {
  return examineUpload(deps, row).catch((err: unknown) => {
    deps.log.warn({ err, path: row.path_id }, 'could not make thumbnails of an upload; it will be tried again when needed');
    return row;
  });
}

/**
 * The previews of the uploads a message links to (GetUploadPreviews): of these path_ids in
 * the realm, the images Parley thumbnails. Uploads not yet examined are examined now; one
 * the store fails on gets no preview this time.
 */
export async function uploadPreviews(deps: ThumbnailDeps, realmId: number, pathIds: string[]): Promise<Record<string, UploadPreview>> {
  const rows = await store.attachmentsByPathIds(deps.pool, realmId, [...new Set(pathIds)].slice(0, MAX_PREVIEWED_UPLOADS));
  const examined = await Promise.all(rows.map((row) => examineUploadQuietly(deps, row)));
  return Object.fromEntries(examined.flatMap((row) => (row.image_status === 'thumbnailed' ? [[row.path_id, previewOf(row)]] : [])));
}

/** What a message shows of a thumbnailed upload: the first format of its kind (Zulip's get_default_thumbnail_url). */
function previewOf(row: AttachmentRow & { image_status: 'thumbnailed' }): UploadPreview {
  const animated = row.frames > 1;
  const largest = [...row.thumbnails].sort((a, b) => b.width * b.height - a.width * a.height)[0];
  return {
    url: `/user_uploads/${thumbnailKey(row.path_id, thumbnailName(defaultThumbnailFormat(animated)))}`,
    animated,
    original_width_px: row.original_width_px,
    original_height_px: row.original_height_px,
    original_content_type: row.content_type,
    ...(!BROWSER_IMAGE_TYPES.has(row.content_type) && largest ? { transcoded_image: largest.name } : {}),
  };
}

const NOT_AN_IMAGE: ImageInfo = { image_status: 'not_image', original_width_px: null, original_height_px: null, frames: null, thumbnails: [] };

async function imageInfoOf(deps: ThumbnailDeps, row: AttachmentRow): Promise<ImageInfo> {
  if (!ACCEPTED_TYPES.has(row.content_type) || row.size > MAX_THUMBNAIL_SOURCE_BYTES) return NOT_AN_IMAGE;
  const bytes = await readAll(deps.files, row.path_id);
  const image = await examineImage(bytes);
  if (!image) return NOT_AN_IMAGE;
  let made: MadeThumbnail[];
  try {
    made = await makeThumbnails(bytes, image, formatsFor(image, row.content_type));
  } catch (err) {
    // Its header parsed, its pixels did not: truncated or corrupt, so no preview (as Zulip).
    deps.log.info({ err, path: row.path_id }, 'an uploaded image could not be decoded; it gets no preview');
    return NOT_AN_IMAGE;
  }
  for (const t of made) {
    await deps.files.put(thumbnailKey(row.path_id, t.name), Readable.from([t.data]), { contentType: t.content_type, maxBytes: t.data.length });
  }
  return {
    image_status: 'thumbnailed',
    original_width_px: image.width,
    original_height_px: image.height,
    frames: image.frames,
    thumbnails: made.map(({ data: _data, ...stored }) => stored),
  };
}

async function readAll(files: FileStore, key: string): Promise<Buffer> {
  const body = await files.get(key);
  if (!body) throw new Error(`The upload ${key} is missing from the store`);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_THUMBNAIL_SOURCE_BYTES) throw new Error(`The upload ${key} is larger than its row says`);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}
