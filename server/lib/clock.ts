// The time the server believes it is. Tests replace `clock.now` to check time-dependent answers
// (e.g. 'open now' in several time zones) and restore it afterwards.
export const clock = {
  now: (): Date => new Date(),
};
