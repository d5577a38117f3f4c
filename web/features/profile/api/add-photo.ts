// POST /api/user/photos (multipart): adds one photo to the signed-in vet's gallery
// (docs/product.md, Plans and payment); the public profile shows it.
import { api } from '../../../lib/api';
import type { PhotoList } from './get-my-photos';

const addPhotoApi = api.injectEndpoints({
  endpoints: (build) => ({
    addPhoto: build.mutation<PhotoList, File>({
      query: (file) => {
        const form = new FormData();
        form.append('photo', file);
        return { url: '/user/photos', body: form, silent: true };
      },
      invalidatesTags: ['Photos', 'Doctor'],
    }),
  }),
});

export const { useAddPhotoMutation } = addPhotoApi;
