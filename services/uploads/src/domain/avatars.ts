import { Readable } from 'node:stream';
import sharp from 'sharp';
import { AVATAR_SIZE, BadRequestError, bindClient, Caller, MEDIUM_AVATAR_SIZE, uploadedAvatarStoreKey } from '@parley/common';
import type { AttachmentDeps } from './attachments';
import { IMAGE_BOMB_TOTAL_PIXELS, imageOwner, inImageTurn } from './thumbnails';

/**
 * Users' own avatars (POST and DELETE /users/me/avatar), as Zulip's upload_avatar_image: the
 * image cropped to a centred square and stored as two PNGs, 100×100 (`<key>.png`) and
 * 500×500 (`<key>-medium.png`), where common/avatars.ts names them; the users service owns
 * avatar_source and avatar_version and tells the realm (ChangeAvatar).
 */
export interface AvatarDeps extends Pick<AttachmentDeps, 'files' | 'clients'> {
  secret: string;
}

/** Zulip's BadImageError for what does not decode. */
export const undecodableImage = () => new BadRequestError('Could not decode image; did you upload an image file?');

const usersOf = (deps: AvatarDeps, caller: Caller) => bindClient(deps.clients.users, { caller, client: 'uploads', host: '' });

/** Whether the caller may change their avatar now (the realm's avatar_changes_disabled): before the image is read. */
export async function checkChangeAvatar(deps: AvatarDeps, caller: Caller): Promise<void> {
  await usersOf(deps, caller).changeAvatar({ avatar_source: 'U', check_only: true });
}

/** The image's two sizes as PNG, first frame, EXIF orientation applied, on one of `owner`'s image turns; undecodable: Zulip's BadImageError. */
export async function resizeAvatar(image: Buffer, owner: string): Promise<{ small: Buffer; medium: Buffer }> {
  return inImageTurn(owner, async () => {
    try {
      const square = (size: number) => sharp(image, { limitInputPixels: IMAGE_BOMB_TOTAL_PIXELS, failOn: 'error' }).rotate().resize(size, size, { fit: 'cover', position: 'centre' }).png().toBuffer();
      return { small: await square(AVATAR_SIZE), medium: await square(MEDIUM_AVATAR_SIZE) };
    } catch {
      throw undecodableImage();
    }
  });
}

/** POST /users/me/avatar once the image is read: both sizes into the store, then the users service's change. Answers the new URL. */
export async function setUploadedAvatar(deps: AvatarDeps, caller: Caller, image: Buffer): Promise<string> {
  const { small, medium } = await resizeAvatar(image, imageOwner(caller.realm_id, caller.user_id));
  for (const [bytes, isMedium] of [
    [small, false],
    [medium, true],
  ] as const) {
    const key = uploadedAvatarStoreKey(deps.secret, caller.realm_id, caller.user_id, isMedium);
    await deps.files.put(key, Readable.from([bytes]), { contentType: 'image/png', maxBytes: bytes.length });
  }
  const { avatar_url } = await usersOf(deps, caller).changeAvatar({ avatar_source: 'U', check_only: false });
  return avatar_url;
}

/** DELETE /users/me/avatar: back to the default (the users service refuses as Zulip), then the images go. */
export async function deleteUploadedAvatar(deps: AvatarDeps, caller: Caller): Promise<string> {
  const { avatar_url } = await usersOf(deps, caller).changeAvatar({ avatar_source: 'G', check_only: false });
  await Promise.all([false, true].map((medium) => deps.files.delete(uploadedAvatarStoreKey(deps.secret, caller.realm_id, caller.user_id, medium))));
  return avatar_url;
}
