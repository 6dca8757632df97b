import type { Db } from "#app/db/client.server.ts";
import { buildCookie, hashToken, newSessionToken, readCookie, SESSION_TOKEN } from "#app/modules/auth/sessions.server.ts";
import { seal, unseal } from "./crypto.server.ts";
import type { GoogleTokens } from "#app/integrations/google/oauth.server.ts";
import { driveSettingsSchema, type DriveProfile, type DriveSettings } from "./schema.ts";

/** A Google sign-in lasts at most this long; the refresh token keeps Drive calls working within it. */
export const GOOGLE_SESSION_MAX_MS = 7 * 24 * 60 * 60 * 1000;
const TOKENS_PURPOSE = "google-session-tokens";

export function googleCookieName(secure: boolean): string {
  return secure ? "__Host-cinedex_google" : "cinedex_google";
}
export function loginRequestCookieName(secure: boolean): string {
  return secure ? "__Host-cinedex_google_login" : "cinedex_google_login";
}

export function googleSessionCookie(token: string, secure: boolean): string {
  return buildCookie(googleCookieName(secure), token, { secure, maxAgeSeconds: Math.floor(GOOGLE_SESSION_MAX_MS / 1000) });
}
export function clearedGoogleSessionCookie(secure: boolean): string {
  return buildCookie(googleCookieName(secure), "", { secure, maxAgeSeconds: 0 });
}
export function loginRequestCookie(sealed: string, secure: boolean, maxAgeSeconds: number): string {
  return buildCookie(loginRequestCookieName(secure), sealed, { secure, maxAgeSeconds });
}
export function clearedLoginRequestCookie(secure: boolean): string {
  return buildCookie(loginRequestCookieName(secure), "", { secure, maxAgeSeconds: 0 });
}

export function googleTokenFrom(request: Request, secure: boolean): string | null {
  const token = readCookie(request.headers.get("Cookie"), googleCookieName(secure));
  return token && SESSION_TOKEN.test(token) ? token : null;
}
export function loginRequestFrom(request: Request, secure: boolean): string | null {
  const value = readCookie(request.headers.get("Cookie"), loginRequestCookieName(secure));
  return value && /^[A-Za-z0-9_-]{1,2000}$/.test(value) ? value : null;
}

export interface GoogleAccount extends DriveProfile {
  id: number;
  settings: DriveSettings;
}

export interface GoogleSession {
  id: string;
  account: GoogleAccount;
  tokens: GoogleTokens;
}

function settingsFrom(json: string, name: string): DriveSettings {
  const defaults: DriveSettings = {
    username: name,
    theme: "dark",
    emailNotifications: true,
    uploadNotifications: true,
    shareNotifications: false,
  };
  try {
    const parsed = driveSettingsSchema.safeParse({ ...defaults, ...(JSON.parse(json) as object) });
    return parsed.success ? parsed.data : defaults;
  } catch {
    return defaults;
  }
}

/** Records (or refreshes) the Google account and starts a session holding its sealed tokens. */
export async function createGoogleSession(
  db: Db,
  secret: string,
  login: { subject: string; profile: DriveProfile; tokens: GoogleTokens },
  now = new Date(),
): Promise<{ token: string }> {
  const stamp = now.toISOString();
  const existing = await db.selectFrom("google_accounts").select("id").where("subject", "=", login.subject).executeTakeFirst();
  let accountId: number;
  if (existing) {
    accountId = existing.id;
    await db
      .updateTable("google_accounts")
      .set({ email: login.profile.email, name: login.profile.name, picture: login.profile.picture, updated_at: stamp })
      .where("id", "=", accountId)
      .execute();
  } else {
    const row = await db
      .insertInto("google_accounts")
      .values({
        subject: login.subject,
        email: login.profile.email,
        name: login.profile.name,
        picture: login.profile.picture,
        created_at: stamp,
        updated_at: stamp,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    accountId = row.id;
  }
  const token = newSessionToken();
  await db
    .insertInto("google_sessions")
    .values({
      id: hashToken(token),
      account_id: accountId,
      tokens: seal(secret, TOKENS_PURPOSE, login.tokens),
      created_at: stamp,
      expires_at: new Date(now.getTime() + GOOGLE_SESSION_MAX_MS).toISOString(),
    })
    .execute();
  await pruneGoogleSessions(db, now);
  return { token };
}

/** Removes Google sessions past their lifetime (each sign-in and the prune job run it); returns how many. */
export async function pruneGoogleSessions(db: Db, now = new Date()): Promise<number> {
  const result = await db.deleteFrom("google_sessions").where("expires_at", "<=", now.toISOString()).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** The session a cookie token belongs to, or null (unknown, expired, or tokens that no longer unseal). */
export async function readGoogleSession(db: Db, secret: string, token: string, now = new Date()): Promise<GoogleSession | null> {
  const id = hashToken(token);
  const row = await db
    .selectFrom("google_sessions as s")
    .innerJoin("google_accounts as a", "a.id", "s.account_id")
    .select(["s.tokens", "s.expires_at", "a.id as accountId", "a.email", "a.name", "a.picture", "a.preferences"])
    .where("s.id", "=", id)
    .executeTakeFirst();
  if (!row) return null;
  const tokens = unseal(secret, TOKENS_PURPOSE, row.tokens) as GoogleTokens | null;
  if (Date.parse(row.expires_at) <= now.getTime() || !tokens || typeof tokens.accessToken !== "string") {
    await db.deleteFrom("google_sessions").where("id", "=", id).execute();
    return null;
  }
  return {
    id,
    tokens,
    account: {
      id: row.accountId,
      email: row.email,
      name: row.name,
      picture: row.picture,
      settings: settingsFrom(row.preferences, row.name),
    },
  };
}

export async function saveSessionTokens(db: Db, secret: string, sessionId: string, tokens: GoogleTokens): Promise<void> {
  await db
    .updateTable("google_sessions")
    .set({ tokens: seal(secret, TOKENS_PURPOSE, tokens) })
    .where("id", "=", sessionId)
    .execute();
}

export async function deleteGoogleSession(db: Db, sessionId: string): Promise<void> {
  await db.deleteFrom("google_sessions").where("id", "=", sessionId).execute();
}

export async function saveDriveSettings(db: Db, accountId: number, settings: DriveSettings): Promise<void> {
  await db
    .updateTable("google_accounts")
    .set({ preferences: JSON.stringify(settings), updated_at: new Date().toISOString() })
    .where("id", "=", accountId)
    .execute();
}
