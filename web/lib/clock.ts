// The browser's one reader of the time: code that asks what time it is now (open now, today, this year,
// how long ago a message was sent) asks here, and passes the answer to the shared rules that take a time.
// docs/product.md has no rule on it; the server's clock is server/lib/clock.ts (docs/decisions/095-one-clock.md).
/** The current moment, as the browser's system clock has it. */
export const now = (): Date => new Date();
