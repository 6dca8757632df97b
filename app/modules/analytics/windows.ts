/** The Analytics page's window, and how many titles and searches its tables list. */
export const ANALYTICS_WINDOW_DAYS = 30;
export const ANALYTICS_TOP_LIMIT = 10;
/** The overview's click figure covers a week. */
export const OVERVIEW_CLICK_DAYS = 7;
