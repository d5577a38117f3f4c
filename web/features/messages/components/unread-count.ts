// The unread count the menu shows (docs/product.md section 32), kept current by the tab's event stream.
import { useUnreadQuery } from '../api/get-unread';

/** Threads a page of /messages shows (and the profile looks through for a thread with its practice). */
export const THREADS_PAGE_SIZE = 20;

/** How many messages wait unread for the signed-in account; 0 while unknown or when `enabled` is false. */
export function useUnreadCount(enabled: boolean): number {
  const { data } = useUnreadQuery(undefined, { skip: !enabled });
  return data?.unread_total ?? 0;
}
