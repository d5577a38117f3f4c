// POST /api/user/change-services: the services the vet offers, shown on the public profile and
// searched by (docs/product.md, Plans and payment).
import type { User } from '../../../../shared/types/user';
import { api } from '../../../lib/api';

const changeServicesApi = api.injectEndpoints({
  endpoints: (build) => ({
    changeServices: build.mutation<User, string[]>({
      query: (services) => ({ url: '/user/change-services', body: { services } }),
      invalidatesTags: ['Doctor'],
    }),
  }),
});

export const { useChangeServicesMutation } = changeServicesApi;
