// The states of a pet owner's review and the one table of moves between them (docs/product.md section 13;
// decision 151). Each is applied as one conditional UPDATE (server/lib/state-moves.ts).
import type { ReviewPostState } from '../../../db/schema';
import type { MoveTable } from '../../../../shared/lib/state-machine';

export type ReviewMove = 'publish' | 'reject' | 'remove' | 'hold';

export const REVIEW_MOVES: MoveTable<ReviewPostState, ReviewMove> = {
  /** An administrator publishes a waiting review, or takes back a rejection or removal. */
  publish: { from: ['pending', 'rejected', 'removed'], to: 'published' },
  /** Only a waiting review is rejected; a published one is removed instead. */
  reject: { from: ['pending'], to: 'rejected' },
  remove: { from: ['published', 'pending'], to: 'removed' },
  /** The third report holds a published review for an administrator. */
  hold: { from: ['published'], to: 'pending' },
};
