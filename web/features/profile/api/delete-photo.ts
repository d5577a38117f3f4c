// POST /api/user/photos/delete: removes a photo from the gallery (docs/product.md, Plans and payment).
import { api } from '../../../lib/api';
import type { PhotoList } from './get-my-photos';

const deletePhotoApi = api.injectEndpoints({
  endpoints: (build) => ({
    deletePhoto: build.mutation<PhotoList, number>({
      query: (id) => ({ url: '/user/photos/delete', body: { id } }),
      invalidatesTags: ['Photos', 'Doctor'],
    }),
  }),
});

export const { useDeletePhotoMutation } = deletePhotoApi;
