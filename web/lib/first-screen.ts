// The first screen a server-rendered page embeds (#initial-data, shared/schemas/initial-data.ts; docs/product.md,
// Pages and look) with the address it was made for. Each query it answers has one seeder in its feature's API file
// (`seedDoctor`, `seedArticle`, `seedArticleList`, `seedPlans`) that puts its answer into the cache: the server calls
// them all before React renders (web/entry-server.tsx), and a page module calls its own when it loads, before the
// browser hydrates, so both renders start from the same answers (docs/decisions/103-one-first-screen-seeding.md).
import { INITIAL_DATA_ELEMENT_ID, parseInitialData } from '../../shared/lib/initial-data';
import { matchRoute, type ArticleKind } from '../../shared/routes';
import type { InitialData } from '../../shared/schemas/initial-data';

export interface FirstScreen {
  pathname: string;
  /** The query string ('' for none). */
  search: string;
  data: InitialData;
}

export type Dispatch = (action: unknown) => unknown;

let taken = false;

/** In the browser: what the page embedded for the address it was loaded at. Once: a page opened later asks the API. */
export function embeddedFirstScreen(): FirstScreen | undefined {
  if (taken || typeof document === 'undefined') return undefined;
  taken = true;
  const { pathname, search } = window.location;
  const data = parseInitialData(document.getElementById(INITIAL_DATA_ELEMENT_ID)?.textContent, pathname);
  return data && { pathname, search, data };
}

/** The record's id in the path (its last segment), decoded as React Router's useParams decodes it. */
export function recordId({ pathname }: FirstScreen): string {
  const last = pathname.split('/').filter(Boolean).pop() ?? '';
  try {
    return decodeURIComponent(last);
  } catch {
    return last;
  }
}

/** Which articles the page shows, by its route (shared/routes.ts, firstScreen). */
export function articlesShown({ pathname }: FirstScreen): ArticleKind {
  const firstScreen = matchRoute(pathname)?.route.firstScreen;
  return firstScreen && 'articles' in firstScreen ? firstScreen.articles : 'blog';
}
