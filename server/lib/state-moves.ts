// The database side of the state tables (shared/lib/state-machine.ts): the condition that makes a move
// one conditional UPDATE, true only while the row is in a state the move may start from.
import { sql, type Column, type SQL } from 'drizzle-orm';
import type { MoveTable } from '../../shared/lib/state-machine';

/** `column = ANY(the move's from-states)`: the WHERE of the UPDATE that makes `move`. */
export function movableNow<S extends string, M extends string>(column: Column | SQL, table: MoveTable<S, M>, move: M): SQL {
  return sql`${column} = ANY(${`{${table[move].from.join(',')}}`}::text[])`;
}
