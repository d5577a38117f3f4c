// Schemas every area shares: the one error shape, plain messages and texts, ids, and the string
// formats that keep control characters out of stored text (shared/lib/text-rules.ts; docs/security.md, "Hostile text").
import { Type, type Static } from '@sinclair/typebox';
import { formatNumber } from '../lib/formats';

/** Every refusal: `{ message, code }` (docs/product.md, The API). */
export const ErrorSchema = Type.Object({ message: Type.String(), code: Type.String() }, { additionalProperties: true });
/** The statuses a route may refuse with, each answered with the one error shape. */
type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 410 | 413 | 429 | 502 | 503 | 504;
/**
 * A route's refusals for its response schema: `errorResponses(400, 404)` is `{ 400: ErrorSchema, 404: ErrorSchema }`,
 * one rule for the error shape instead of a map per route (docs/decisions/245-one-error-map-and-no-default-clock.md).
 */
export function errorResponses<S extends ErrorStatus>(...statuses: S[]): Record<S, typeof ErrorSchema> {
  return Object.fromEntries(statuses.map((status) => [status, ErrorSchema])) as Record<S, typeof ErrorSchema>;
}
export const MessageSchema = Type.Object({ message: Type.String() }, { additionalProperties: true });
/** An answer the spec calls "text": a plain-text sentence for the user. */
export const TextSchema = Type.String({ description: 'A plain-text sentence for the user' });

/** The largest id a PostgreSQL `integer`/`serial` column holds; larger ids are refused with 400. */
export const MAX_ID = 2_147_483_647;
export const Id = Type.Integer({ minimum: 1, maximum: MAX_ID });
// 1 to 2147483647 as decimal text, without a regular expression that needs range arithmetic:
// up to 9 digits always fits; 10 digits fit when they start with 1, or 20, or 21 and stay below.
const ID_TEXT =
  '(?:[1-9]\\d{0,8}|1\\d{9}|20\\d{8}|21[0-3]\\d{7}|214[0-6]\\d{6}|2147[0-3]\\d{5}|21474[0-7]\\d{4}|214748[0-2]\\d{3}|2147483[0-5]\\d{2}|21474836[0-3]\\d|214748364[0-7])';
/** An id as the client sends it: a number, or text with the spec's leading colon (':12'). */
export const ColonId = Type.Union([Id, Type.String({ pattern: `^:?${ID_TEXT}$` })]);
export type ColonId = Static<typeof ColonId>;

/** One line of text a person typed (search terms, tokens): no control characters. */
export const SafeText = (options: { maxLength: number; minLength?: number; default?: string }) => Type.String({ ...options, format: 'safe-text' });
export const PersonName = Type.String({ minLength: 1, maxLength: 80, format: 'person-name' });

/**
 * A required text a person types (at least `min` characters, 1 unless given), with the sentences that refuse it:
 * `missing` when it is too short or not text, 'Keep the <title> to N characters or fewer.', and for a control
 * character the one-line (`person-name`) or the free text's (`safe-text`) sentence.
 */
export function TypedText(title: string, format: 'person-name' | 'safe-text', { min = 1, max }: { min?: number; max: number }, missing: string) {
  return Type.String({
    minLength: min,
    maxLength: max,
    format,
    title,
    errorMessage: {
      minLength: missing,
      maxLength: `Keep the ${title} to ${formatNumber(max)} characters or fewer.`,
      format:
        format === 'person-name'
          ? `Write the ${title} on one line, without control characters.`
          : `The ${title} contains a control character that is not allowed.`,
      type: missing,
    },
  });
}

/** A free text a person may leave empty: 'Keep the <title> to N characters or fewer.', and the given sentences for a control character and for a value that is not text. */
export function OptionalText(title: string, max: number, { control, notText }: { control: string; notText: string }) {
  return Type.String({
    maxLength: max,
    format: 'safe-text',
    title,
    errorMessage: { maxLength: `Keep the ${title} to ${formatNumber(max)} characters or fewer.`, format: control, type: notText },
  });
}
