// POST /api/user/change-contact-info: The contact and address form of a submitted profile.
import type { ContactInfoInput } from '../../../../shared/schemas/profile';
import { api } from '../../../lib/api';
import { profileChanged, withStatus, type ProfileAnswer } from './profile-answer';

const changeContactInfoApi = api.injectEndpoints({
  endpoints: (build) => ({
    changeContactInfo: build.mutation<ProfileAnswer, ContactInfoInput>({
      // Not silent: a failure is the API client's toast; the form keeps its input.
      query: (input) => ({ url: '/user/change-contact-info', body: input }),
      transformResponse: withStatus,
      invalidatesTags: profileChanged,
    }),
  }),
});

export const { useChangeContactInfoMutation } = changeContactInfoApi;
