// POST /api/favorites/list, /add and /remove: the signed-in account's saved practices (docs/product.md section 21).
import type { FavoriteAnswer, FavoriteListAnswer } from '../../../../shared/schemas/favorite';
import { api } from '../../../lib/api';

const favoritesApi = api.injectEndpoints({
  endpoints: (build) => ({
    favorites: build.query<FavoriteListAnswer, void>({
      query: () => ({ url: '/favorites/list', body: {}, silent: true }),
      providesTags: ['Favorites'],
    }),
    setFavorite: build.mutation<FavoriteAnswer, { doctor_id: number; favorite: boolean }>({
      query: ({ doctor_id, favorite }) => ({ url: favorite ? '/favorites/add' : '/favorites/remove', body: { doctor_id } }),
      invalidatesTags: (_result, error) => (error ? [] : ['Favorites']),
    }),
  }),
});

export const { useFavoritesQuery, useSetFavoriteMutation } = favoritesApi;
