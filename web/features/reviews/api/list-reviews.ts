// POST /api/reviews/list: a practice's published reviews, a page at a time, with the average, count and histogram
// (docs/product.md section 13).
import type { ReviewListAnswer, ReviewListInput } from '../../../../shared/schemas/review';
import { api } from '../../../lib/api';
import { recordId, type Dispatch, type FirstScreen } from '../../../lib/first-screen';
import { REVIEW_FIRST_PAGE } from '../../../../shared/lib/review-rules';

const listReviewsApi = api.injectEndpoints({
  endpoints: (build) => ({
    reviews: build.query<ReviewListAnswer, ReviewListInput>({
      // Silent: the reviews section explains a failure in place.
      query: (body) => ({ url: '/reviews/list', body, silent: true }),
      providesTags: (_result, _error, { doctor_id }) => [{ type: 'Review', id: doctor_id }],
    }),
  }),
});

export const { useReviewsQuery } = listReviewsApi;

/** Puts the first page of reviews a profile embedded into the cache, as the answer the reviews section asks for first. */
export function seedReviews(dispatch: Dispatch, screen: FirstScreen | undefined) {
  const reviews = screen?.data.reviews;
  const doctorId = screen && Number(recordId(screen).replace(/^:/, ''));
  if (reviews && doctorId)
    dispatch(listReviewsApi.util.upsertQueryEntries([{ endpointName: 'reviews', arg: { doctor_id: doctorId, ...REVIEW_FIRST_PAGE }, value: reviews }]));
}
