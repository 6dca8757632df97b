import type { Link } from "./types.ts";

/** The providers of these links (instant, gdrive, …), each once, in their order. */
export function hostsOf(links: Link[]): string[] {
  return [...new Set(links.map((l) => l.label.trim()).filter(Boolean))];
}

/** "Nov 28, 2026": in UTC, so the server and the browser print the same day. */
function checkDate(iso: string): string {
  return new Date(iso).toLocaleDateString("en-US", { year: "numeric", month: "short", day: "numeric", timeZone: "UTC" });
}

export interface CheckSummary {
  /** The newest check, ISO; null when none of the links was checked. */
  at: string | null;
  text: string;
}

/**
 * What the link checker last found for these links: "Not checked yet", or the
 * newest check's day and how many links worked, failed or gave no clear answer
 * (links never checked are counted too). Only what the checker stored: a link whose
 * address changed since its check counts as not checked (read.server.ts).
 */
export function checkSummary(links: Link[]): CheckSummary {
  const counts = { ok: 0, failed: 0, inconclusive: 0, never: 0 };
  let at: string | null = null;
  for (const link of links) {
    if (!link.check) {
      counts.never++;
      continue;
    }
    counts[link.check.result]++;
    if (!at || link.check.at > at) at = link.check.at;
  }
  if (!at) return { at: null, text: "Not checked yet" };
  const parts = [
    counts.ok && `${counts.ok} working`,
    counts.failed && `${counts.failed} failed`,
    counts.inconclusive && `${counts.inconclusive} no clear answer`,
    counts.never && `${counts.never} not checked yet`,
  ].filter(Boolean);
  return { at, text: `Checked ${checkDate(at)}: ${parts.join(", ")}` };
}
