import { LATEST_WINDOW_DAYS } from "#app/constants.ts";

const DAY_MS = 86_400_000;

/** A release within the last 30 days gets the Latest tag (a future date does not). */
export function isLatestRelease(releaseDate: string | null, now = Date.now()): boolean {
  if (!releaseDate) return false;
  const released = Date.parse(`${releaseDate.slice(0, 10)}T00:00:00Z`);
  if (Number.isNaN(released)) return false;
  return released <= now && now - released <= LATEST_WINDOW_DAYS * DAY_MS;
}

/** "October 1, 1968": calendar dates are shown in UTC so no time zone shifts the day. */
export function formatReleaseDate(releaseDate: string): string {
  return new Date(`${releaseDate.slice(0, 10)}T00:00:00Z`).toLocaleDateString("en-US", {
    year: "numeric",
    month: "long",
    day: "numeric",
    timeZone: "UTC",
  });
}

export function formatRuntime(minutes: number | null): string | null {
  if (!minutes) return null;
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return h ? `${h}h ${m}m` : `${m}m`;
}

/** The year of a YYYY-MM-DD release date; null without one. */
export function yearOf(date: string | null): number | null {
  const year = date ? Number(date.slice(0, 4)) : NaN;
  return Number.isInteger(year) ? year : null;
}
