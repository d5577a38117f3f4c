// POST /api/user/setupProfileStep2: Wizard step 2 (and the practice details form): licence, services, species, hours, summary.
import type { Step2Input } from '../../../../shared/schemas/profile';
import { api } from '../../../lib/api';
import { profileChanged, withStatus, type ProfileAnswer } from './profile-answer';

const setupStep2Api = api.injectEndpoints({
  endpoints: (build) => ({
    setupStep2: build.mutation<ProfileAnswer, Step2Input>({
      // Not silent: a failure is the API client's toast; the form keeps its input.
      query: (input) => ({ url: '/user/setupProfileStep2', body: input }),
      transformResponse: withStatus,
      invalidatesTags: profileChanged,
    }),
  }),
});

export const { useSetupStep2Mutation } = setupStep2Api;
