// Whether this render may use what only the browser knows (its clock, its time zone). False on the server and
// during hydration, so the browser's first render is the server's markup; true from the render right after
// (docs/decisions/089-server-rendering-with-react.md). React's own useSyncExternalStore does the switch.
import { useSyncExternalStore } from 'react';

const subscribe = () => () => undefined;

export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
