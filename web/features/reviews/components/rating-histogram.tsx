// The practice's rating at a glance (docs/product.md section 13): the average in large stars, the number of reviews,
// and one bar per star count; a bar is a button that shows only the reviews with that many stars.
import { countOf, formatNumber, pluralOf } from '../../../../shared/lib/formats';
import type { ReviewListAnswer, Histogram } from '../../../../shared/schemas/review';
import { formatAverage, RatingStars } from '../../../components/ui/rating-stars';

interface Props {
  summary: Pick<ReviewListAnswer, 'average' | 'count' | 'histogram'>;
  /** The star count shown alone, if any. */
  chosen: number | undefined;
  onChoose: (stars: number | undefined) => void;
}

export function RatingHistogram({ summary, chosen, onChoose }: Props) {
  const { average, count, histogram } = summary;
  return (
    <div className="rating-overview">
      {count > 0 && average !== null ? (
        <p className="rating-big">
          <strong>{formatAverage(average)}</strong>
          <span>
            <RatingStars value={average} size="large" />
            <span className="muted">{countOf(count, 'review')}</span>
          </span>
        </p>
      ) : (
        <p className="muted">No reviews yet. Be the first to tell other pet owners about your visit.</p>
      )}
      {count > 0 && (
        <ul className="histogram" aria-label="Reviews by stars">
          {[5, 4, 3, 2, 1].map((stars) => {
            const n = histogram[String(stars) as keyof Histogram] ?? 0;
            const share = count ? Math.round((n / count) * 100) : 0;
            const on = chosen === stars;
            return (
              <li key={stars}>
                <button
                  type="button"
                  className={`histogram-row${on ? ' is-active' : ''}`}
                  aria-pressed={on}
                  disabled={n === 0 && !on}
                  onClick={() => onChoose(on ? undefined : stars)}
                >
                  <span className="histogram-label">{countOf(stars, 'star')}</span>
                  <span className="histogram-bar" aria-hidden="true">
                    <span style={{ width: `${share}%` }} />
                  </span>
                  <span className="histogram-count">
                    {formatNumber(n)}
                    <span className="visually-hidden"> {pluralOf(n, 'review')}</span>
                  </span>
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
