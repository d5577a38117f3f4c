// Every move of a claim (docs/product.md section 20) from every state: the allowed ones pass, the rest are refused.
import { describe, it } from 'vitest';
import { expectMoves } from '../../../test/state-table';
import { CLAIM_MOVES } from './claim-states';

describe('the moves of a claim', () => {
  it('allows exactly these moves and refuses every other', () => {
    expectMoves(CLAIM_MOVES, ['code_sent', 'waiting', 'approved', 'rejected', 'expired', 'restored'], {
      confirm_code: 'code_sent -> approved',
      approve: 'waiting -> approved',
      reject: 'waiting -> rejected',
      expire: 'code_sent -> expired',
      restore: 'approved -> restored',
    });
  });
});
