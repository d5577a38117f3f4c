// The one RTK Query API: server data with caching, loading and error states, and invalidation by
// tags. Its base query goes through the one API client (./api-client.ts), so a failure still becomes
// the spec's toast where the client shows one (docs/product.md, Messages).
// Features add their operations with api.injectEndpoints in web/features/<area>/api/<operation>.ts.
// This module loads with the first page that needs server data and then joins the store
// (./store-injection.ts), so the first page a visitor opens stays small.
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
    throw error; // an abort: RTK Query records it as such
  }
};

export const api = createApi({
  reducerPath: 'api',
  baseQuery: clientBaseQuery,
  // Doctor: a public profile (id) or the search results (LIST); Article: an article (`${kind}-${id}`)
  // or a kind's list (`${kind}-LIST`). A later mutation invalidates what it changes, e.g. an edited
  // profile invalidates [{ type: 'Doctor', id }, { type: 'Doctor', id: 'LIST' }].
  tagTypes: ['Doctor', 'Article'],
  // Public reads stay fresh for a minute after the last page using them closes.
  keepUnusedDataFor: 60,
  endpoints: () => ({}),
});

joinStore(api);
