// The rows of a raw SQL answer (`db.execute`). Both drivers (node-postgres and PGlite) answer with
// `{ rows }`, but Drizzle types the union of their answers loosely, so each caller used to cast it by
// hand (docs/decisions/138-one-rule-per-fact.md). The caller names the row's shape, as with a cast:
// the database does not check it, so name only the columns the statement selects.
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}
