import './page-loader.css';
// The fallback loader shown while a lazy page loads; it keeps the main area's height (no jump).
export function PageLoader({ label = 'Loading…' }: { label?: string }) {
  return (
    <div className="page-loader" role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" />
      <span className="page-loader-label">{label}</span>
    </div>
  );
}
