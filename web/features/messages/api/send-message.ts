// POST /api/messages/send (multipart when a photo goes with it): a message to a practice (`doctor_id`, which
// starts or continues the one thread) or in a thread (`thread_id`) (docs/product.md section 32).
import { api } from '../../../lib/api';
import type { SendAnswer, SendInput } from './types';

const sendApi = api.injectEndpoints({
  endpoints: (build) => ({
    sendMessage: build.mutation<SendAnswer, SendInput>({
      query: ({ photo, ...fields }) => {
        if (!photo) return { url: '/messages/send', body: fields, silent: true };
        const form = new FormData();
        for (const [name, value] of Object.entries(fields)) if (value !== undefined) form.append(name, String(value));
        form.append('photo', photo);
        return { url: '/messages/send', body: form, silent: true };
      },
      invalidatesTags: (answer) => (answer ? ['Threads', { type: 'Thread', id: answer.thread_id }] : []),
    }),
  }),
});

export const { useSendMessageMutation } = sendApi;
