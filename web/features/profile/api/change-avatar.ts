// POST /api/user/change-avatar: the practice's photo or logo; the server decides by content.
import { api } from '../../../lib/api';
import { profileChanged, withStatus, type ProfileAnswer } from './profile-answer';

const changeAvatarApi = api.injectEndpoints({
  endpoints: (build) => ({
    changeAvatar: build.mutation<ProfileAnswer, File>({
      query: (file) => {
        const form = new FormData();
        form.append('avatar', file);
        return { url: '/user/change-avatar', body: form };
      },
      transformResponse: withStatus,
      invalidatesTags: profileChanged,
    }),
  }),
});

export const { useChangeAvatarMutation } = changeAvatarApi;
