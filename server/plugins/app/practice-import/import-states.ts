// The states of an import run and the one table of moves between them (docs/product.md section 20; decision
// 151). Each is applied as one conditional UPDATE (server/lib/state-moves.ts): a run marked failed stays failed.
import type { MoveTable } from '../../../../shared/lib/state-machine';

export type ImportState = 'running' | 'done' | 'failed';
export type ImportMove = 'progress' | 'finish' | 'fail';

export const IMPORT_MOVES: MoveTable<ImportState, ImportMove> = {
  /** A batch's counts are written only while the run is running. */
  progress: { from: ['running'], to: 'running' },
  finish: { from: ['running'], to: 'done' },
  /** The run failed, or its server stopped mid-way (import-status says so after a while). */
  fail: { from: ['running'], to: 'failed' },
};
