// Light pagination (docs/product.md, Screens and routes; Constants): 'Total {n} items', page buttons, and a page-size
// selector (10, 20, 50, 100) shown when the total is above 50. No antd: list pages stay small.
import { BLOG_DEFAULTS } from '../../../shared/constants/messages';
import './pagination.css';

interface PaginationProps {
  page: number;
  pageSize: number;
  total: number;
  onChange: (page: number, pageSize: number) => void;
}

/** Page numbers to show: first, last, and two either side of the current page, with gaps. */
export function visiblePages(page: number, pages: number): (number | 'gap')[] {
  const wanted = new Set([1, pages, page - 2, page - 1, page, page + 1, page + 2].filter((p) => p >= 1 && p <= pages));
  const sorted = [...wanted].sort((a, b) => a - b);
  const out: (number | 'gap')[] = [];
  sorted.forEach((p, i) => {
    if (i > 0 && p - sorted[i - 1]! > 1) out.push('gap');
    out.push(p);
  });
  return out;
}

export function Pagination({ page, pageSize, total, onChange }: PaginationProps) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  return (
    <nav className="pagination" aria-label="Pages">
      <span className="pagination-total">Total {total} items</span>
      <button type="button" className="page-button" aria-label="Previous page" disabled={page <= 1} onClick={() => onChange(page - 1, pageSize)}>
        ‹
      </button>
      {visiblePages(page, pages).map((p, i) =>
        p === 'gap' ? (
          <span key={`gap-${i}`} className="page-gap" aria-hidden="true">
            …
          </span>
        ) : (
          <button
            key={p}
            type="button"
            className={`page-button${p === page ? ' current' : ''}`}
            aria-current={p === page ? 'page' : undefined}
            aria-label={`Page ${p}`}
            onClick={() => onChange(p, pageSize)}
          >
            {p}
          </button>
        ),
      )}
      <button type="button" className="page-button" aria-label="Next page" disabled={page >= pages} onClick={() => onChange(page + 1, pageSize)}>
        ›
      </button>
      {total > BLOG_DEFAULTS.sizeChangerAbove && (
        <select className="page-size" aria-label="Items per page" value={pageSize} onChange={(e) => onChange(1, Number(e.target.value))}>
          {BLOG_DEFAULTS.pageSizeOptions.map((size) => (
            <option key={size} value={size}>
              {size} / page
            </option>
          ))}
        </select>
      )}
    </nav>
  );
}
