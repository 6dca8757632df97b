import crypto from "node:crypto";
import type { AppContext } from "#app/context.ts";
import type { RateRule } from "#app/modules/limits/limiter.server.ts";
import { API_TOKEN_FAILURE_RULE } from "#app/modules/limits/rules.ts";
import { authenticateApiToken, type ApiToken, type TokenRefusal } from "./tokens.server.ts";
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

export type AuthFailure = { status: 401; detail: string } | { status: 429; detail: string; retryAfterS: number };

const REASONS: Record<TokenRefusal, string> = {
  malformed: "The Authorization header must be “Bearer ” followed by an API token from Settings → API tokens.",
  unknown: "This API token is not known. Create one in Settings → API tokens.",
  revoked: "This API token has been revoked.",
  expired: "This API token has expired. Create a new one in Settings → API tokens.",
  "creator-deleted": "The account that created this API token no longer exists, so the token no longer works.",
  "creator-disabled": "The account that created this API token is disabled, so the token no longer works.",
};

export const TOKEN_REQUIRED = "This endpoint needs an API token: send it as “Authorization: Bearer <token>”.";

/**
 * Who is calling: anonymous without the header, the token with a valid one, a 401
 * with a bad one, and a 429 once this client has had too many refused (the check
 * is one indexed query, but a flood of guesses or a script looping on a dead token
 * should stop, as anonymous reads stop at their limit).
 */
export async function identifyCaller(
  app: Pick<AppContext, "db" | "limits" | "clientAddress">,
  request: Request,
): Promise<Caller | AuthFailure> {
  const header = request.headers.get("authorization");
  if (header === null) return { kind: "anonymous" };
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  const check = match ? await authenticateApiToken(app.db, match[1]!) : ({ ok: false, reason: "malformed" } as const);
  if (check.ok) return { kind: "token", token: check.token };
  const verdict = await app.limits.consume(API_TOKEN_FAILURE_RULE, app.clientAddress);
  if (!verdict.allowed) {
    const retryAfterS = Math.max(1, Math.ceil(verdict.retryAfterMs / 1000));
    return {
      status: 429,
      retryAfterS,
      detail: `Too many requests with a refused API token from this client. Please wait ${retryAfterS} seconds and check the token.`,
    };
  }
  return { status: 401, detail: REASONS[check.reason] };
}

/** Whether a token's scope covers what an operation needs; every scope may read. */
export function scopeAllows(scope: TokenScope, needed: TokenScope): boolean {
  return needed === "read" || scope === needed;
}

export function scopeRefusal(needed: TokenScope, token?: ApiToken): string {
  const refusal = `This API token's scope does not allow this. It needs a token with the ${needed} scope.`;
  if (!token || token.scope === token.grantedScope) return refusal;
  return `${refusal} It was made with the ${token.grantedScope} scope, but the account that created it is no longer an Administrator, so it may only read.`;
}

/** SHA-256 of what makes two POSTs "the same request" for an Idempotency-Key. */
export function requestFingerprint(method: string, path: string, body: string): string {
  return crypto.createHash("sha256").update(`${method}\n${path}\n${body}`).digest("hex");
}

/** A title's view for this caller (read.server.ts): a token that may write the catalogue reads it as stored. */
export function titleViewOf(caller: Caller): "public" | "writer" {
  return caller.kind === "token" && scopeAllows(caller.token.scope, "catalogue:write") ? "writer" : "public";
}
