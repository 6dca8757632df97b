import crypto from "node:crypto";
import type { Db } from "#app/db/client.server.ts";
import { toBool } from "#app/db/dialect.server.ts";
import { toAdmin } from "./accounts.server.ts";
import {
  BROWSER_SESSION_IDLE_MS,
  BROWSER_SESSION_MAX_MS,
  REMEMBERED_SESSION_IDLE_MS,
  REMEMBERED_SESSION_MAX_MS,
  SESSION_TOUCH_MS,
} from "./policy.ts";
import type { AdminSession } from "./types.ts";

/**
 * The cookie carries a random 256-bit token; the database keeps only its SHA-256,
 * so the sessions table alone signs nobody in.
 */
export function hashToken(token: string): string {
  return crypto.createHash("sha256").update(token).digest("hex");
}

/** The shape of a token from newSessionToken(). */
export const SESSION_TOKEN = /^[A-Za-z0-9_-]{43}$/;

export function newSessionToken(): string {
  return crypto.randomBytes(32).toString("base64url");
}

export function isSecureRequest(request: Request): boolean {
  return new URL(request.url).protocol === "https:";
}

/** `__Host-` (Secure, Path=/, no Domain) over HTTPS; browsers refuse that prefix over plain HTTP. */
export function sessionCookieName(secure: boolean): string {
  return secure ? "__Host-cinedex_admin" : "cinedex_admin";
}

export function readCookie(header: string | null, name: string): string | null {
  if (!header) return null;
  for (const part of header.split(";")) {
    const eq = part.indexOf("=");
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return null;
}

export function sessionTokenFrom(request: Request): string | null {
  const token = readCookie(request.headers.get("Cookie"), sessionCookieName(isSecureRequest(request)));
  return token && SESSION_TOKEN.test(token) ? token : null;
}

export function sessionCookie(token: string, options: { secure: boolean; persistent: boolean }): string {
  const parts = [`${sessionCookieName(options.secure)}=${token}`, "Path=/", "HttpOnly", "SameSite=Lax"];
  if (options.secure) parts.push("Secure");
  if (options.persistent) parts.push(`Max-Age=${Math.floor(REMEMBERED_SESSION_MAX_MS / 1000)}`);
  return parts.join("; ");
}

/** A Set-Cookie value with the site's defaults (HttpOnly, SameSite=Lax, Secure over HTTPS). */
export function buildCookie(name: string, value: string, options: { secure: boolean; path?: string; maxAgeSeconds?: number }): string {
  const parts = [`${name}=${value}`, `Path=${options.path ?? "/"}`, "HttpOnly", "SameSite=Lax"];
  if (options.secure) parts.push("Secure");
  if (options.maxAgeSeconds !== undefined) parts.push(`Max-Age=${options.maxAgeSeconds}`);
  return parts.join("; ");
}

export function clearedSessionCookie(secure: boolean): string {
  return [`${sessionCookieName(secure)}=`, "Path=/", "HttpOnly", "SameSite=Lax", ...(secure ? ["Secure"] : []), "Max-Age=0"].join("; ");
}

/** Starts a session with a fresh token (never one the browser brought). Returns the token for the cookie. */
export async function createSession(
  db: Db,
  adminId: number,
  options: { persistent: boolean; userAgent?: string | null; now?: Date },
): Promise<{ token: string; id: string; expiresAt: string }> {
  const now = options.now ?? new Date();
  const token = crypto.randomBytes(32).toString("base64url");
  const id = hashToken(token);
  const expiresAt = new Date(now.getTime() + (options.persistent ? REMEMBERED_SESSION_MAX_MS : BROWSER_SESSION_MAX_MS)).toISOString();
  await db
    .insertInto("admin_sessions")
    .values({
      id,
      admin_id: adminId,
      persistent: options.persistent,
      created_at: now.toISOString(),
      last_seen_at: now.toISOString(),
      expires_at: expiresAt,
      user_agent: options.userAgent?.slice(0, 300) ?? null,
    })
    .execute();
  return { token, id, expiresAt };
}

/**
 * The admin a session token belongs to, or null when the session is unknown,
 * past its lifetime, idle too long, or its account is disabled. An ended session's
 * row is removed. Use refreshes last_seen_at (at most once a minute).
 */
export async function readSession(db: Db, token: string, now = new Date()): Promise<AdminSession | null> {
  const id = hashToken(token);
  const row = await db
    .selectFrom("admin_sessions as s")
    .innerJoin("admins as a", "a.id", "s.admin_id")
    .selectAll("a")
    .select(["s.persistent", "s.last_seen_at", "s.expires_at"])
    .where("s.id", "=", id)
    .executeTakeFirst();
  if (!row) return null;
  const persistent = toBool(row.persistent);
  const idleLimit = persistent ? REMEMBERED_SESSION_IDLE_MS : BROWSER_SESSION_IDLE_MS;
  const lastSeen = Date.parse(row.last_seen_at);
  if (Date.parse(row.expires_at) <= now.getTime() || lastSeen + idleLimit <= now.getTime() || toBool(row.disabled)) {
    await db.deleteFrom("admin_sessions").where("id", "=", id).execute();
    return null;
  }
  if (now.getTime() - lastSeen >= SESSION_TOUCH_MS) {
    await db.updateTable("admin_sessions").set({ last_seen_at: now.toISOString() }).where("id", "=", id).execute();
  }
  const { persistent: _p, last_seen_at: _l, expires_at: expiresAt, ...admin } = row;
  return { admin: toAdmin(admin), sessionId: id, persistent, expiresAt };
}

export async function deleteSession(db: Db, token: string): Promise<void> {
  await db.deleteFrom("admin_sessions").where("id", "=", hashToken(token)).execute();
}

/** Removes sessions past their lifetime or idle too long (sign-in and the prune job run it); returns how many. */
export async function pruneSessions(db: Db, now = new Date()): Promise<number> {
  const idleSince = (ms: number) => new Date(now.getTime() - ms).toISOString();
  const result = await db
    .deleteFrom("admin_sessions")
    .where((eb) =>
      eb.or([
        eb("expires_at", "<=", now.toISOString()),
        eb.and([eb("persistent", "=", true), eb("last_seen_at", "<=", idleSince(REMEMBERED_SESSION_IDLE_MS))]),
        eb.and([eb("persistent", "=", false), eb("last_seen_at", "<=", idleSince(BROWSER_SESSION_IDLE_MS))]),
      ]),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
