// Every move of an import run (docs/product.md section 20) from every state: the allowed ones pass, the rest are refused.
import { describe, it } from 'vitest';
import { expectMoves } from '../../../test/state-table';
import { IMPORT_MOVES } from './import-states';

describe('the moves of an import run', () => {
  it('allows exactly these moves and refuses every other', () => {
    expectMoves(IMPORT_MOVES, ['running', 'done', 'failed'], {
      progress: 'running -> running',
      finish: 'running -> done',
      fail: 'running -> failed',
    });
  });
});
