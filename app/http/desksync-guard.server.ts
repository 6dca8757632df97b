import type { RouterContextProvider } from "react-router";
import { getApp } from "#app/context.ts";
import { isSecureRequest } from "#app/modules/auth/sessions.server.ts";
import { DriveError, type DriveAccess } from "#app/integrations/google/drive.server.ts";
import { refreshTokens } from "#app/integrations/google/oauth.server.ts";
import {
  deleteGoogleSession,
  googleTokenFrom,
  readGoogleSession,
  saveSessionTokens,
  type GoogleSession,
} from "#app/modules/desksync/sessions.server.ts";

/** Refresh this long before Google's expiry, so a call never starts with a token about to lapse. */
const REFRESH_MARGIN_MS = 60_000;

export type DriveSession = GoogleSession & { access: DriveAccess };

/**
 * Sessions already read for a request. The DeskSync layout and the view below it load
 * in parallel for one request; reading once means one refresh at most, not two racing
 * grants with the same refresh token. Keyed by the Request, so the loaders that run
 * after an action (a new Request) see what the action saved.
 */
const readFor = new WeakMap<Request, Promise<DriveSession | null>>();

/**
 * The visitor's own Google session, decided by their cookie alone, with an access
 * token that is still valid (refreshed when needed). Null: not signed in, or
 * Google refused the refresh (the session is then ended).
 */
export function getGoogleSession(request: Request, context: Readonly<RouterContextProvider>): Promise<DriveSession | null> {
  let pending = readFor.get(request);
  if (!pending) {
    pending = readGoogleSessionFor(request, context);
    readFor.set(request, pending);
  }
  return pending;
}

async function readGoogleSessionFor(request: Request, context: Readonly<RouterContextProvider>): Promise<DriveSession | null> {
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
