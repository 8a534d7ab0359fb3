import { createHash } from 'node:crypto';
import { sign } from './secret';

/**
 * Where avatars live, as both sides need it: the users service names them in `avatar_url`,
 * the uploads service stores and serves them. Every avatar is a PNG under /user_avatars/ (as
 * Zulip's local storage serves them) with a `-medium.png` sibling, which is what clients
 * (zulip-flutter) ask for when they draw more than 100 physical pixels.
 *
 * - Generated defaults: `/user_avatars/default/<32 hex>.png`, the name a hash of the realm and
 *   the user; the image is a function of the name alone (an identicon), so serving one reads
 *   nothing.
 * - Uploaded: `/user_avatars/<realm_id>/avatars/<40 hex>.png`, the name keyed by PARLEY_SECRET
 *   (Zulip salts its avatar hashes so that user IDs do not enumerate avatars); one per user,
 *   overwritten by the next upload: `?version=N` tells versions apart.
 */

/** Zulip's DEFAULT_AVATAR_SIZE and MEDIUM_AVATAR_SIZE (zerver/lib/thumbnail.py). */
export const AVATAR_SIZE = 100;
export const MEDIUM_AVATAR_SIZE = 500;

export const AVATARS_PATH = '/user_avatars/';

const suffix = (medium: boolean) => (medium ? '-medium.png' : '.png');

/** The default avatar's name: of a user (`user:<id>`) or of a realm's icon (`realm`). */
export function defaultAvatarName(realmId: number, subject: string): string {
  return createHash('sha256').update(`parley-default-avatar:${realmId}:${subject}`).digest('hex').slice(0, 32);
}

/** A generated default avatar's path (without its version). */
export const defaultAvatarPath = (realmId: number, subject: string, medium = false): string => `${AVATARS_PATH}default/${defaultAvatarName(realmId, subject)}${suffix(medium)}`;

/** An uploaded avatar's key in the store, without `.png` / `-medium.png`; also its path under /user_avatars/. */
export function uploadedAvatarKey(secret: string, realmId: number, userId: number): string {
  const name = Buffer.from(sign(secret, 'avatar-path', `${realmId}:${userId}`), 'base64url')
    .toString('hex')
    .slice(0, 40);
  return `${realmId}/avatars/${name}`;
}

export const uploadedAvatarStoreKey = (secret: string, realmId: number, userId: number, medium: boolean): string => `${uploadedAvatarKey(secret, realmId, userId)}${suffix(medium)}`;

/** An uploaded avatar's path (without its version). */
export const uploadedAvatarPath = (secret: string, realmId: number, userId: number, medium = false): string => `${AVATARS_PATH}${uploadedAvatarStoreKey(secret, realmId, userId, medium)}`;

export type AvatarPath = { kind: 'default'; name: string; medium: boolean } | { kind: 'uploaded'; key: string; medium: boolean };

/** What a path after /user_avatars/ names, if an avatar. */
export function parseAvatarPath(path: string): AvatarPath | undefined {
  const generated = /^default\/([0-9a-f]{32})(-medium)?\.png$/.exec(path);
  if (generated) return { kind: 'default', name: generated[1], medium: generated[2] !== undefined };
  const uploaded = /^(\d{1,15}\/avatars\/[0-9a-f]{40})(-medium)?\.png$/.exec(path);
  if (uploaded) return { kind: 'uploaded', key: `${uploaded[1]}${suffix(uploaded[2] !== undefined)}`, medium: uploaded[2] !== undefined };
  return undefined;
}
