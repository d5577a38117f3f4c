// The answers a server-rendered page embeds (#initial-data, shared/schemas/initial-data.ts) become the first cached
// answers of its queries: on the server before React renders the page (web/entry-server.tsx) and in the browser
// before React hydrates it (web/main.tsx). Both seed through this one function, so the browser's first render is
// the server's markup, and the first screen needs no second request (docs/product.md, Pages and look).
import { matchRoute } from '../../shared/routes';
import type { InitialData } from '../../shared/schemas/initial-data';
import { seedArticle } from '../features/blog/api/get-article';
import { seedArticleList } from '../features/blog/api/search-articles';
import { seedDoctor } from '../features/doctors/api/get-doctor';
import { seedPlans } from '../features/payment/api/get-plans';

type Dispatch = (action: unknown) => unknown;

/** The last segment of a path (the record's id), decoded as React Router's useParams decodes it. */
function pathId(pathname: string): string {
  const last = pathname.split('/').filter(Boolean).pop() ?? '';
  try {
    return decodeURIComponent(last);
  } catch {
    return last;
  }
}

/** Seeds the query cache with what the page at `pathname` + `search` embedded; `data` was made for that path. */
export function seedFirstScreen(dispatch: Dispatch, { pathname, search }: { pathname: string; search: string }, data: InitialData): void {
  const firstScreen = matchRoute(pathname)?.route.firstScreen;
  const kind = firstScreen && 'articles' in firstScreen ? firstScreen.articles : 'blog';
  // Only the whole get-by-id answer (with contact_form) is a profile's answer; a shorter one is left and the page asks.
  if (data.doctor && typeof data.doctor.contact_form === 'boolean') seedDoctor(dispatch, pathId(pathname), data.doctor);
  if (data.article) seedArticle(dispatch, kind, pathId(pathname), data.article);
  // Only the list's first page with the defaults is embedded: another page or search asks the API.
  if (data.articles && search === '') seedArticleList(dispatch, kind, data.articles);
  if (data.plans) seedPlans(dispatch, data.plans);
}
