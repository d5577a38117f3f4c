// GET /api/user/photos: the signed-in vet's photos and how many their plan allows
// (docs/product.md, Plans and payment).
import type { Static } from '@sinclair/typebox';
import type { PhotoListSchema } from '../../../../shared/schemas/plan-features';
import { api } from '../../../lib/api';

/** What every photo call answers: the whole list after the change, and the plan's limit. */
export type PhotoList = Static<typeof PhotoListSchema>;

const getMyPhotosApi = api.injectEndpoints({
  endpoints: (build) => ({
    myPhotos: build.query<PhotoList, void>({
      query: () => ({ url: '/user/photos', method: 'GET', silent: true }),
      providesTags: ['Photos'],
    }),
  }),
});

export const { useMyPhotosQuery } = getMyPhotosApi;
