import { eq } from 'drizzle-orm';
import type { Profile } from '../../../shared/contracts/user';
import type { Database } from '../../db/client';
import type { Actor } from '../../lib/context';
import { notFound } from '../../lib/errors';
import { SESSIONS_TOPIC } from '../../lib/session-fast-path';
import { authorize } from '../../policies';
import { users } from '../auth';
import { publishChange } from '../events';
import {
  deleteImage,
  IMAGE_SIZES,
  imageIdFromUrl,
  imageUrl,
  processImage,
  saveProcessedImage,
} from '../images';
import { presentProfile } from '../users';

const PROFILE_PHOTO = 'profile-photo';

/** Largest profile photo upload accepted, before it is resized. */

/**
 * Replaces `userId`'s image with `newImage` (or none) in one transaction that locks the user row, and
 * deletes the profile photo it pointed to before, so concurrent uploads leave no orphans behind.
 * Only the account's own user may (policy `account.update`).
 */
async function replaceProfilePhoto(
  db: Database,
  actor: Actor,
  userId: string,
  newImage: Awaited<ReturnType<typeof processImage>> | null,
): Promise<Profile> {
  authorize(actor, 'account.update', { ownerId: userId });
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
    if (!current) throw notFound('Your account no longer exists.');
    const stored = newImage ? await saveProcessedImage(tx, PROFILE_PHOTO, newImage) : null;
    const [updated] = await tx
      .update(users)
      .set({ image: stored ? imageUrl(stored.id) : null, updatedAt: new Date() })
      .where(eq(users.id, userId))
      .returning();
    if (!updated) throw notFound('Your account no longer exists.');
    // Sessions kept in memory (lib/session-fast-path.ts) hold the photo for GET /api/me.
    await publishChange(tx, SESSIONS_TOPIC);
    const previousId = imageIdFromUrl(current.image);
    if (previousId) {
      // Only a profile photo is this account's to delete; a URL could point at any stored picture.
      await deleteImage(tx, previousId, PROFILE_PHOTO);
    }
    return presentProfile(updated);
  });
}

/**
 * Sets the signed-in user's profile photo from an upload: decoded, turned upright, stripped of
 * metadata, fitted in 512 × 512 and stored as WebP; the previous photo is deleted.
 */
export async function setProfilePhoto(
  db: Database,
  actor: Actor,
  bytes: Uint8Array,
  userId: string = actor.id,
): Promise<Profile> {
  authorize(actor, 'account.update', { ownerId: userId });
  // Decode and encode before the transaction, so no row lock is held while the CPU works.
  const image = await processImage(bytes, IMAGE_SIZES[PROFILE_PHOTO]);
  return replaceProfilePhoto(db, actor, userId, image);
}

/** Removes the signed-in user's profile photo (nothing to do when there is none). */
export async function removeProfilePhoto(
  db: Database,
  actor: Actor,
  userId: string = actor.id,
): Promise<Profile> {
  return replaceProfilePhoto(db, actor, userId, null);
}
