import type { RouterContextProvider } from "react-router";
import { getApp } from "#app/context.ts";
import { isSecureRequest } from "#app/modules/auth/sessions.server.ts";
import { DriveError, type DriveAccess } from "./drive.server.ts";
import { refreshTokens } from "./oauth.server.ts";
import { deleteGoogleSession, googleTokenFrom, readGoogleSession, saveSessionTokens, type GoogleSession } from "./sessions.server.ts";

/** Refresh this long before Google's expiry, so a call never starts with a token about to lapse. */
const REFRESH_MARGIN_MS = 60_000;

/**
 * The visitor's own Google session, decided by their cookie alone, with an access
 * token that is still valid (refreshed when needed). Null: not signed in, or
 * Google refused the refresh (the session is then ended).
 */
export async function getGoogleSession(
  request: Request,
  context: Readonly<RouterContextProvider>,
): Promise<(GoogleSession & { access: DriveAccess }) | null> {
  const app = getApp(context);
  if (!app.google) return null;
  const token = googleTokenFrom(request, isSecureRequest(request));
  if (!token) return null;
  const session = await readGoogleSession(app.db, app.sessionSecret, token);
  if (!session) return null;
  let tokens = session.tokens;
  if (tokens.expiresAt - REFRESH_MARGIN_MS <= Date.now()) {
    const fresh = await refreshTokens(app.google, tokens);
    if (!fresh) {
      await deleteGoogleSession(app.db, session.id);
      return null;
    }
    await saveSessionTokens(app.db, app.sessionSecret, session.id, fresh);
    tokens = fresh;
  }
  return { ...session, tokens, access: { apiUrl: app.google.driveApiUrl, accessToken: tokens.accessToken } };
}

export { DriveError };
