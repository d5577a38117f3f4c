// POST /api/user/setupProfileStep1: Wizard step 1: contact, address and website.
import type { Step1Input } from '../../../../shared/schemas/profile';
import { api } from '../../../lib/api';
import { profileChanged, withStatus, type ProfileAnswer } from './profile-answer';

const setupStep1Api = api.injectEndpoints({
  endpoints: (build) => ({
    setupStep1: build.mutation<ProfileAnswer, Step1Input>({
      // Not silent: a failure is the API client's toast; the form keeps its input.
      query: (input) => ({ url: '/user/setupProfileStep1', body: input }),
      transformResponse: withStatus,
      invalidatesTags: profileChanged,
    }),
  }),
});

export const { useSetupStep1Mutation } = setupStep1Api;
