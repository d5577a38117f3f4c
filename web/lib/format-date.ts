// Dates as the spec shows them (section 9): 'MMM DD, YYYY', e.g. "Nov 05, 2026"; with the time where a log needs it.
const DAY = { month: 'short', day: '2-digit', year: 'numeric' } as const;

/**
 * The calendar day in UTC: the server renders public pages with it and the browser must show the same text
 * wherever it is (docs/decisions/089-server-rendering-with-react.md).
 */
export function formatDate(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return date.toLocaleDateString('en-US', { ...DAY, timeZone: 'UTC' });
}

/** The local date and time, e.g. "Nov 05, 2026 02:30 PM" (audit entries). */
export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return `${date.toLocaleDateString('en-US', DAY)} ${date.toLocaleTimeString('en-US', { hour: '2-digit', minute: '2-digit' })}`;
}
