// Walks a state table (shared/lib/state-machine.ts) against the moves a test spells out: every move listed
// is accepted from its states and leads where the test says, and every other move from every state is refused.
import { expect } from 'vitest';
import { mayMove, type MoveTable } from '../../shared/lib/state-machine';

/** `allowed`: for each move, 'from1,from2 -> to' as the product rules say it. */
export function expectMoves<S extends string, M extends string>(table: MoveTable<S, M>, states: readonly S[], allowed: Record<M, string>): void {
  expect(Object.keys(table).sort()).toEqual(Object.keys(allowed).sort());
  for (const move of Object.keys(allowed) as M[]) {
    const [from, to] = allowed[move].split('->').map((side) => side.trim());
    const starts = from!.split(',').map((state) => state.trim());
    expect(table[move].to, `${move} leads to`).toBe(to);
    for (const state of states) expect(mayMove(table, state, move), `${move} from ${state}`).toBe(starts.includes(state));
  }
}
