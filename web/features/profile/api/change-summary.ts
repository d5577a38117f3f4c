// POST /api/user/change-summary: The summary pet owners read first.
import { api } from '../../../lib/api';
import { profileChanged, withStatus, type ProfileAnswer } from './profile-answer';

const changeSummaryApi = api.injectEndpoints({
  endpoints: (build) => ({
    changeSummary: build.mutation<ProfileAnswer, string>({
      // Not silent: a failure is the API client's toast; the form keeps its input.
      query: (summary) => ({ url: '/user/change-summary', body: { summary } }),
      transformResponse: withStatus,
      invalidatesTags: profileChanged,
    }),
  }),
});

export const { useChangeSummaryMutation } = changeSummaryApi;
