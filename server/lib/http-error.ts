// The one error shape of the API (docs/product.md, The API): `{ message, code }` with a 4xx status.
// Routes throw `httpError(...)`; the error handler in plugins/external/errors.ts answers it.

export class HttpError extends Error {
  override name = 'HttpError';
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

export function httpError(statusCode: number, code: string, message: string, extra: Record<string, unknown> = {}): HttpError {
  return new HttpError(statusCode, code, message, extra);
}

/** An answer the Calls section calls "text" (docs/product.md, The API): a plain-text sentence for the user. */
export function sendText(reply: { status(code: number): { type(t: string): { send(body: string): unknown } } }, status: number, sentence: string) {
  return reply.status(status).type('text/plain; charset=utf-8').send(sentence);
}
