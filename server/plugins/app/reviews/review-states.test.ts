// Every move of a pet owner's review (docs/product.md section 13) from every state: the allowed ones pass, the rest are refused.
import { describe, it } from 'vitest';
import { expectMoves } from '../../../test/state-table';
import { REVIEW_MOVES } from './review-states';

describe('the moves of a review', () => {
  it('allows exactly these moves and refuses every other', () => {
    expectMoves(REVIEW_MOVES, ['published', 'pending', 'rejected', 'removed'], {
      publish: 'pending, rejected, removed -> published',
      reject: 'pending -> rejected',
      remove: 'published, pending -> removed',
      hold: 'published -> pending',
    });
  });
});
