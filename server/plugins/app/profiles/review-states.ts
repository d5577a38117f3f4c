// The review state of a vet's profile (its approval, docs/product.md, Profile and review) and the one table of
// moves between them (decision 151). Each is applied as one conditional UPDATE (server/lib/state-moves.ts).
import type { ReviewState } from '../../../db/schema';
import type { MoveTable } from '../../../../shared/lib/state-machine';

export type ProfileReviewMove = 'submit' | 'approve' | 'reject' | 'back_to_review';

export const PROFILE_REVIEW_MOVES: MoveTable<ReviewState, ProfileReviewMove> = {
  /** The vet sends a complete profile, or sends a rejected one again. */
  submit: { from: ['draft', 'rejected'], to: 'pending' },
  approve: { from: ['pending'], to: 'approved' },
  /** An administrator rejects a profile in review, or takes an approved one out of search. */
  reject: { from: ['pending', 'approved'], to: 'rejected' },
  /** The vet of an approved profile changed a field an administrator checks. */
  back_to_review: { from: ['approved'], to: 'pending' },
};
