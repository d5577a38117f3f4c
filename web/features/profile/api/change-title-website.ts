// POST /api/user/change-title-website: The practice's website title and address.
import type { TitleWebsiteInput } from '../../../../shared/schemas/profile';
import { api } from '../../../lib/api';
import { profileChanged, withStatus, type ProfileAnswer } from './profile-answer';

const changeTitleWebsiteApi = api.injectEndpoints({
  endpoints: (build) => ({
    changeTitleWebsite: build.mutation<ProfileAnswer, TitleWebsiteInput>({
      // Not silent: a failure is the API client's toast; the form keeps its input.
      query: (input) => ({ url: '/user/change-title-website', body: input }),
      transformResponse: withStatus,
      invalidatesTags: profileChanged,
    }),
  }),
});

export const { useChangeTitleWebsiteMutation } = changeTitleWebsiteApi;
