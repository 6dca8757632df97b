import * as oidc from "openid-client";
import type { GoogleConfig } from "#server/config.ts";

/**
 * The OpenID Connect half of the Google client (docs/decisions/020-google-integration.md):
 * discovery, the authorization-code grant with PKCE, refresh and revocation. Protocol only;
 * where the login request is kept (a sealed cookie) and what the visitor reads on failure
 * belong to app/modules/desksync/login.server.ts.
 *
 * - Timeout: every call (discovery included) gives up after OAUTH_TIMEOUT_S.
 * - Cache: the discovery document, once per process; a failed discovery is retried next time.
 * - Failure policy: the code exchange throws GoogleSignInError (the visitor signs in again);
 *   a refused refresh answers null (the session ends); revocation is best effort (false).
 */

/** Seconds an outbound call to Google (or the configured issuer) may take. */
export const OAUTH_TIMEOUT_S = 5;

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
      // Also the timeout of every later request made with this configuration.
      timeout: OAUTH_TIMEOUT_S,
      // Plain HTTP only ever for a local test issuer.
      execute: issuer.protocol === "http:" ? [oidc.allowInsecureRequests] : [],
    });
    pending.catch(() => configurations.delete(cacheKey));
    configurations.set(cacheKey, pending);
  }
  return pending;
}

/** What binds a callback to the browser that started the sign-in. */
export interface LoginRequest {
  state: string;
  verifier: string;
  nonce: string;
  /** Epoch ms when the sign-in started. */
  at: number;
}

export function newLoginRequest(now = Date.now()): LoginRequest {
  return { state: oidc.randomState(), verifier: oidc.randomPKCECodeVerifier(), nonce: oidc.randomNonce(), at: now };
}

/** Google's consent screen for this login request; throws when discovery fails (Google unreachable). */
export async function authorizationUrl(google: GoogleConfig, redirectUri: string, request: LoginRequest): Promise<string> {
  const config = await configuration(google);
  const url = oidc.buildAuthorizationUrl(config, {
    redirect_uri: redirectUri,
    scope: scopesFor(google),
    code_challenge: await oidc.calculatePKCECodeChallenge(request.verifier),
    code_challenge_method: "S256",
    state: request.state,
    nonce: request.nonce,
    // A refresh token, so the session outlives the one-hour access token.
    access_type: "offline",
    prompt: "consent",
    include_granted_scopes: "true",
  });
  return url.href;
}

export interface GoogleTokens {
  accessToken: string;
  refreshToken: string | null;
  /** Epoch ms. */
  expiresAt: number;
}

export interface GoogleProfile {
  name: string;
  email: string;
  picture: string | null;
}

export interface FinishedLogin {
  subject: string;
  profile: GoogleProfile;
  tokens: GoogleTokens;
}

/** Google (or the network) did not complete the sign-in: a used or forged code, a bad ID token, no answer. */
export class GoogleSignInError extends Error {
  constructor(options: { cause?: unknown } = {}) {
    super("Google did not complete the sign-in", options);
    this.name = "GoogleSignInError";
  }
}

/**
 * Exchanges the code in `callbackUrl` (the public callback address with Google's query)
 * for tokens, checking state, PKCE verifier, nonce and the ID token.
 */
export async function exchangeCode(google: GoogleConfig, callbackUrl: URL, request: LoginRequest): Promise<FinishedLogin> {
  let response: Awaited<ReturnType<typeof oidc.authorizationCodeGrant>>;
  try {
    const config = await configuration(google);
    response = await oidc.authorizationCodeGrant(config, callbackUrl, {
      pkceCodeVerifier: request.verifier,
      expectedState: request.state,
      expectedNonce: request.nonce,
      idTokenExpected: true,
    });
  } catch (error) {
    throw new GoogleSignInError({ cause: error });
  }
  const claims = response.claims();
  if (!claims) throw new GoogleSignInError();
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

/** New access token from the refresh token; null when Google refuses (revoked, expired) or does not answer. */
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
