import crypto from "node:crypto";
import type { Db } from "#app/db/client.server.ts";
import type { ApiTokenScope } from "#app/db/schema.ts";
import { recordAudit, type Actor } from "#app/modules/audit/audit.server.ts";
import { AppError } from "#app/utils/errors.ts";
import { PREFIX_LENGTH, TOKEN_NOT_FOUND, TOKEN_TAG, type TokenFormInput, type TokenScope } from "./tokens.ts";

/**
 * API tokens (ADR 034): a random 256-bit secret shown once; the table keeps its
 * SHA-256, so reading the database gives no working token. A plain hash (not a
 * password hash) is enough because the secret is random, not chosen by a person.
 */

export interface ApiToken {
  id: number;
  name: string;
  scope: TokenScope;
  prefix: string;
  createdAt: string;
  expiresAt: string | null;
  lastUsedAt: string | null;
  revokedAt: string | null;
}

const DAY_MS = 86_400_000;
/** last_used_at is written at most this often per token, not on every call. */
const LAST_USED_GRANULARITY_MS = 60_000;

export function hashSecret(secret: string): string {
  return crypto.createHash("sha256").update(secret).digest("hex");
}

const SECRET = /^cdx_[A-Za-z0-9_-]{43}$/;

export async function createApiToken(
  db: Db,
  actor: Actor,
  input: TokenFormInput,
  now = new Date(),
): Promise<{ token: ApiToken; secret: string }> {
  const secret = `${TOKEN_TAG}${crypto.randomBytes(32).toString("base64url")}`;
  const expiresAt = input.expiry === "never" ? null : new Date(now.getTime() + Number(input.expiry) * DAY_MS).toISOString();
  const token = await db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto("api_tokens")
      .values({
        name: input.name,
        scope: input.scope,
        token_hash: hashSecret(secret),
        prefix: secret.slice(0, PREFIX_LENGTH),
        created_at: now.toISOString(),
        created_by: actor.id,
        expires_at: expiresAt,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await recordAudit(trx, actor, {
      action: "api-token.create",
      entityType: "api-token",
      entityId: row.id,
      summary: `Created API token “${input.name}” (${input.scope}, ${expiresAt ? `expires ${expiresAt.slice(0, 10)}` : "never expires"})`,
      details: { scope: input.scope, expiresAt },
    });
    return row.id;
  });
  return { token: (await getApiToken(db, token))!, secret };
}

function toToken(row: {
  id: number;
  name: string;
  scope: ApiTokenScope;
  prefix: string;
  created_at: string;
  expires_at: string | null;
  last_used_at: string | null;
  revoked_at: string | null;
}): ApiToken {
  return {
    id: row.id,
    name: row.name,
    scope: row.scope,
    prefix: row.prefix,
    createdAt: new Date(row.created_at).toISOString(),
    expiresAt: row.expires_at && new Date(row.expires_at).toISOString(),
    lastUsedAt: row.last_used_at && new Date(row.last_used_at).toISOString(),
    revokedAt: row.revoked_at && new Date(row.revoked_at).toISOString(),
  };
}

const COLUMNS = ["id", "name", "scope", "prefix", "created_at", "expires_at", "last_used_at", "revoked_at"] as const;

export async function getApiToken(db: Db, id: number): Promise<ApiToken | null> {
  const row = await db.selectFrom("api_tokens").select(COLUMNS).where("id", "=", id).executeTakeFirst();
  return row ? toToken(row) : null;
}

/** Newest first, revoked ones included (they stay listed as revoked). */
export async function listApiTokens(db: Db): Promise<ApiToken[]> {
  const rows = await db.selectFrom("api_tokens").select(COLUMNS).orderBy("created_at", "desc").orderBy("id", "desc").execute();
  return rows.map(toToken);
}

export async function revokeApiToken(db: Db, actor: Actor, id: number, now = new Date()): Promise<ApiToken> {
  await db.transaction().execute(async (trx) => {
    const row = await trx
      .updateTable("api_tokens")
      .set({ revoked_at: now.toISOString() })
      .where("id", "=", id)
      .where("revoked_at", "is", null)
      .returning(["id", "name"])
      .executeTakeFirst();
    if (!row) throw new AppError(404, TOKEN_NOT_FOUND);
    await recordAudit(trx, actor, {
      action: "api-token.revoke",
      entityType: "api-token",
      entityId: row.id,
      summary: `Revoked API token “${row.name}”`,
    });
  });
  return (await getApiToken(db, id))!;
}

export type TokenCheck = { ok: true; token: ApiToken } | { ok: false; reason: "malformed" | "unknown" | "revoked" | "expired" };

/** The token a Bearer secret names, if it may be used now; records when it was last used. */
export async function authenticateApiToken(db: Db, secret: string, now = new Date()): Promise<TokenCheck> {
  if (!SECRET.test(secret)) return { ok: false, reason: "malformed" };
  const row = await db.selectFrom("api_tokens").select(COLUMNS).where("token_hash", "=", hashSecret(secret)).executeTakeFirst();
  if (!row) return { ok: false, reason: "unknown" };
  const token = toToken(row);
  if (token.revokedAt) return { ok: false, reason: "revoked" };
  if (token.expiresAt && Date.parse(token.expiresAt) <= now.getTime()) return { ok: false, reason: "expired" };
  if (!token.lastUsedAt || now.getTime() - Date.parse(token.lastUsedAt) >= LAST_USED_GRANULARITY_MS) {
    await db.updateTable("api_tokens").set({ last_used_at: now.toISOString() }).where("id", "=", token.id).execute();
    token.lastUsedAt = now.toISOString();
  }
  return { ok: true, token };
}

/** Who a token's writes are audited as: its name (no account). */
export function tokenActor(token: ApiToken): Actor {
  return { id: null, name: `API token “${token.name}”` };
}
