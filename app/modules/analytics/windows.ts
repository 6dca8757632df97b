import { data } from "react-router";

/** The Analytics page's windows (`?days=`), and how many titles and searches its tables list. */
export const ANALYTICS_WINDOWS = [7, 30, 90] as const;
export const ANALYTICS_WINDOW_DAYS = 30;
export const ANALYTICS_TOP_LIMIT = 10;
/** A CSV download lists more rows than the page. */
export const ANALYTICS_EXPORT_LIMIT = 1000;
/** The overview's click figure covers a week. */
export const OVERVIEW_CLICK_DAYS = 7;

export const UNKNOWN_WINDOW = "The window must be 7, 30 or 90 days.";
export const UNKNOWN_TABLE = "Unknown table: choose daily, viewed, trending, clicked, hosts, searches or missed.";

/** The window a request asks for: 30 days when it says nothing, a 400 for anything but 7, 30 or 90. */
export function analyticsWindow(url: URL): number {
  const value = url.searchParams.get("days");
  if (value === null || value === "") return ANALYTICS_WINDOW_DAYS;
  const days = Number(value);
  if (!(ANALYTICS_WINDOWS as readonly number[]).includes(days) || !/^\d+$/.test(value)) throw data(UNKNOWN_WINDOW, { status: 400 });
  return days;
}
