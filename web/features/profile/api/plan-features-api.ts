// The plan feature calls of /viewprofile (decisions.md section 5): photos, change-services,
// messages and statistics, as RTK Query endpoints over the one API client.
import type { MessagesAnswer, Photo, StatisticsDay } from '../../../../shared/schemas/plan-features';
import type { Static } from '@sinclair/typebox';
import type { User } from '../../../../shared/types/user';
import { api } from '../../../lib/api';

type PhotoList = { data: Photo[]; limit: number };

const planFeaturesApi = api.enhanceEndpoints({ addTagTypes: ['Photos', 'Messages', 'Statistics'] }).injectEndpoints({
  endpoints: (build) => ({
    myPhotos: build.query<PhotoList, void>({
      query: () => ({ url: '/user/photos', method: 'GET', silent: true }),
      providesTags: ['Photos'],
    }),
    addPhoto: build.mutation<PhotoList, File>({
      query: (file) => {
        const form = new FormData();
        form.append('photo', file);
        return { url: '/user/photos', body: form, silent: true };
      },
      invalidatesTags: ['Photos', 'Doctor'],
    }),
    updatePhoto: build.mutation<PhotoList, { id: number; caption?: string; position?: number }>({
      query: (body) => ({ url: '/user/photos/update', body }),
      invalidatesTags: ['Photos', 'Doctor'],
    }),
    deletePhoto: build.mutation<PhotoList, number>({
      query: (id) => ({ url: '/user/photos/delete', body: { id } }),
      invalidatesTags: ['Photos', 'Doctor'],
    }),
    changeServices: build.mutation<User, string[]>({
      query: (services) => ({ url: '/user/change-services', body: { services } }),
      invalidatesTags: ['Doctor'],
    }),
    myMessages: build.query<Static<typeof MessagesAnswer>, { page: number; pageSize: number }>({
      query: (body) => ({ url: '/user/messages', body, silent: true }),
      providesTags: ['Messages'],
      keepUnusedDataFor: 0,
    }),
    myStatistics: build.query<{ data: StatisticsDay[] }, number>({
      query: (days) => ({ url: '/user/statistics', body: { days }, silent: true }),
      providesTags: ['Statistics'],
      keepUnusedDataFor: 0,
    }),
  }),
});

export const {
  useMyPhotosQuery,
  useAddPhotoMutation,
  useUpdatePhotoMutation,
  useDeletePhotoMutation,
  useChangeServicesMutation,
  useMyMessagesQuery,
  useMyStatisticsQuery,
} = planFeaturesApi;
