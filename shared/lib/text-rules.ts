// The text rules behind the validator formats of shared/schemas/common.ts (docs/security.md, "Hostile text"),
// also run by domain code that checks a name outside a schema.
/**
 * Format names registered with the server's validator (server/fastify-options.ts):
 * - `safe-text`: no C0/C1 control character other than tab and line breaks (NUL never passes);
 * - `person-name`: one line, no control, bidi-override or invisible-only text.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
export const SAFE_TEXT = /^[^\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]*$/u;
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const BIDI_AND_CONTROL = /[\u0000-\u001F\u007F-\u009F\u200E\u200F\u202A-\u202E\u2066-\u2069]/u;
const INVISIBLE = /^[\s\u200B-\u200D\u2060\uFEFF\u00AD]*$/u;
export function isPersonName(value: string): boolean {
  return !BIDI_AND_CONTROL.test(value) && !INVISIBLE.test(value);
}
