// POST /api/user/change-education: The education entries.
import type { EducationEntry } from '../../../../shared/schemas/profile';
import { api } from '../../../lib/api';
import { profileChanged, withStatus, type ProfileAnswer } from './profile-answer';

const changeEducationApi = api.injectEndpoints({
  endpoints: (build) => ({
    changeEducation: build.mutation<ProfileAnswer, EducationEntry[]>({
      // Not silent: a failure is the API client's toast; the form keeps its input.
      query: (education) => ({ url: '/user/change-education', body: { education } }),
      transformResponse: withStatus,
      invalidatesTags: profileChanged,
    }),
  }),
});

export const { useChangeEducationMutation } = changeEducationApi;
