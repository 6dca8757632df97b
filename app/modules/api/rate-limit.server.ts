import type { AppContext } from "#app/context.ts";
import { clientHash } from "#app/modules/inbox/client.server.ts";
import { createFixedWindowLimiter } from "#app/modules/inbox/rate-limit.server.ts";

/** Anonymous read calls per client and minute: a script paging through the catalogue at a steady pace, not a scraper's flood. */
export const API_RATE_LIMIT = { limit: 300, windowMs: 60_000 } as const;

const limiter = createFixedWindowLimiter(API_RATE_LIMIT);

/**
 * Counts one API call against its client's limit. The only place the API touches
 * the limiter, so a limiter shared by all instances replaces it here alone. A
 * refused call is told to wait out the window (fixed windows: at most its length).
 */
export async function takeApiCall(
  app: Pick<AppContext, "clientAddress" | "sessionSecret">,
): Promise<{ ok: true } | { ok: false; retryAfterS: number }> {
  if (limiter.take(clientHash(app.clientAddress, app.sessionSecret))) return { ok: true };
  return { ok: false, retryAfterS: Math.ceil(API_RATE_LIMIT.windowMs / 1000) };
}
