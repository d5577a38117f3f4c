// The rules of conversations between a pet owner and a practice (docs/product.md section 32): lengths,
// limits, the e-mail throttle and the live stream's limits. One place for each number.

export const MESSAGE_LIMITS = {
  textMax: 4_000,
  /** A photo as sent, before it is re-encoded. */
  photoMaxBytes: 10 * 1024 * 1024,
  /** The longer side of the stored photo (re-encoded to WebP). */
  photoSize: 1600,
  pageSize: 50,
  /** Messages one account may send in an hour. */
  perAccountPerHour: 60,
  /** Messages owners may send to one practice in an hour, all owners together. */
  perPracticePerHour: 600,
  /** Reports from distinct accounts that hold a message for the administrators. */
  reportsToHold: 3,
  reasonMax: 500,
  /** At most one e-mail per thread and recipient in this window. */
  emailEveryMs: 15 * 60_000,
  /** Open live streams per account (tabs and devices). */
  streamsPerAccount: 5,
  /** A comment line on every open stream this often, so proxies keep it open. */
  heartbeatMs: 25_000,
} as const;

export type MessageSide = 'owner' | 'practice';

export const otherSide = (side: MessageSide): MessageSide => (side === 'owner' ? 'practice' : 'owner');
