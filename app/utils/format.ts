import { formatRuntime } from "./dates.ts";

/** Formatting (counts, plurals, times, durations); deterministic, so server and browser render the same text. */

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ["year", 365 * 86_400_000],
  ["month", 30 * 86_400_000],
  ["week", 7 * 86_400_000],
  ["day", 86_400_000],
  ["hour", 3_600_000],
  ["minute", 60_000],
];

const relative = new Intl.RelativeTimeFormat("en", { numeric: "always" });

/** "5 minutes ago", "in 2 days"; under a minute either way is "just now". */
export function relativeTime(iso: string, now: number): string {
  const diff = Date.parse(iso) - now;
  if (Number.isNaN(diff)) return "";
  const abs = Math.abs(diff);
  for (const [unit, ms] of UNITS) {
    if (abs >= ms) return relative.format(Math.trunc(diff / ms), unit);
  }
  return "just now";
}

/** "2026-03-31 15:04 UTC": the exact moment, the same on every machine. */
export function exactTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return `${date.toISOString().slice(0, 16).replace("T", " ")} UTC`;
}

const NUMBER = new Intl.NumberFormat("en-US");

/** 1234 → "1,234". */
export function formatCount(n: number): string {
  return NUMBER.format(n);
}

/** Whole percentages of a total; 0 when the total is 0. */
export function percentOf(value: number, total: number): number {
  return total > 0 ? Math.round((value / total) * 100) : 0;
}

/** "1h 35m", "45m" (formatRuntime's text, the site's too), or "—" when the runtime is not known. */
export function formatDuration(minutes: number | null): string {
  return (minutes !== null && minutes > 0 ? formatRuntime(minutes) : null) ?? "—";
}

/** "1 season", "3 seasons". */
export function plural(n: number, one: string, many = `${one}s`): string {
  return `${formatCount(n)} ${n === 1 ? one : many}`;
}
