import type { RateRule } from "./limiter.server.ts";

/**
 * Search-box suggestions per client address and minute. Typing sends at most a few
 * a second while the visitor types; a scraper walking the catalogue sends far more.
 * Generous, because many visitors can share one address (mobile carriers' NAT).
 */
export const SUGGEST_RATE_RULE: RateRule = { name: "suggest", points: 600, durationSeconds: 60 };
