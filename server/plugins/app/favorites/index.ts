// The favourites area as one plugin (docs/product.md section 21; decision record 113): a pet owner's saved
// practices. `fastify.favorites.add/remove/list` with the database, the listing module and the clock bound;
// thin routes under /api/favorites authorize and call them.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { and, desc, eq } from 'drizzle-orm';
import { favorites } from '../../../db/schema';
import { FAVORITES_MAX, type FavoriteAnswer } from '../../../../shared/schemas/favorite';
import type { DoctorSummary } from '../../../../shared/schemas/doctor';
import { domainError } from '../../../lib/domain-error';
import { violatesCheck } from '../../../lib/check-violation';
import type { UserRow } from '../users/index';

export const FAVORITE_MESSAGES = {
  notListed: 'This practice is not listed, so it cannot be saved.',
  limit: `You can keep up to ${FAVORITES_MAX} favourite practices. Remove one to save another.`,
  added: 'Saved to My vets.',
  removed: 'Removed from My vets.',
} as const;

function favoritesOf(fastify: FastifyInstance) {
  const { db } = fastify.database;
  const { listing, clock } = fastify;
  return {
    /**
     * Saves a listed practice (404 otherwise); saving it again changes nothing. The limit is the
     * insert's own statement: the counter's trigger and CHECK refuse the one over FAVORITES_MAX.
     */
    async add(account: UserRow, doctorId: number): Promise<FavoriteAnswer> {
      if (!(await listing.isListed(doctorId, clock.now()))) throw domainError(404, 'NOT_FOUND', FAVORITE_MESSAGES.notListed, { field: 'doctor_id' });
      try {
        await db.insert(favorites).values({ account: account.id, doctorId, createdAt: clock.now() }).onConflictDoNothing();
      } catch (error) {
        if (violatesCheck(error, 'favorite_counts_limit')) throw domainError(409, 'FAVORITES_LIMIT', FAVORITE_MESSAGES.limit, { field: 'doctor_id' });
        throw error;
      }
      return { message: FAVORITE_MESSAGES.added, doctor_id: doctorId, favorite: true };
    },

    /** Takes a practice off the account's favourites (listed or not); nothing to take off is no error. */
    async remove(account: UserRow, doctorId: number): Promise<FavoriteAnswer> {
      await db.delete(favorites).where(and(eq(favorites.account, account.id), eq(favorites.doctorId, doctorId)));
      return { message: FAVORITE_MESSAGES.removed, doctor_id: doctorId, favorite: false };
    },

    /** The account's favourites that are listed now, newest first, as search cards; unlisted ones are left out (section 21). */
    async list(account: UserRow): Promise<DoctorSummary[]> {
      const rows = await db
        .select({ doctorId: favorites.doctorId })
        .from(favorites)
        .where(eq(favorites.account, account.id))
        .orderBy(desc(favorites.createdAt), favorites.doctorId)
        .limit(FAVORITES_MAX);
      return listing.cards(
        rows.map((row) => row.doctorId),
        clock.now(),
      );
    },
  };
}

export type Favorites = ReturnType<typeof favoritesOf>;

declare module 'fastify' {
  interface FastifyInstance {
    favorites: Favorites;
  }
}

export default fp(
  async (fastify) => {
    fastify.decorate('favorites', favoritesOf(fastify));
  },
  { name: 'favorites', dependencies: ['database', 'listing'] },
);

export { default as favoriteRoutes } from './routes/index';
