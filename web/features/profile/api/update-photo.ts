// POST /api/user/photos/update: a photo's caption or place in the gallery (docs/product.md, Plans and payment).
import { api } from '../../../lib/api';
import type { PhotoList } from './get-my-photos';

const updatePhotoApi = api.injectEndpoints({
  endpoints: (build) => ({
    updatePhoto: build.mutation<PhotoList, { id: number; caption?: string; position?: number }>({
      query: (body) => ({ url: '/user/photos/update', body }),
      invalidatesTags: ['Photos', 'Doctor'],
    }),
  }),
});

export const { useUpdatePhotoMutation } = updatePhotoApi;
