import * as oidc from "openid-client";
import type { GoogleConfig } from "#server/config.ts";
import { AppError } from "#app/utils/errors.ts";
import { seal, unseal } from "./crypto.server.ts";
import type { DriveProfile } from "./schema.ts";

/** Seconds an outbound call to Google (or the configured issuer) may take. */
const OAUTH_TIMEOUT_S = 5;
/** How long the visitor has to finish the consent screen. */
export const LOGIN_REQUEST_MAX_AGE_S = 600;
export const CALLBACK_PATH = "/login/callback";

/**
 * The smallest set that does the job (docs/decisions/009-google-drive.md):
 * identity, plus read-only Drive; `drive` (read and write) only when the operator
 * turns on sharing, because creating a permission on an arbitrary file needs it.
 */
export function scopesFor(google: GoogleConfig): string {
  return [
    "openid",
    "email",
    "profile",
    google.sharing ? "https://www.googleapis.com/auth/drive" : "https://www.googleapis.com/auth/drive.readonly",
  ].join(" ");
}

const configurations = new Map<string, Promise<oidc.Configuration>>();

/** The issuer's discovery document, fetched once per process (a failure is retried next time). */
function configuration(google: GoogleConfig): Promise<oidc.Configuration> {
  const cacheKey = `${google.issuer}\n${google.clientId}`;
  let pending = configurations.get(cacheKey);
  if (!pending) {
    const issuer = new URL(google.issuer);
    pending = oidc.discovery(issuer, google.clientId, google.clientSecret, undefined, {
      timeout: OAUTH_TIMEOUT_S,
      // Plain HTTP only ever for a local test issuer.
      execute: issuer.protocol === "http:" ? [oidc.allowInsecureRequests] : [],
    });
    pending.catch(() => configurations.delete(cacheKey));
    configurations.set(cacheKey, pending);
  }
  return pending;
}

interface LoginRequest {
  state: string;
  verifier: string;
  nonce: string;
  at: number;
}

const LOGIN_PURPOSE = "google-login-request";

/** Where to send the visitor, and the sealed request (state, PKCE verifier, nonce) for their cookie. */
export async function startLogin(google: GoogleConfig, secret: string, publicUrl: string): Promise<{ url: string; sealed: string }> {
  const config = await configuration(google);
  const verifier = oidc.randomPKCECodeVerifier();
  const request: LoginRequest = { state: oidc.randomState(), verifier, nonce: oidc.randomNonce(), at: Date.now() };
  const url = oidc.buildAuthorizationUrl(config, {
    redirect_uri: `${publicUrl}${CALLBACK_PATH}`,
    scope: scopesFor(google),
    code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
    code_challenge_method: "S256",
    state: request.state,
    nonce: request.nonce,
    // A refresh token, so the session outlives the one-hour access token.
    access_type: "offline",
    prompt: "consent",
    include_granted_scopes: "true",
  });
  return { url: url.href, sealed: seal(secret, LOGIN_PURPOSE, request) };
}

export interface GoogleTokens {
  accessToken: string;
  refreshToken: string | null;
  /** Epoch ms. */
  expiresAt: number;
}

export interface FinishedLogin {
  subject: string;
  profile: DriveProfile;
  tokens: GoogleTokens;
}

/**
 * Completes the authorization-code grant for the callback URL. Anything wrong
 * (no or foreign login request, state mismatch, consent denied, a code used
 * before, a bad ID token) is an AppError 400 with a message for the visitor.
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
    throw new AppError(400, "This sign-in link is not valid (it expired, was already used, or was not started from this browser).");
  }
  if (callbackUrl.searchParams.get("state") !== request.state) {
    throw new AppError(400, "This sign-in link is not valid (it expired, was already used, or was not started from this browser).");
  }
  const config = await configuration(google);
  // The library compares redirect_uri with the URL it is given; use the public one.
  const current = new URL(`${publicUrl}${CALLBACK_PATH}${callbackUrl.search}`);
  let response: Awaited<ReturnType<typeof oidc.authorizationCodeGrant>>;
  try {
    response = await oidc.authorizationCodeGrant(config, current, {
      pkceCodeVerifier: request.verifier,
      expectedState: request.state,
      expectedNonce: request.nonce,
      idTokenExpected: true,
    });
  } catch (error) {
    throw new AppError(400, "Google did not accept this sign-in. Please try again.", { cause: error });
  }
  const claims = response.claims();
  if (!claims) throw new AppError(400, "Google did not accept this sign-in. Please try again.");
  const email = typeof claims.email === "string" ? claims.email : "";
  const name = typeof claims.name === "string" && claims.name ? claims.name : email || "Google user";
  const picture = typeof claims.picture === "string" && /^https:\/\//.test(claims.picture) ? claims.picture : null;
  return {
    subject: claims.sub,
    profile: { name, email, picture },
    tokens: {
      accessToken: response.access_token,
      refreshToken: response.refresh_token ?? null,
      expiresAt: Date.now() + (response.expiresIn() ?? 3600) * 1000,
    },
  };
}

/** New access token from the refresh token; null when Google refuses (revoked, expired). */
export async function refreshTokens(google: GoogleConfig, tokens: GoogleTokens): Promise<GoogleTokens | null> {
  if (!tokens.refreshToken) return null;
  try {
    const config = await configuration(google);
    const response = await oidc.refreshTokenGrant(config, tokens.refreshToken);
    return {
      accessToken: response.access_token,
      refreshToken: response.refresh_token ?? tokens.refreshToken,
      expiresAt: Date.now() + (response.expiresIn() ?? 3600) * 1000,
    };
  } catch {
    return null;
  }
}

/** Revokes the grant at Google (the refresh token revokes the whole grant). Best effort: sign-out goes on regardless. */
export async function revokeTokens(google: GoogleConfig, tokens: GoogleTokens): Promise<boolean> {
  try {
    const config = await configuration(google);
    await oidc.tokenRevocation(config, tokens.refreshToken ?? tokens.accessToken);
    return true;
  } catch {
    return false;
  }
}
