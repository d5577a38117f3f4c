// POST /api/user/change-workingtime: The opening hours and time zone.
import type { WorkingTimeInput } from '../../../../shared/schemas/profile';
import { api } from '../../../lib/api';
import { profileChanged, withStatus, type ProfileAnswer } from './profile-answer';

const changeWorkingTimeApi = api.injectEndpoints({
  endpoints: (build) => ({
    changeWorkingTime: build.mutation<ProfileAnswer, WorkingTimeInput>({
      // Not silent: a failure is the API client's toast; the form keeps its input.
      query: (input) => ({ url: '/user/change-workingtime', body: input }),
      transformResponse: withStatus,
      invalidatesTags: profileChanged,
    }),
  }),
});

export const { useChangeWorkingTimeMutation } = changeWorkingTimeApi;
