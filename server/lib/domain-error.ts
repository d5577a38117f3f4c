// The one refusal of the API (docs/product.md, The API). Domain code and routes throw a DomainError;
// the error handler in plugins/external/errors.ts answers it, once, for every call: as JSON
// `{ message, code, field? }` by default, or as the plain-text sentence where the Calls section gives
// a "text" answer (the profile calls with 201/202, decision record 030; some account calls).
// Decision record 097.

/** Extra fields of a JSON refusal: `field` names the input it is about, `retryAfter` the seconds to wait. */
export interface RefusalDetails {
  field?: string;
  retryAfter?: number;
  [key: string]: unknown;
}

export type AnswerForm = 'json' | 'text';

export class DomainError extends Error {
  override name = 'DomainError';
  constructor(
    /** The HTTP status of the answer (a "text" answer may be 201 or 202, as the spec gives it). */
    readonly status: number,
    /** For programs: what went wrong, e.g. `EMAIL_TAKEN`. Not shown in a "text" answer. */
    readonly code: string,
    /** A plain sentence for the person. */
    message: string,
    readonly details: RefusalDetails = {},
    readonly answer: AnswerForm = 'json',
  ) {
    super(message);
  }

  get field(): string | undefined {
    return this.details.field;
  }

  get retryAfter(): number | undefined {
    return this.details.retryAfter;
  }
}

/** A refusal answered as `{ message, code, ...details }`. */
export function domainError(status: number, code: string, message: string, details: RefusalDetails = {}): DomainError {
  return new DomainError(status, code, message, details);
}

/** A refusal the Calls section answers as "text" (docs/product.md, The API): the sentence alone, as text/plain. */
export function textRefusal(status: number, code: string, message: string): DomainError {
  return new DomainError(status, code, message, {}, 'text');
}

/** 429 with the seconds to wait in the body and the Retry-After header (at least one second). */
export function rateLimited(message: string, retryAfterSeconds: number): DomainError {
  return domainError(429, 'RATE_LIMITED', message, { retryAfter: Math.max(1, Math.ceil(retryAfterSeconds)) });
}
