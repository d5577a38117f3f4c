// Dates as the spec shows them (section 9): 'MMM DD, YYYY', e.g. "Nov 05, 2026"; with the time where a log needs it.
export function formatDate(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return date.toLocaleDateString('en-US', { month: 'short', day: '2-digit', year: 'numeric' });
}

/** The date as formatDate shows it and the time, e.g. "Nov 05, 2026 02:30 PM" (audit entries). */
export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return `${formatDate(iso)} ${date.toLocaleTimeString('en-US', { hour: '2-digit', minute: '2-digit' })}`;
}
