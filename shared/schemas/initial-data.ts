// Data the server embeds in the HTML of a profile or article page (docs/product.md, Pages and look),
// so its first screen shows without a second request. The page reads it once from
// `<script type="application/json" id="initial-data">` (data, not script: the CSP is unaffected)
// and may seed its query cache with it (shared/lib/initial-data.ts reads it); `doctor` is exactly the answer of doctors/get-by-id,
// `article` exactly that of (ai_)articles/get-by-id for the same id, and `articles` that of (ai_)articles/search
// for an article list's first page with the default size and no search words, and `plans` that of payment/plans on /services.
import { Type, type Static } from '@sinclair/typebox';
import { ArticleListSchema, ArticleSchema } from './article';
import { DoctorPageSchema } from './doctor';
import { PlansAnswer } from './payment';
import { ReviewListAnswer } from './review';

export const InitialDataSchema = Type.Object({
  /** The path the data was made for (without the query); a page ignores data made for another path. */
  path: Type.String(),
  doctor: Type.Optional(DoctorPageSchema),
  /** On a profile: the answer of reviews/list for its first page (REVIEW_FIRST_PAGE in shared/lib/review-rules.ts). */
  reviews: Type.Optional(ReviewListAnswer),
  article: Type.Optional(ArticleSchema),
  /** On /blogpage and /ai-blogpage: the answer of (ai_)articles/search for the list's first page with the defaults. */
  articles: Type.Optional(ArticleListSchema),
  /** On /services: the answer of payment/plans (its `provider` says whether payments are real). */
  plans: Type.Optional(PlansAnswer),
});
export type InitialData = Static<typeof InitialDataSchema>;
