// The time the server believes it is (docs/decisions/095-one-clock.md). Code that decides by time
// (expiry, windows, limits, retries, 'open now') asks the clock it was given: the app is given one
// (AppOptions.clock, then `fastify.clock`), tests give a test clock and move it instead of sleeping.
// Timestamps written only as a record (updatedAt) and timing for logs may read the system time.
export interface Clock {
  now(): Date;
}

/** The system's time: the clock of a running server. */
export const systemClock: Clock = { now: () => new Date() };

/** The clock tests move: it stands still until the test moves it, so every answer is the same on a slow machine. */
export interface TestClock extends Clock {
  /** Moves the clock forward by `ms`. */
  advance(ms: number): void;
  /** Makes `at` the current moment. */
  set(at: Date | string): void;
  /** Back to the moment the clock was made. */
  reset(): void;
}

export function createTestClock(start: Date = new Date()): TestClock {
  let at = start.getTime();
  return {
    now: () => new Date(at),
    advance(ms) {
      at += ms;
    },
    set(moment) {
      at = new Date(moment).getTime();
    },
    reset() {
      at = start.getTime();
    },
  };
}
