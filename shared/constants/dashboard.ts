// The business dashboard's windows (docs/product.md section 24): the server checks them, the page offers them.

/** The windows the dashboard offers, in days ending today (UTC). */
export const DASHBOARD_WINDOWS = [30, 90, 365] as const;
export type DashboardWindow = (typeof DASHBOARD_WINDOWS)[number];
export const DASHBOARD_WINDOW_MESSAGE = 'Choose a window of 30, 90 or 365 days.';
