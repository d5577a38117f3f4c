// One table of moves per stateful thing (docs/decisions/151-one-state-table-per-stateful-thing.md), the
// way appointments have APPOINTMENT_MOVES: for each move, the states it may start from and the state it
// leads to. The server applies a move as one conditional UPDATE (WHERE state = ANY(from)), so parallel
// moves cannot both pass, and answers 409 when the row is no longer in a state the move starts from.

/** One move: the states it may start from, and the one it leads to. */
export interface StateMove<S extends string> {
  readonly from: readonly S[];
  readonly to: S;
}

/** Every move of one stateful thing. */
export type MoveTable<S extends string, M extends string> = Readonly<Record<M, StateMove<S>>>;

/** Whether a thing in `state` may make `move`. */
export function mayMove<S extends string, M extends string>(table: MoveTable<S, M>, state: S, move: M): boolean {
  return table[move].from.includes(state);
}
