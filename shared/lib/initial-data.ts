// Reading the data the server embeds in a profile or article page (shared/schemas/initial-data.ts holds its
// shape; docs/product.md, Pages and look). No TypeBox here: every profile and article page runs this.
import type { InitialData } from '../schemas/initial-data';

/** The id of the `<script type="application/json">` element that holds the data. */
export const INITIAL_DATA_ELEMENT_ID = 'initial-data';

/** Reads the embedded block's text; answers undefined when it is missing, malformed or for another path. */
export function parseInitialData(text: string | null | undefined, pathname: string): InitialData | undefined {
  if (!text) return undefined;
  try {
    const data = JSON.parse(text) as InitialData;
    return data && typeof data === 'object' && data.path === pathname ? data : undefined;
  } catch {
    return undefined;
  }
}
