// The data the server embeds in a profile or article page (shared/schemas/initial-data.ts; docs/product.md,
// Pages and look). It is read once, for the address the browser first loaded, and becomes the first cached
// answer of that page's query, so the first screen needs no second request and nothing moves when it arrives.
import { INITIAL_DATA_ELEMENT_ID, parseInitialData } from '../../shared/lib/initial-data';
import type { InitialData } from '../../shared/schemas/initial-data';

let taken = false;

/** The embedded data when it was made for the current address; later calls answer undefined (it is used once). */
export function takeInitialData(): InitialData | undefined {
  if (taken || typeof document === 'undefined') return undefined;
  taken = true;
  return parseInitialData(document.getElementById(INITIAL_DATA_ELEMENT_ID)?.textContent, window.location.pathname);
}

/** The last segment of the current path, decoded as React Router's useParams decodes it. */
export function currentPathId(): string {
  const last = window.location.pathname.split('/').filter(Boolean).pop() ?? '';
  try {
    return decodeURIComponent(last);
  } catch {
    return last;
  }
}
