import type { AppContext } from "#app/context.ts";
import type { RateRule } from "#app/modules/limits/limiter.server.ts";

/** Anonymous read calls per client and minute: a script paging through the catalogue at a steady pace, not a scraper's flood. */
export const API_RATE_RULE: RateRule = { name: "api-read", points: 300, durationSeconds: 60 };

/**
 * Counts one API call against its client's limit, in the limits every instance
 * shares (ADR 027). A refused call is told how long until its window ends.
 */
export async function takeApiCall(
  app: Pick<AppContext, "clientAddress" | "limits">,
): Promise<{ ok: true } | { ok: false; retryAfterS: number }> {
  const verdict = await app.limits.consume(API_RATE_RULE, app.clientAddress);
  if (verdict.allowed) return { ok: true };
  return { ok: false, retryAfterS: Math.max(1, Math.ceil(verdict.retryAfterMs / 1000)) };
}
