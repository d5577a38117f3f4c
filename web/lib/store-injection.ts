// How parts that load lazily (the RTK Query API of ./api.ts) join the one store without lib/
// importing app/: the store adds `lazyPartsMiddleware` and hands over a function that installs
// reducers (web/app/store.ts); a lazy part calls joinStore when its module first loads. This keeps
// RTK Query out of the first page's JavaScript (docs/decisions/015-rtk-query-joins-the-store-lazily.md).
// NOTE: hand-written rather than RTK's combineSlices/createDynamicMiddleware, which cost about
// 3 KB gzip on every page for the same two jobs.
import type { Dispatch, Middleware, MiddlewareAPI, Reducer, UnknownAction } from '@reduxjs/toolkit';

export interface LazyPart {
  reducerPath: string;
  reducer: Reducer;
  middleware: Middleware;
}

type Next = (action: unknown) => unknown;
let storeApi: MiddlewareAPI<Dispatch<UnknownAction>> | undefined;
let tail: Next = () => undefined;
let chain: Next | undefined;
const joined: LazyPart[] = [];
let installReducers: ((reducers: Record<string, Reducer>) => void) | undefined;

/** Placed last in the store's middleware; the middleware of lazy parts runs inside it. */
export const lazyPartsMiddleware: Middleware = (api) => {
  storeApi = api;
  return (next) => {
    tail = next;
    rebuild();
    return (action) => (chain ?? tail)(action);
  };
};

function rebuild(): void {
  if (!storeApi) return;
  const api = storeApi;
  chain = joined.map((part) => part.middleware(api) as (next: Next) => Next).reduceRight<Next>((next, middleware) => middleware(next), tail);
}

function install(): void {
  installReducers?.(Object.fromEntries(joined.map((part) => [part.reducerPath, part.reducer])));
}

/** Called once by the store when it is created: `install` replaces the root reducer with one that also holds these. */
export function provideReducerInstaller(installer: (reducers: Record<string, Reducer>) => void): void {
  installReducers = installer;
  install();
}

/** Called by a lazy part when its module loads: its reducer and middleware join the store. */
export function joinStore(part: LazyPart): void {
  if (joined.some((other) => other.reducerPath === part.reducerPath)) return;
  joined.push(part);
  install(); // the store's replaceReducer gives the new slice its initial state at once
  rebuild();
}
