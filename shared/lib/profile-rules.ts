// The field rules of a vet's profile (docs/product.md, Profile and review), run by both sides: the server
// and the /setupprofile wizard call the same `check*` functions, so a value the wizard accepts is one the
// server accepts, with the same words. Only "is this zip a real US zip" needs the database; the client
// checks its five digits. No TypeBox here: the pages that check a field do not download it.
import { DAY_NAMES, DAYS } from '../constants/days';
import { US_STATES } from '../constants/us-states';
import { isPersonName } from './text-rules';
import type { ContactInfoInput, EducationEntry, ReviewState, Step1Input, Step2Input, TitleWebsiteInput, WorkingDayInput } from '../schemas/profile';

export const PROFILE_LIMITS = {
  summaryMax: 2000,
  educationMax: 10,
  listMax: 30,
  listItemMax: 60,
  /** The first veterinary schools opened in the 18th century; nobody listed studied earlier. */
  educationYearMin: 1900,
} as const;

export const REVIEW_STATE_LABELS: Record<ReviewState, string> = { draft: 'Draft', pending: 'In review', approved: 'Approved', rejected: 'Rejected' };
/** The fewest characters of an administrator's reason for a rejection. */
export const REVIEW_REASON_MIN = 10;

// ---- Field rules: each returns a sentence for the person, or undefined when the value is fine. ----

type Problem = string | undefined;

export function checkRequired(value: string | undefined, label: string): Problem {
  return value === undefined || value.trim() === '' ? `Please enter the ${label}.` : undefined;
}

/** Ten digits (an optional leading 1), area code and exchange not starting with 0 or 1 (NANP). */
export function normalizeUsPhone(value: string): string | undefined {
  if (!/^[\d\s().+-]+$/.test(value.trim())) return undefined;
  let digits = value.replace(/\D/g, '');
  if (digits.length === 11 && digits.startsWith('1')) digits = digits.slice(1);
  if (!/^[2-9]\d{2}[2-9]\d{6}$/.test(digits)) return undefined;
  return `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`;
}

/**
 * How a phone number finds a practice listed twice (docs/product.md 20.13): its last ten digits, or
 * null without any. The database keeps the same key in profiles.phone_key (a generated column,
 * migration 0017), so a key worked out here matches the column.
 */
export function phoneKey(phone: string | null | undefined): string | null {
  return phone?.replace(/\D/g, '').slice(-10) || null;
}

export function checkPhone(value: string): Problem {
  if (!value.trim()) return 'Please enter the contact phone.';
  return normalizeUsPhone(value) ? undefined : 'Enter a US phone number with area code, e.g. (212) 555-0142.';
}

export function checkEmail(value: string): Problem {
  if (!value.trim()) return 'Please enter the contact e-mail.';
  return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value.trim()) ? undefined : 'Enter a valid contact e-mail address.';
}

export function checkZip(value: string): Problem {
  return /^\d{5}$/.test(value.trim()) ? undefined : 'Enter a five-digit zip code.';
}

export function checkStateCode(value: string | undefined, label = 'state'): Problem {
  if (value === undefined || value.trim() === '') return undefined;
  return US_STATES[value.trim().toUpperCase()] ? undefined : `Enter the ${label} as its two-letter code, e.g. NY.`;
}

/** An http(s) address; an empty one is allowed (a practice without a website). */
/**
 * A website typed without its scheme ('example.com', 'www.example.com/team') completed with https://
 * (docs/product.md 28.6); an address with a scheme, or nothing, as it is (trimmed).
 */
