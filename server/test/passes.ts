// Which pass of `npm test` this is. scripts/test.ts runs the unit project on PGlite, then again on
// PostgreSQL (and Redis) with AD_PGLITE_PASS_DONE=1. A test that runs on PGlite whatever
// TEST_DATABASE_URL says (a server process with DATABASE_URL emptied, a command on its own
// DATA_DIR) ran in the PGlite pass of the same run already: the second pass skips it
// (docs/decisions/077-ci-time.md). Run on its own, every test runs.
export const pglitePassDone = process.env.AD_PGLITE_PASS_DONE === '1';
