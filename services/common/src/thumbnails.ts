/**
 * The thumbnails Parley makes of uploaded images, as Zulip's THUMBNAIL_OUTPUT_FORMATS: the
 * uploads service writes them next to the upload (`thumbnail/<path_id>/<name>`), the renderer
 * points an upload's inline preview at the first one of the image's kind (still or animated),
 * and POST /register announces the list (server_thumbnail_formats) so clients may ask for
 * another size by swapping the URL's last segment.
 */
export interface ThumbnailFormat {
  extension: 'webp' | 'jpg';
  max_width: number;
  max_height: number;
  /** Made only of animated images, keeping every frame; still formats take the first frame. */
  animated: boolean;
}

/**
 * In Zulip's order, which matters: the first format of an image's kind is the one rendered
 * into messages. 840x560 for clients that show the URL as it is (large enough not to look
 * pixelated on a phone), 300x200 as the web client prefers.
 */
export const THUMBNAIL_FORMATS: readonly ThumbnailFormat[] = [
  { extension: 'webp', max_width: 840, max_height: 560, animated: true },
  { extension: 'webp', max_width: 840, max_height: 560, animated: false },
  { extension: 'webp', max_width: 300, max_height: 200, animated: true },
  { extension: 'webp', max_width: 300, max_height: 200, animated: false },
  { extension: 'jpg', max_width: 300, max_height: 200, animated: false },
];

/**
 * Images browsers cannot show (TIFF, say) get one more, large still format, which clients
 * show in place of the original (Zulip's TRANSCODED_IMAGE_FORMAT, named in the preview's
 * `data-transcoded-image`).
 */
export const TRANSCODED_FORMAT: ThumbnailFormat = { extension: 'webp', max_width: 4032, max_height: 3024, animated: false };

/** `840x560.webp`, `840x560-anim.webp`: the last segment of a thumbnail's URL. */
export function thumbnailName(f: ThumbnailFormat): string {
  return `${f.max_width}x${f.max_height}${f.animated ? '-anim' : ''}.${f.extension}`;
}

/** The format a thumbnail name stands for, or undefined when it is not one Parley makes. */
export function thumbnailFormatNamed(name: string): ThumbnailFormat | undefined {
  return [...THUMBNAIL_FORMATS, TRANSCODED_FORMAT].find((f) => thumbnailName(f) === name);
}

/** The store key of an upload's thumbnail, which is also its URL after /user_uploads/. */
export function thumbnailKey(pathId: string, name: string): string {
  return `thumbnail/${pathId}/${name}`;
}

/** The format a message's preview uses for an image of this kind (the first that matches, as in Zulip). */
export function defaultThumbnailFormat(animated: boolean): ThumbnailFormat {
  return THUMBNAIL_FORMATS.find((f) => f.animated === animated) ?? THUMBNAIL_FORMATS[0];
}

/** POST /register's server_thumbnail_formats. */
export function serverThumbnailFormats() {
  return THUMBNAIL_FORMATS.map((f) => ({
    name: thumbnailName(f),
    max_width: f.max_width,
    max_height: f.max_height,
    format: f.extension,
    animated: f.animated,
  }));
}

/**
 * What a message's inline preview of an uploaded image shows (Zulip's MarkdownImageMetadata):
 * the thumbnail's URL, the original's size and type, whether it moves, and the name of the
 * large transcoded still when browsers cannot show the original.
 */
export interface UploadPreview {
  url: string;
  animated: boolean;
  original_width_px: number;
  original_height_px: number;
  original_content_type: string;
  transcoded_image?: string;
}

/** At most this many path_ids are looked up for one message's previews (Zulip previews at most 24). */
export const MAX_PREVIEWED_UPLOADS = 100;
