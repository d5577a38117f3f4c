// The review calls (docs/product.md, Profile and review) over the one API client.
import type { ReviewedUser } from '../../../../shared/schemas/user';
import { api } from '../../../lib/api-client';

export type ReviewState = 'pending' | 'approved' | 'rejected';

export interface ProfileChange {
  at: string;
  section: string;
  fields: string[];
  changes: Record<string, { from: unknown; to: unknown }>;
}

export interface QueueItem {
  user: ReviewedUser;
  changes: ProfileChange[];
}

export const reviewApi = {
  queue: (page: number, pageSize: number, state: ReviewState) =>
    api.post<{ data: QueueItem[]; totalCount: number }>('/admin/review-queue', { page, pageSize, state }),
  decide: (user_id: number, decision: 'approve' | 'reject', reason: string) =>
    api.post<{ user: ReviewedUser }>('/admin/review-profile', { user_id, decision, reason }),
};
