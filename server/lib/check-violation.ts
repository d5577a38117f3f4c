// Whether a database error is a named CHECK refusing a row: the limits kept by counter tables (favourites,
// pets) refuse the one insert over the limit this way, in the insert's own statement.

/** True when `error` (or an error it wraps) is the CHECK `constraint` failing (PGlite may not name it). */
export function violatesCheck(error: unknown, constraint: string): boolean {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const { code, constraint: name } = e as { code?: string; constraint?: string };
    if (code === '23514' && (name === undefined || name === constraint)) return true;
  }
  return false;
}
