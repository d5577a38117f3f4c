// The states of a claim and the one table of moves between them (docs/product.md section 20; decision 151).
import type { ClaimState } from '../../../db/schema';
import type { MoveTable } from '../../../../shared/lib/state-machine';

export type ClaimMove = 'confirm_code' | 'approve' | 'reject' | 'expire' | 'restore';

/**
 * A claim by e-mail waits for its code ('code_sent'), one by document for an administrator ('waiting').
 * Every change of a claim's state is one of these moves, applied as one conditional UPDATE.
 */
export const CLAIM_MOVES: MoveTable<ClaimState, ClaimMove> = {
  /** The right code: the practice is transferred at once (20.8). */
  confirm_code: { from: ['code_sent'], to: 'approved' },
  /** An administrator approves a document: the practice is transferred at once. */
  approve: { from: ['waiting'], to: 'approved' },
  reject: { from: ['waiting'], to: 'rejected' },
  /** The code expired or its tries ran out, or the claimant started a new claim of the practice. */
  expire: { from: ['code_sent'], to: 'expired' },
  /** An administrator puts the practice back as it was (20.12): once. */
  restore: { from: ['approved'], to: 'restored' },
};
