// The rows of a raw SQL answer (`db.execute`). Both drivers (node-postgres and PGlite) answer with
// `{ rows }`, but Drizzle types the union of their answers loosely, so each caller used to cast it by
// hand (docs/decisions/138-one-rule-per-fact.md). The caller names the row's shape, as with a cast:
// the database does not check it, so name only the columns the statement selects.
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/** Whether a statement failed on a unique index (PostgreSQL's 23505), as either driver reports it. */
export function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; cause?: { code?: string } } | undefined;
  return e?.code === '23505' || e?.cause?.code === '23505';
}

/** A LIKE pattern that finds `term` anywhere, its own %, _ and \ taken literally. */
export function containsPattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
