// Every move of a profile's review state (docs/product.md, Profile and review) from every state: the allowed
// ones pass, the rest are refused.
import { describe, it } from 'vitest';
import { expectMoves } from '../../../test/state-table';
import { PROFILE_REVIEW_MOVES } from './review-states';

describe('the moves of a profile under review', () => {
  it('allows exactly these moves and refuses every other', () => {
    expectMoves(PROFILE_REVIEW_MOVES, ['draft', 'pending', 'approved', 'rejected'], {
      submit: 'draft, rejected -> pending',
      approve: 'pending -> approved',
      reject: 'pending, approved -> rejected',
      back_to_review: 'approved -> pending',
    });
  });
});
