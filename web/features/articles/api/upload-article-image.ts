// POST /api/admin/articles/upload-image: a cover, an author's avatar or an image in the text, through
// the shared image pipeline; answers its address and size.
import type { UploadedImage } from '../../../../shared/schemas/article-editor';
import { api } from '../../../lib/api';

export type ImagePurpose = 'cover' | 'avatar' | 'inline';

const uploadImageApi = api.injectEndpoints({
  endpoints: (build) => ({
    uploadArticleImage: build.mutation<UploadedImage, { file: File; purpose: ImagePurpose }>({
      query: ({ file, purpose }) => {
        const form = new FormData();
        form.append('purpose', purpose);
        form.append('image', file);
        // Silent: the image field shows a refusal next to itself.
        return { url: '/admin/articles/upload-image', body: form, silent: true };
      },
    }),
  }),
});

export const { useUploadArticleImageMutation } = uploadImageApi;
