// POST /api/user/pets, /pets/save and /pets/remove: the signed-in account's saved pets (docs/product.md section 31).
import type { PetListAnswer, RemovePetAnswer, SavePetAnswer, SavePetInput } from '../../../../shared/schemas/pet';
import { api } from '../../../lib/api';

const petsApi = api.injectEndpoints({
  endpoints: (build) => ({
    pets: build.query<PetListAnswer, void>({
      query: () => ({ url: '/user/pets', body: {}, silent: true }),
      providesTags: ['Pets'],
    }),
    // Silent: the form shows the refusal next to its fields and keeps the input.
    savePet: build.mutation<SavePetAnswer, SavePetInput>({
      query: (body) => ({ url: '/user/pets/save', body, silent: true }),
      invalidatesTags: (_result, error) => (error ? [] : ['Pets']),
    }),
    removePet: build.mutation<RemovePetAnswer, { id: number }>({
      query: (body) => ({ url: '/user/pets/remove', body, silent: true }),
      invalidatesTags: (_result, error) => (error ? [] : ['Pets']),
    }),
  }),
});

export const { usePetsQuery, useSavePetMutation, useRemovePetMutation } = petsApi;
