// The 'Searching...' layer over a list while its next page loads (docs/product.md, Messages): the
// last list stays on screen under it. Its parent is positioned (.article-results).
import { MESSAGES } from '../../../shared/constants/messages';
import './searching-overlay.css';

export function SearchingOverlay() {
  return (
    <div className="searching-overlay" role="status">
      <span className="spinner" aria-hidden="true" />
      <span>{MESSAGES.searching}</span>
    </div>
  );
}
