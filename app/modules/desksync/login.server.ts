import type { GoogleConfig } from "#server/config.ts";
import {
  authorizationUrl,
  exchangeCode,
  GoogleSignInError,
  newLoginRequest,
  type FinishedLogin,
  type LoginRequest,
} from "#app/integrations/google/oauth.server.ts";
import { AppError } from "#app/utils/errors.ts";
import { seal, unseal } from "./crypto.server.ts";

/** How long the visitor has to finish the consent screen. */
export const LOGIN_REQUEST_MAX_AGE_S = 600;
export const CALLBACK_PATH = "/login/callback";

const LOGIN_PURPOSE = "google-login-request";
const INVALID_LINK = "This sign-in link is not valid (it expired, was already used, or was not started from this browser).";
const NOT_ACCEPTED = "Google did not accept this sign-in. Please try again.";

/** Where to send the visitor, and the sealed request (state, PKCE verifier, nonce) for their cookie. */
export async function startLogin(google: GoogleConfig, secret: string, publicUrl: string): Promise<{ url: string; sealed: string }> {
  const request = newLoginRequest();
  const url = await authorizationUrl(google, `${publicUrl}${CALLBACK_PATH}`, request);
  return { url, sealed: seal(secret, LOGIN_PURPOSE, request) };
}

/**
 * Completes the sign-in for the callback URL. Anything wrong (no or foreign login
 * request, state mismatch, consent denied, a code used before, a bad ID token) is an
 * AppError 400 with a message for the visitor.
 */
export async function finishLogin(
  google: GoogleConfig,
  secret: string,
  publicUrl: string,
  callbackUrl: URL,
  sealed: string | null,
): Promise<FinishedLogin> {
  const denied = callbackUrl.searchParams.get("error");
  if (denied) {
    throw new AppError(
      400,
      denied === "access_denied" ? "You did not allow access to your Google account." : "Google could not sign you in.",
    );
  }
  const request = sealed ? (unseal(secret, LOGIN_PURPOSE, sealed) as LoginRequest | null) : null;
  if (!request || typeof request.state !== "string" || Date.now() - request.at > LOGIN_REQUEST_MAX_AGE_S * 1000) {
    throw new AppError(400, INVALID_LINK);
  }
  if (callbackUrl.searchParams.get("state") !== request.state) throw new AppError(400, INVALID_LINK);
  try {
    // The library compares redirect_uri with the URL it is given; use the public one.
    return await exchangeCode(google, new URL(`${publicUrl}${CALLBACK_PATH}${callbackUrl.search}`), request);
  } catch (error) {
    if (error instanceof GoogleSignInError) throw new AppError(400, NOT_ACCEPTED, { cause: error.cause ?? error });
    throw error;
  }
}
