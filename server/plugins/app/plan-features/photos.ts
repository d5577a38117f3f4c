// Practice photos (docs/product.md section 5): up to PHOTO_LIMIT per vet, through the avatar's image
// pipeline, ordered by `position` from 0. Kept when a plan lapses; only shown while it includes photos.
import { and, asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { profilePhotos, users } from '../../../db/schema';
import { PHOTO_LIMIT } from '../../../../shared/constants/services';
import type { Photo } from '../../../../shared/schemas/plan-features';
import type { Announcer } from '../listing/changes';
import { storeVariants, toWebpVariants, variantUrls } from '../uploads/images';
import { domainError } from '../../../lib/domain-error';
import type { FileStorage } from '../../../storage/storage';

/** The gallery thumbnail (default) and the large view; longest side, never enlarged. */
export const PHOTO_SIZES = [480, 1280] as const;

type PhotoRow = typeof profilePhotos.$inferSelect;

export function presentPhoto(row: PhotoRow): Photo {
  return {
    id: row.id,
    url: row.url,
    urls: variantUrls(row.url, PHOTO_SIZES),
    width: row.width,
    height: row.height,
    caption: row.caption,
    position: row.position,
  };
}

export async function listPhotos(db: DbOrTx, userId: number): Promise<Photo[]> {
  const rows = await db.select().from(profilePhotos).where(eq(profilePhotos.userId, userId)).orderBy(asc(profilePhotos.position), asc(profilePhotos.id));
  return rows.map(presentPhoto);
}

/** Checks, re-encodes and stores one photo at the end of the gallery; ImageRejected when refused. */
export async function addPhoto(db: DbOrTx, announcer: Announcer, storage: FileStorage, userId: number, bytes: Buffer): Promise<Photo> {
  const [count] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(profilePhotos)
    .where(eq(profilePhotos.userId, userId));
  if (Number(count?.n ?? 0) >= PHOTO_LIMIT)
    throw domainError(409, 'PHOTO_LIMIT', `You already have ${PHOTO_LIMIT} photos, the most a profile can show. Delete one to add another.`);
  const variants = await toWebpVariants(bytes, PHOTO_SIZES, 'inside', { field: 'photo' });
  const stored = await storeVariants(storage, variants, {
    prefix: `photos/u${userId}`,
    sizes: PHOTO_SIZES,
    fit: 'inside',
    ownerId: userId,
    defaultSize: PHOTO_SIZES[0],
  });
  const thumb = variants[0]!;
  // NOTE: the count is checked again under a lock on the vet's row, so two uploads at once cannot make 13.
  const id = await db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    const [current] = await tx
      .select({ n: sql<number>`count(*)::int`, last: sql<number | null>`max(${profilePhotos.position})` })
      .from(profilePhotos)
      .where(eq(profilePhotos.userId, userId));
    if (Number(current?.n ?? 0) >= PHOTO_LIMIT) return undefined;
    const [row] = await tx
      .insert(profilePhotos)
      .values({
        userId,
        key: stored.key,
        url: stored.url,
        width: thumb.width,
        height: thumb.height,
        position: current?.last === null || current?.last === undefined ? 0 : Number(current.last) + 1,
      })
      .returning({ id: profilePhotos.id });
    return row!.id;
  });
  if (id === undefined) {
    await storage.deleteByPrefix(`${stored.key}/`);
    throw domainError(409, 'PHOTO_LIMIT', `You already have ${PHOTO_LIMIT} photos, the most a profile can show. Delete one to add another.`);
  }
  const [row] = await db
    .select()
    .from(profilePhotos)
    .where(eq(profilePhotos.id, Number(id)));
  // A listed vet's public page shows its photos (docs/decisions/037-search-cache.md).
  announcer.announce({ kind: 'listing changed', doctorId: userId });
  return presentPhoto(row!);
}

const notFound = () => domainError(404, 'NOT_FOUND', 'This photo does not exist or is not yours.');

/** Sets a caption and/or moves a photo to `position` (0-based), shifting the others. */

/** A vet's photos in their order, locked until the transaction ends (two edits at once take turns). */
function lockedPhotos(tx: DbOrTx, userId: number) {
  return tx.select().from(profilePhotos).where(eq(profilePhotos.userId, userId)).orderBy(asc(profilePhotos.position), asc(profilePhotos.id)).for('update');
}

export async function updatePhoto(
  db: DbOrTx,
  announcer: Announcer,
  userId: number,
  id: number,
  changes: { caption?: string; position?: number },
): Promise<void> {
  await db.transaction(async (tx) => {
    const rows = await lockedPhotos(tx, userId);
    const index = rows.findIndex((row) => row.id === id);
    if (index < 0) throw notFound();
    if (changes.caption !== undefined) await tx.update(profilePhotos).set({ caption: changes.caption.trim() }).where(eq(profilePhotos.id, id));
    if (changes.position !== undefined) {
      const order = rows.map((row) => row.id);
      order.splice(index, 1);
      order.splice(Math.min(changes.position, order.length), 0, id);
      await renumber(tx, rows, order);
    }
  });
  // A listed vet's public page shows its photos (docs/decisions/037-search-cache.md).
  announcer.announce({ kind: 'listing changed', doctorId: userId });
}

export async function deletePhoto(db: DbOrTx, announcer: Announcer, storage: FileStorage, userId: number, id: number): Promise<void> {
  const key = await db.transaction(async (tx) => {
    const rows = await lockedPhotos(tx, userId);
    const target = rows.find((row) => row.id === id);
    if (!target) throw notFound();
    await tx.delete(profilePhotos).where(and(eq(profilePhotos.id, id), eq(profilePhotos.userId, userId)));
    await renumber(
      tx,
      rows.filter((row) => row.id !== id),
      rows.filter((row) => row.id !== id).map((row) => row.id),
    );
    return target.key;
  });
  // A listed vet's public page shows its photos (docs/decisions/037-search-cache.md).
  announcer.announce({ kind: 'listing changed', doctorId: userId });
  await storage.deleteByPrefix(`${key}/`);
}

async function renumber(tx: DbOrTx, rows: PhotoRow[], order: number[]): Promise<void> {
  for (const [position, photoId] of order.entries()) {
    if (rows.find((row) => row.id === photoId)?.position !== position) await tx.update(profilePhotos).set({ position }).where(eq(profilePhotos.id, photoId));
  }
}
