import type { RateRule } from "./limiter.server.ts";

/**
 * Search-box suggestions per client address and minute. Typing sends at most a few
 * a second while the visitor types; a scraper walking the catalogue sends far more.
 * Generous, because many visitors can share one address (mobile carriers' NAT).
 */
export const SUGGEST_RATE_RULE: RateRule = { name: "suggest", points: 600, durationSeconds: 60 };

/**
 * Refused API tokens (unknown, revoked, expired, malformed) per client address. A
 * script whose token died fails a few times and stops; a client trying secrets, or
 * one looping on a dead token, is answered 429 until the window ends (ADR 034).
 */
export const API_TOKEN_FAILURE_RULE: RateRule = { name: "api-token-failure", points: 20, durationSeconds: 600 };
