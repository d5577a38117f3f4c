// How a review's month, species and state read to its author and to pet owners (docs/product.md section 13). The
// limits and the rule for the month of the visit are the server's, in shared/lib/review-rules.ts.
import type { ReviewPublicState as ReviewState } from '../../../shared/lib/review-rules';

/** What the author reads about a review's state on My reviews and on the profile. */
export const REVIEW_STATE_TEXT: Record<ReviewState, { label: string; text: string }> = {
  published: { label: 'Published', text: 'Pet owners see it on the practice’s page.' },
  pending: { label: 'Waiting for review', text: 'An administrator checks it before it is published. We will e-mail you when it is decided.' },
  rejected: { label: 'Rejected', text: 'An administrator did not publish it. You can change it and it will be checked again.' },
  removed: { label: 'Removed', text: 'An administrator removed it from the practice’s page. It can no longer be changed.' },
};

/** A species as a person reads it ('dogs' -> 'Dogs'). */
export const speciesLabel = (species: string): string => (species ? species[0]!.toUpperCase() + species.slice(1) : species);
