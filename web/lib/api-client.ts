// The one API client: JSON POST (or GET) to /api, the Authorization header from the session token,
// and failures turned into the spec's toasts (section 8) unless the caller asks for silence.
import { MESSAGES } from '../../shared/constants/messages';
import { toast } from './toast';

let authToken = '';

/** Set from the session token (docs/product.md, Client state and flows: sign-out drops the authorization header). */
export function setAuthToken(token: string): void {
  authToken = token;
}

type SessionEndedListener = () => void;
let sessionEnded: SessionEndedListener | undefined;

/**
 * Called when a request that carried the session token is answered 401: the server ended the
 * session (suspension, password change, deleted account), so the app signs out at once
 * (docs/product.md, Accounts and tokens). The auth feature subscribes (web/app/store.ts).
 */
export function onSessionEnded(listener: SessionEndedListener): void {
  sessionEnded = listener;
}

/**
 * Whether a 401 ends the session: only when the request carried the token the app still holds. A request sent
 * with an older token (before the e-mail link's verification or a sign-in replaced it) is answered 401 once the
 * server has moved on, and must not sign out the session that replaced it.
 */
const endsSession = (sent: string): boolean => sent !== '' && sent === authToken;

export interface ApiResponse<T> {
  status: number;
  data: T;
}

export class ApiError extends Error {
  override name = 'ApiError';
  constructor(
    message: string,
    readonly status: number | undefined,
    readonly data: unknown,
  ) {
    super(message);
  }
}

export interface RequestOptions {
  /** Do not toast failures (the spec's silent cases); the caller handles ApiError. */
  silent?: boolean;
  method?: 'GET' | 'POST';
  signal?: AbortSignal;
}

/** A refusal's human text: plain-text bodies as they are, JSON bodies by their message. */
export function errorText(data: unknown): string | undefined {
  if (typeof data === 'string' && data.trim() !== '') return data;
  if (data && typeof data === 'object' && typeof (data as { message?: unknown }).message === 'string') return (data as { message: string }).message;
  return undefined;
}

/** The sentence of a refused call (docs/product.md 28.1): a busy or unreachable service says so, whatever its body. */
function failureText(status: number, data: unknown): string {
  // A gateway's or proxy's page says nothing a person can use; our own server's sentence (the AI service
  // refused, the database is busy) says what happened, and is kept (docs/product.md 28.1).
  if (status === 502 || status === 503 || status === 504) {
    const own = typeof data === 'object' && data !== null ? (data as { message?: unknown }).message : undefined;
    return typeof own === 'string' && own !== '' ? own : MESSAGES.serverBusy;
  }
  return errorText(data) ?? MESSAGES.errorCorrupted;
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if ((response.headers.get('content-type') ?? '').includes('application/json') && text !== '') {
    try {
      return JSON.parse(text);
    } catch {
      return text;
    }
  }
  return text;
}

export async function apiRequest<T>(path: string, body?: unknown, options: RequestOptions = {}): Promise<ApiResponse<T>> {
  const method = options.method ?? 'POST';
  const headers: Record<string, string> = { accept: 'application/json, text/plain' };
  const sent = authToken;
  if (sent) headers.authorization = `Bearer ${sent}`;
  // A FormData body (file uploads) sets its own multipart content type with the boundary.
  const isForm = typeof FormData !== 'undefined' && body instanceof FormData;
  if (method === 'POST' && !isForm) headers['content-type'] = 'application/json';
  let response: Response;
  try {
    const payload = method !== 'POST' ? undefined : isForm ? body : JSON.stringify(body ?? {});
    response = await fetch(`/api${path}`, { method, headers, body: payload, signal: options.signal });
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    if (!options.silent) toast.error(MESSAGES.serverDisconnected);
    throw new ApiError(MESSAGES.serverDisconnected, undefined, undefined);
  }
  let data: unknown;
  try {
    data = await readBody(response);
  } catch {
    if (!options.silent) toast.error(MESSAGES.errorCorrupted);
    throw new ApiError(MESSAGES.errorCorrupted, response.status, undefined);
  }
  if (!response.ok) {
    if (response.status === 401 && endsSession(sent)) sessionEnded?.();
    const text = failureText(response.status, data);
    if (!options.silent) toast.error(text);
    throw new ApiError(text, response.status, data);
  }
  return { status: response.status, data: data as T };
}

/** A file the API serves (CSV exports) fetched with the Authorization header, and its file name. */
export async function apiDownload(path: string): Promise<{ blob: Blob; filename: string }> {
  const headers: Record<string, string> = {};
  const sent = authToken;
  if (sent) headers.authorization = `Bearer ${sent}`;
  let response: Response;
  try {
    response = await fetch(`/api${path}`, { headers });
  } catch {
    toast.error(MESSAGES.serverDisconnected);
    throw new ApiError(MESSAGES.serverDisconnected, undefined, undefined);
  }
  if (!response.ok) {
    if (response.status === 401 && endsSession(sent)) sessionEnded?.();
    const data = await readBody(response).catch(() => undefined);
    const text = failureText(response.status, data);
    toast.error(text);
    throw new ApiError(text, response.status, data);
  }
  const filename = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? 'export.csv';
  return { blob: await response.blob(), filename };
}

export const api = {
  post: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method'>) => apiRequest<T>(path, body, { ...options, method: 'POST' }),
  get: <T>(path: string, options?: Omit<RequestOptions, 'method'>) => apiRequest<T>(path, undefined, { ...options, method: 'GET' }),
};
