// Dates as the spec shows them (section 9): 'MMM DD, YYYY', e.g. "Nov 05, 2026".
export function formatDate(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return date.toLocaleDateString('en-US', { month: 'short', day: '2-digit', year: 'numeric' });
}
