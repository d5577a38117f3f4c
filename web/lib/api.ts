// The one RTK Query API: server data with caching, loading and error states, and invalidation by
// tags. Its base query goes through the one API client (./api-client.ts), so a failure still becomes
// the spec's toast where the client shows one (docs/product.md, Messages).
// Features add their operations with api.injectEndpoints in web/features/<area>/api/<operation>.ts.
// This module loads with the first page that needs server data and then joins the store
// (./store-injection.ts), so the first page a visitor opens stays small.
import { isAction, type Middleware } from '@reduxjs/toolkit';
import { createApi, type BaseQueryFn } from '@reduxjs/toolkit/query/react';
import { apiRequest, ApiError } from './api-client';
import { joinStore } from './store-injection';

export interface ApiRequestArgs {
  url: string;
  method?: 'GET' | 'POST';
  body?: unknown;
  /** Do not toast a failure: the page explains it in place (see api-client.ts). */
  silent?: boolean;
}

/** A failed request: the HTTP status (undefined when the server could not be reached) and the text a person reads. */
export interface ApiFailure {
  status: number | undefined;
  message: string;
  data: unknown;
}

const clientBaseQuery: BaseQueryFn<ApiRequestArgs, unknown, ApiFailure, unknown, { status: number }> = async (
  { url, method = 'POST', body, silent },
  { signal },
) => {
  try {
    const { status, data } = await apiRequest<unknown>(url, body, { method, silent, signal });
    return { data, meta: { status } };
  } catch (error) {
    if (error instanceof ApiError) return { error: { status: error.status, message: error.message, data: error.data } };
    // A request aborted by RTK Query itself (resetApiState on a session change, below): nobody reads its answer.
    // Answered rather than thrown, because RTK Query logs every error a base query throws to the console.
    if (signal.aborted) return { error: { status: undefined, message: '', data: undefined } };
    throw error;
  }
};

/** An answer with its HTTP status, for calls whose 200 and 201/202 answers mean different things. */
export interface Answered<T> {
  status: number;
  data: T;
}

/** transformResponse of such a call: the answer beside its status. */
export const withStatus = <T>(data: unknown, meta: { status: number } | undefined): Answered<T> => ({ status: meta?.status ?? 200, data: data as T });

/** A failed call's sentence for a page that shows it in place; `fallback` when no answer came at all. */
export function failureMessage(failure: unknown, fallback: string): string {
  const message = (failure as Partial<ApiFailure> | undefined)?.message;
  return typeof message === 'string' && message !== '' ? message : fallback;
}

/** The HTTP status of a failed call; undefined when no answer came (offline, unreachable). */
export function failureStatus(failure: unknown): number | undefined {
  const status = (failure as Partial<ApiFailure> | undefined)?.status;
  return typeof status === 'number' ? status : undefined;
}

/** The answer's `field` (which input the server refused), when it named one. */
export function failureField(failure: unknown): string | undefined {
  const field = ((failure as Partial<ApiFailure> | undefined)?.data as { field?: unknown } | undefined)?.field;
  return typeof field === 'string' ? field : undefined;
}

export const api = createApi({
  reducerPath: 'api',
  baseQuery: clientBaseQuery,
  // Every tag a read provides and a write invalidates (docs/decisions/091-every-call-through-rtk-query.md):
  // Doctor: a public profile (id) or the search results (LIST); Article: a public article (`${kind}-${id}`)
  // or a kind's list (`${kind}-LIST`); AdminArticle: the editor's article (id) or list (LIST);
  // AdminUser: an account (id) or the account list (LIST); CurrentUser: the signed-in user;
  // Review: a practice's published reviews (the practice's id); OwnReviews: the signed-in account's reviews;
  // AdminReviews: the review moderation queue; Appointments: the signed-in account's appointment requests (both sides).

  // AdminReviews: the review moderation queue; Favorites: the signed-in account's saved practices.
  tagTypes: [
    'Doctor',
    'Article',
    'AdminArticle',
    'AdminUser',
    'AdminActivity',
    'AdminSubscribers',
    'ReviewQueue',
    'CurrentUser',
    'Subscription',
    'Photos',
    'Messages',
    'Statistics',
    'Review',
    'OwnReviews',
    'AdminReviews',
    'Appointments',

    'Favorites',
    // The signed-in account's saved pets (docs/product.md section 31).
    'Pets',
    // The account settings of the signed-in account (docs/product.md section 25).
    'AccountSettings',

    // Imports and claims of practices (docs/product.md section 20).
    'AdminImport',
    'AdminClaims',

    // Conversations (docs/product.md section 32): the account's thread list and unread count, one thread (its id),
    // the administrators' held and reported messages.
    'Threads',
    'Thread',
    'AdminMessages',
    // Booking (docs/product.md section 30): the practice's visit types, bookable hours, busy times, its calendar
    // feed, and a practice's free times (any booking or change may move them).
    'VisitTypes',
    'BookingSettings',
    'Busy',
    'CalendarFeed',
    'Availability',
  ],
  // Public reads stay fresh for a minute after the last page using them closes.
  keepUnusedDataFor: 60,
  endpoints: () => ({}),
});

// A session that ends or begins empties the cache: one person's answers (their photos, messages,
// subscription, the admin lists) are never shown to the next person on this browser.
const SESSION_CHANGES = new Set(['auth/logout', 'auth/loggedIn', 'auth/setSession']);
const forgetOnSessionChange: Middleware = (store) => (next) => (action) => {
  const result = next(action);
  if (isAction(action) && SESSION_CHANGES.has(action.type)) store.dispatch(api.util.resetApiState());
  return result;
};

joinStore({
  reducerPath: api.reducerPath,
  reducer: api.reducer,
  middleware: (store) => {
    const cache = api.middleware(store);
    const forget = forgetOnSessionChange(store);
    return (next) => cache(forget(next));
  },
});
