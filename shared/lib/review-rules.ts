// The rules of pet owners' reviews (docs/product.md section 13) that the server enforces and the web
// form can show before sending: the limits, the month of the visit, the author's public name, and
// what screening looks for in a review's words (a link, an e-mail address, a phone number).

export const REVIEW_LIMITS = {
  titleMax: 120,
  textMin: 30,
  textMax: 5000,
  speciesMax: 40,
  replyMax: 2000,
  reportReasonMax: 500,
  moderationReasonMax: 1000,
  /** A reject or remove decision tells the author why, in at least this many characters. */
  moderationReasonMin: 10,
  /** Reports from this many different accounts hold a published review for an administrator. */
  reportsToHold: 3,
  /** A review of one practice from one client address beyond this many within the window is held. */
  reviewsPerAddress: 2,
  /** Accounts younger than this have their reviews held. */
  newAccountMs: 24 * 3_600_000,
  /** The window of the "practice's own address" and "burst from one address" rules. */
  addressWindowMs: 30 * 24 * 3_600_000,
  /** The earliest year a visit may be given for. */
  firstVisitYear: 1950,
} as const;

export const REVIEW_SORTS = ['newest', 'highest', 'lowest'] as const;

/** The page of reviews a practice's profile shows first (and embeds in its first screen): newest, ten a page. */
export const REVIEW_FIRST_PAGE = { page: 1, pageSize: 10, sort: 'newest' } as const;
export type ReviewSort = (typeof REVIEW_SORTS)[number];
export const REVIEW_STATES = ['published', 'pending', 'rejected', 'removed'] as const;
export type ReviewPublicState = (typeof REVIEW_STATES)[number];
export const MODERATION_DECISIONS = ['publish', 'reject', 'remove'] as const;
export type ModerationDecision = (typeof MODERATION_DECISIONS)[number];

/** 'YYYY-MM' with a real month. */
export const VISIT_MONTH_PATTERN = '^\\d{4}-(0[1-9]|1[0-2])$';

/** The latest month anyone on Earth is living in at `now` (UTC+14), as 'YYYY-MM'. */
export function latestVisitMonth(now: Date): string {
  return new Date(now.getTime() + 14 * 3_600_000).toISOString().slice(0, 7);
}

/** A sentence when the month of the visit cannot be right (in the future, or before the first year), else null. */
export function visitMonthProblem(month: string, now: Date): string | null {
  if (month > latestVisitMonth(now)) return 'The month of the visit cannot be in the future.';
  if (Number(month.slice(0, 4)) < REVIEW_LIMITS.firstVisitYear) return `Give a month from ${REVIEW_LIMITS.firstVisitYear} on.`;
  return null;
}

/** The author as the public sees them: the first name and the last name's initial ("Maria G."). */
export function reviewAuthorName(firstName: string, lastName: string): string {
  const initial = Array.from(lastName.trim())[0];
  return initial ? `${firstName.trim()} ${initial.toUpperCase()}.` : firstName.trim();
}

// NOTE: screening errs towards holding: a held review is read by a person, a missed one goes public.
const LINK =
  /(?:\b(?:https?|ftp):\/\/|\bwww\.|\b[a-z0-9][a-z0-9-]*\.(?:com|net|org|info|biz|io|co|us|uk|ca|de|fr|vet|app|ly|me|xyz|site|online|shop|store|link|click|top|ru|cn)\b)/iu;
const EMAIL = /[^\s@<>()]+@[^\s@<>()]+\.[a-z]{2,}/iu;
// Ten-digit numbers in the usual ways of writing them ("(212) 555-0142", "212.555.0142", "+1 212 555 0142"),
// seven-digit local numbers ("555-0142") and long runs of digits with spaces or dashes between them.
const PHONE = [/(?:\+?\d{1,3}[\s.-]?)?\(?\b\d{3}\)?[\s.-]?\d{3}[\s.-]?\d{4}\b/u, /\b\d{3}[.-]\d{4}\b/u, /\+\d[\d\s().-]{7,}\d/u];

export type ContactDetail = 'link' | 'email' | 'phone';

/** The kinds of contact details in a review's words, in a fixed order (empty when there are none). */
export function contactDetailsIn(...texts: string[]): ContactDetail[] {
  const all = texts.join('\n');
  const found: ContactDetail[] = [];
  if (EMAIL.test(all)) found.push('email');
  // An e-mail address's domain is not counted as a link of its own.
  if (LINK.test(all.replace(new RegExp(EMAIL.source, 'giu'), ' '))) found.push('link');
  if (PHONE.some((pattern) => pattern.test(all))) found.push('phone');
  return found;
}