export function completeWebsiteUrl(value: string): string {
  const trimmed = value.trim();
  if (!trimmed || /^[a-z][a-z0-9+.-]*:\/\//i.test(trimmed)) return trimmed;
  return `https://${trimmed.replace(/^\/+/, '')}`;
}

/** A website link's text: the title the vet set, else the address's domain without 'www.' (docs/product.md 28.6). */
export function websiteLinkText(url: string, title?: string | null): string {
  if (title?.trim()) return title.trim();
  try {
    return new URL(url).hostname.replace(/^www\./, '');
  } catch {
    return url;
  }
}

export function checkWebsiteUrl(value: string): Problem {
  const completed = completeWebsiteUrl(value);
  if (!completed) return undefined;
  let url: URL;
  try {
    url = new URL(completed);
  } catch {
    return 'Enter the website address, e.g. www.example.com.';
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return 'Enter the website address, e.g. www.example.com (an https:// or http:// address).';
  if (!url.hostname.includes('.') || url.username || url.password) return 'Enter the website address, e.g. www.example.com.';
  return undefined;
}

export function isTimeZone(value: string): boolean {
  if (!/^[A-Za-z_]+(\/[A-Za-z0-9_+-]+){1,2}$/.test(value) && value !== 'UTC') return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

const HHMM = /^([01]\d|2[0-3]):[0-5]\d$/;
export function checkWorkingTime(days: WorkingDayInput[], timeZone: string): Problem {
  if (!isTimeZone(timeZone)) return 'Choose the time zone of the practice, e.g. America/New_York.';
  if (days.length !== 7 || DAYS.some((d) => days.filter((x) => x.day === d).length !== 1))
    return 'Give the hours for each day of the week, Monday to Sunday, once each.';
  for (const day of days) {
    if (day.closed) continue;
    const name = DAY_NAMES[day.day];
    if (!day.open || !HHMM.test(day.open) || !day.close || !HHMM.test(day.close))
      return `Enter ${name}'s opening and closing times as HH:MM, or mark ${name} closed.`;
    if (day.close <= day.open) return `${name}: the closing time must be after the opening time.`;
  }
  return undefined;
}

export function checkSummary(value: string): Problem {
  if (value.length > PROFILE_LIMITS.summaryMax) return `The summary can be at most ${PROFILE_LIMITS.summaryMax} characters long.`;
  return undefined;
}

export function checkEducation(entries: EducationEntry[], now: Date): Problem {
  const maxYear = now.getFullYear() + 6;
  for (const [index, entry] of entries.entries()) {
    const n = index + 1;
    if (!entry.degree.trim() || !entry.school.trim()) return `Education entry ${n}: enter the degree and the school.`;
    if (!Number.isInteger(entry.year) || entry.year < PROFILE_LIMITS.educationYearMin || entry.year > maxYear)
      return `Education entry ${n}: enter the year as four digits between ${PROFILE_LIMITS.educationYearMin} and ${maxYear}.`;
  }
  return undefined;
}

/**
 * The rule for services and species wherever they are saved: plain words, no markup (they are shown
 * on the public profile and matched by search). Empty entries are not a problem: `cleanChoiceList` drops them.
 */
export function checkChoiceList(values: string[], label: 'services' | 'species'): Problem {
  if (values.some((v) => /[<>]/.test(v))) return `Please write ${label} as plain text, without < or >.`;
  return undefined;
}

/** A services or species list as stored: spaces folded, empty entries and repeats left out, in the order given. */
export function cleanChoiceList(values: string[]): string[] {
  return [...new Set(values.map((v) => v.trim().replace(/\s+/g, ' ')).filter(Boolean))];
}

function first(...problems: Problem[]): Problem {
  return problems.find((p) => p !== undefined);
}

export function checkContactInfo(input: ContactInfoInput): Problem {
  return first(
    checkRequired(input.clinic_name, 'clinic or hospital name'),
    isPersonName(input.clinic_name.trim()) ? undefined : 'Enter the clinic or hospital name on one line, in plain letters.',
    checkPhone(input.contact_phone),
    checkEmail(input.contact_email),
    checkRequired(input.street, 'street address'),
    checkZip(input.zip),
    checkStateCode(input.state),
  );
}
export function checkTitleWebsite(input: TitleWebsiteInput): Problem {
  // A title is optional: without one the link shows the domain (docs/product.md 28.6).
  return checkWebsiteUrl(input.website_url);
}
export function checkStep1(input: Step1Input): Problem {
  return first(checkContactInfo(input), checkTitleWebsite(input));
}
export function checkStep2(input: Step2Input, now: Date): Problem {
  return first(
    checkWorkingTime(input.working_time, input.time_zone),
    checkSummary(input.summary),
    checkEducation(input.education, now),
    checkChoiceList(input.services, 'services'),
    checkChoiceList(input.species, 'species'),
    checkStateCode(input.license_state, 'licence state'),
  );
}

/** The time zones a US practice picks from in the wizard (any IANA name is accepted). */
export const US_TIME_ZONES = [
  'America/New_York',
  'America/Chicago',
  'America/Denver',
  'America/Phoenix',
  'America/Los_Angeles',
  'America/Anchorage',
  'Pacific/Honolulu',
  'America/Puerto_Rico',
] as const;
