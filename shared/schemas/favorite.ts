// Favourite practices of an account (docs/product.md section 21): add, remove, list.
import { Type, type Static } from '@sinclair/typebox';
import { Id } from './common';
import { DoctorSummarySchema } from './doctor';

/** How many practices one account may keep as favourites (migration 0018's CHECK says the same). */
export const FAVORITES_MAX = 500;

export const FavoriteBody = Type.Object(
  { doctor_id: Type.Integer({ minimum: 1, maximum: 2_147_483_647, title: 'practice' }) },
  { additionalProperties: false },
);
export type FavoriteBody = Static<typeof FavoriteBody>;

export const FavoriteAnswer = Type.Object({
  message: Type.String(),
  doctor_id: Id,
  favorite: Type.Boolean({ description: 'Whether the practice is among the favourites now' }),
});
export type FavoriteAnswer = Static<typeof FavoriteAnswer>;

/** The listed favourites, newest first, as search cards (distance null) with their open-now state. */
export const FavoriteListAnswer = Type.Object({ data: Type.Array(DoctorSummarySchema) });
export type FavoriteListAnswer = Static<typeof FavoriteListAnswer>;
