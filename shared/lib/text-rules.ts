// The text rules behind the validator formats of shared/schemas/common.ts (docs/security.md, "Hostile text"),
// also run by domain code that checks a name outside a schema.
/**
 * Format names registered with the server's validator (server/fastify-options.ts):
 * - `safe-text`: no C0/C1 control character other than tab and line breaks (NUL never passes);
 * - `person-name`: the one-line rule (below), and not invisible-only text.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
export const SAFE_TEXT = /^[^\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]*$/u;
/**
 * The one-line rule for names and short notes: no control character, no bidi control (marks, embeddings,
 * overrides and isolates, which turn 'gpj.exe' into 'exe.jpg' on screen) and no line or paragraph separator
 * (U+2028, U+2029, which break a line in a page, a JSON-LD block or a CSV export like a newline).
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const LINE_BREAKERS = /[\u0000-\u001F\u007F-\u009F\u2028\u2029]/gu;
const BIDI_CONTROLS = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/gu;
const INVISIBLE = /^[\s\u200B-\u200D\u2060\uFEFF\u00AD]*$/u;
const breaks = (value: string) => value.search(LINE_BREAKERS) >= 0 || value.search(BIDI_CONTROLS) >= 0;

/** True when `value` keeps the one-line rule. */
export const isOneLine = (value: string): boolean => !breaks(value);

/** Text that cannot keep the one-line rule made to: bidi controls dropped, controls and separators as spaces. */
export const toOneLine = (value: string): string => value.replace(BIDI_CONTROLS, '').replace(LINE_BREAKERS, ' ');

export function isPersonName(value: string): boolean {
  return isOneLine(value) && !INVISIBLE.test(value);
}
