import crypto from "node:crypto";
import type { AppContext } from "#app/context.ts";
import type { RateRule } from "#app/modules/limits/limiter.server.ts";
import { authenticateApiToken, type ApiToken } from "./tokens.server.ts";
import type { TokenScope } from "./tokens.ts";

/**
 * The API's only way to know a caller (ADR 034): an `Authorization: Bearer`
 * token. Cookies are never read here, so a signed-in browser cannot be made to
 * write through the API (no CSRF path), and tokens are never read by the admin
 * pages' guard.
 */

/** Calls per token and minute: scripts importing or syncing a catalogue, well above the anonymous limit. */
export const API_TOKEN_RATE_RULE: RateRule = { name: "api-token", points: 3000, durationSeconds: 60 };

export type Caller = { kind: "anonymous" } | { kind: "token"; token: ApiToken };

export type AuthFailure = { status: 401 | 403; detail: string };

const REASONS = {
  malformed: "The Authorization header must be “Bearer ” followed by an API token from Settings → API tokens.",
  unknown: "This API token is not known. Create one in Settings → API tokens.",
  revoked: "This API token has been revoked.",
  expired: "This API token has expired. Create a new one in Settings → API tokens.",
} as const;

export const TOKEN_REQUIRED = "This endpoint needs an API token: send it as “Authorization: Bearer <token>”.";

/** Who is calling: anonymous without the header, the token with a valid one, a 401 with a bad one. */
export async function identifyCaller(app: Pick<AppContext, "db">, request: Request): Promise<Caller | AuthFailure> {
  const header = request.headers.get("authorization");
  if (header === null) return { kind: "anonymous" };
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  if (!match) return { status: 401, detail: REASONS.malformed };
  const check = await authenticateApiToken(app.db, match[1]!);
  if (!check.ok) return { status: 401, detail: REASONS[check.reason] };
  return { kind: "token", token: check.token };
}

/** Whether a token's scope covers what an operation needs; every scope may read. */
export function scopeAllows(scope: TokenScope, needed: TokenScope): boolean {
  return needed === "read" || scope === needed;
}

export function scopeRefusal(needed: TokenScope): string {
  return `This API token's scope does not allow this. It needs a token with the ${needed} scope.`;
}

/** SHA-256 of what makes two POSTs "the same request" for an Idempotency-Key. */
export function requestFingerprint(method: string, path: string, body: string): string {
  return crypto.createHash("sha256").update(`${method}\n${path}\n${body}`).digest("hex");
}
