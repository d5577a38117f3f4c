// Manage Articles calls (POST /api/admin/articles/<verb>), administrators only.
import type {
  AdminArticle,
  AdminArticleCreateBody,
  AdminArticleList,
  AdminArticleListBody,
  AdminArticleUpdateBody,
  AiStatus,
  UploadedImage,
} from '../../../../shared/schemas/article-editor';
import { api } from '../../../lib/api-client';

const base = '/admin/articles';

export type ImagePurpose = 'cover' | 'avatar' | 'inline';

export const editorApi = {
  list: (body: Partial<AdminArticleListBody>, signal?: AbortSignal) => api.post<AdminArticleList>(`${base}/list`, body, { silent: true, signal }),
  get: (id: number) => api.post<AdminArticle>(`${base}/get`, { id }, { silent: true }),
  create: (body: AdminArticleCreateBody) => api.post<AdminArticle>(`${base}/create`, body, { silent: true }),
  update: (body: AdminArticleUpdateBody) => api.post<AdminArticle>(`${base}/update`, body, { silent: true }),
  publish: (id: number) => api.post<AdminArticle>(`${base}/publish`, { id }, { silent: true }),
  unpublish: (id: number) => api.post<AdminArticle>(`${base}/unpublish`, { id }, { silent: true }),
  remove: (id: number) => api.post<{ message: string }>(`${base}/delete`, { id }, { silent: true }),
  aiStatus: () => api.post<AiStatus>(`${base}/ai-status`, {}, { silent: true }),
  aiDraft: (topic: string) => api.post<AdminArticle>(`${base}/ai-draft`, { topic }, { silent: true }),
  uploadImage: (file: File, purpose: ImagePurpose) => {
    const form = new FormData();
    form.append('purpose', purpose);
    form.append('image', file);
    return api.post<UploadedImage>(`${base}/upload-image`, form, { silent: true });
  },
};

export type { AdminArticle, AdminArticleList, AiStatus, UploadedImage };
