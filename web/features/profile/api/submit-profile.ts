// POST /api/user/profile-submit: Sends the finished profile for review.
import { api } from '../../../lib/api';
import { profileChanged, withStatus, type ProfileAnswer } from './profile-answer';

const submitProfileApi = api.injectEndpoints({
  endpoints: (build) => ({
    submitProfile: build.mutation<ProfileAnswer, void>({
      // Not silent: a failure is the API client's toast; the form keeps its input.
      query: () => ({ url: '/user/profile-submit', body: {} }),
      transformResponse: withStatus,
      invalidatesTags: profileChanged,
    }),
  }),
});

export const { useSubmitProfileMutation } = submitProfileApi;
