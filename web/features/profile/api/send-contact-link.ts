// POST /api/user/send-contact-link: e-mails the link that confirms the contact e-mail again (docs/product.md, 5.7).
import { api } from '../../../lib/api';

const sendContactLinkApi = api.injectEndpoints({
  endpoints: (build) => ({
    sendContactLink: build.mutation<{ message: string }, void>({
      // Not silent: a refusal (already confirmed, over the send budget) is the API client's toast.
      query: () => ({ url: '/user/send-contact-link', body: {} }),
    }),
  }),
});

export const { useSendContactLinkMutation } = sendContactLinkApi;
