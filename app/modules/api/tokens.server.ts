import crypto from "node:crypto";
import type { Db } from "#app/db/client.server.ts";
import { toBool } from "#app/db/dialect.server.ts";
import type { AdminRole, ApiTokenScope } from "#app/db/schema.ts";
import { recordAudit, type Actor } from "#app/modules/audit/audit.server.ts";
import { AppError } from "#app/utils/errors.ts";
import { PREFIX_LENGTH, ROLE_TOKEN_SCOPES, TOKEN_NOT_FOUND, TOKEN_TAG, type TokenFormInput, type TokenScope } from "./tokens.ts";
import { adminRows } from "#app/modules/auth/admin-refs.server.ts";

/**
 * API tokens (ADR 034): a random 256-bit secret shown once; the table keeps its
 * SHA-256, so reading the database gives no working token. A plain hash (not a
 * password hash) is enough because the secret is random, not chosen by a person.
 */

/** The account that made a token; its state decides what the token may still do. */
export interface TokenCreator {
  id: number;
  name: string;
  email: string;
  role: AdminRole;
  disabled: boolean;
}

export interface ApiToken {
  id: number;
  name: string;
  /** What the token may do now: its granted scope, narrowed to read while its creator is not an Administrator. */
  scope: TokenScope;
  /** The scope it was made with. */
  grantedScope: TokenScope;
  /** Null when the creating account was deleted: such a token is refused. */
  createdBy: TokenCreator | null;
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

type TokenRow = {
  id: number;
  name: string;
  scope: ApiTokenScope;
  prefix: string;
  created_at: string;
  expires_at: string | null;
  last_used_at: string | null;
  revoked_at: string | null;
  creator_id: number | null;
  creator_name: string | null;
  creator_email: string | null;
  creator_role: AdminRole | null;
  creator_disabled: boolean | number | null;
};

function toToken(row: TokenRow): ApiToken {
  const createdBy =
    row.creator_id === null
      ? null
      : {
          id: row.creator_id,
          name: row.creator_name ?? "",
          email: row.creator_email ?? "",
          role: row.creator_role ?? "editor",
          disabled: toBool(row.creator_disabled ?? false),
        };
  return {
    id: row.id,
    name: row.name,
    scope: createdBy && ROLE_TOKEN_SCOPES[createdBy.role].includes(row.scope) ? row.scope : "read",
    grantedScope: row.scope,
    createdBy,
    prefix: row.prefix,
    createdAt: new Date(row.created_at).toISOString(),
    expiresAt: row.expires_at && new Date(row.expires_at).toISOString(),
    lastUsedAt: row.last_used_at && new Date(row.last_used_at).toISOString(),
    revokedAt: row.revoked_at && new Date(row.revoked_at).toISOString(),
  };
}

/** Tokens with their creator's account (left out when it was deleted). */
function selectTokens(db: Db) {
  return db
    .selectFrom("api_tokens")
    .leftJoin(adminRows(db).as("admins"), "admins.id", "api_tokens.created_by")
    .select([
      "api_tokens.id",
      "api_tokens.name",
      "api_tokens.scope",
      "api_tokens.prefix",
      "api_tokens.created_at",
      "api_tokens.expires_at",
      "api_tokens.last_used_at",
      "api_tokens.revoked_at",
      "admins.id as creator_id",
      "admins.name as creator_name",
      "admins.email as creator_email",
      "admins.role as creator_role",
      "admins.disabled as creator_disabled",
    ]);
}

export async function getApiToken(db: Db, id: number): Promise<ApiToken | null> {
  const row = await selectTokens(db).where("api_tokens.id", "=", id).executeTakeFirst();
  return row ? toToken(row) : null;
}

/** Newest first, revoked ones included (they stay listed as revoked). */
export async function listApiTokens(db: Db): Promise<ApiToken[]> {
  const rows = await selectTokens(db).orderBy("api_tokens.created_at", "desc").orderBy("api_tokens.id", "desc").execute();
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

export type TokenRefusal = "malformed" | "unknown" | "revoked" | "expired" | "creator-deleted" | "creator-disabled";
export type TokenCheck = { ok: true; token: ApiToken } | { ok: false; reason: TokenRefusal };

/**
 * The token a Bearer secret names, if it may be used now; records when it was last
 * used. A token follows its creator's account, read in the same query: refused once
 * the account is deleted or disabled, narrowed to read while it is not an Administrator.
 */
export async function authenticateApiToken(db: Db, secret: string, now = new Date()): Promise<TokenCheck> {
  if (!SECRET.test(secret)) return { ok: false, reason: "malformed" };
  const row = await selectTokens(db).where("api_tokens.token_hash", "=", hashSecret(secret)).executeTakeFirst();
  if (!row) return { ok: false, reason: "unknown" };
  const token = toToken(row);
  if (token.revokedAt) return { ok: false, reason: "revoked" };
  if (token.expiresAt && Date.parse(token.expiresAt) <= now.getTime()) return { ok: false, reason: "expired" };
  if (!token.createdBy) return { ok: false, reason: "creator-deleted" };
  if (token.createdBy.disabled) return { ok: false, reason: "creator-disabled" };
  if (!token.lastUsedAt || now.getTime() - Date.parse(token.lastUsedAt) >= LAST_USED_GRANULARITY_MS) {
    await db.updateTable("api_tokens").set({ last_used_at: now.toISOString() }).where("id", "=", token.id).execute();
    token.lastUsedAt = now.toISOString();
  }
  return { ok: true, token };
}

/**
 * Revokes the tokens an account made, in the caller's transaction (the account is
 * being disabled): as its sessions end, so do its tokens, for good. Returns how many.
 */
export async function revokeTokensMadeBy(trx: Db, adminId: number, now = new Date()): Promise<number> {
  const rows = await trx
    .updateTable("api_tokens")
    .set({ revoked_at: now.toISOString() })
    .where("created_by", "=", adminId)
    .where("revoked_at", "is", null)
    .returning("id")
    .execute();
  return rows.length;
}

/** Who a token's writes are audited as: its name (no account). */
export function tokenActor(token: ApiToken): Actor {
  return { id: null, name: `API token “${token.name}”` };
}
