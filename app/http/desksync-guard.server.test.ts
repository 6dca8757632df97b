import { OAuth2Server } from "oauth2-mock-server";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { GoogleConfig } from "#server/config.ts";
import { describeEachDatabase } from "#tests/helpers/database.ts";
import { routeContext } from "#tests/helpers/route.ts";
import { getGoogleSession } from "#app/http/desksync-guard.server.ts";
import { finishLogin, startLogin } from "#app/modules/desksync/login.server.ts";
import { createGoogleSession, googleCookieName, readGoogleSession } from "#app/modules/desksync/sessions.server.ts";

// The session guard against a local OpenID provider: expired access tokens are
// refreshed, a refused refresh ends the session, and the cookie alone decides whose
// session (and so whose Drive) a request gets.

const SECRET = "test-session-secret-that-is-long-enough-0123456789";
let oauth: OAuth2Server;
let google: GoogleConfig;
/** Grant types the provider's token endpoint was asked for. */
let grants: string[];

beforeAll(async () => {
  oauth = new OAuth2Server();
  await oauth.issuer.keys.generate("RS256");
  await oauth.start(0, "127.0.0.1");
  oauth.service.on("beforeResponse", (_response, req) => grants.push(String((req.body as { grant_type?: unknown }).grant_type)));
  google = {
    clientId: "cinedex-test",
    clientSecret: "test-secret",
    issuer: oauth.issuer.url!,
    driveApiUrl: "http://127.0.0.1:9",
    sharing: false,
  };
});

afterAll(async () => {
  await oauth.stop();
});

beforeEach(() => {
  grants = [];
});

const person = (n: number) => ({
  subject: `google-user-${n}`,
  profile: { name: `User ${n}`, email: `user${n}@example.test`, picture: null },
});

function requestWith(token: string): Request {
  return new Request("http://localhost/desksync", { headers: { Cookie: `${googleCookieName(false)}=${token}` } });
}

describeEachDatabase("Google session guard", (ctx) => {
  const context = () => routeContext(ctx.db, { google, sessionSecret: SECRET });

  it("uses a valid access token as it is, without asking the provider", async () => {
    const { token } = await createGoogleSession(ctx.db, SECRET, {
      ...person(1),
      tokens: { accessToken: "still-good", refreshToken: "r1", expiresAt: Date.now() + 3_600_000 },
    });
    const session = await getGoogleSession(requestWith(token), context());
    expect(session?.access.accessToken).toBe("still-good");
    expect(grants).toEqual([]);
  });

  it("refreshes an expired access token and stores the new one for the next request", async () => {
    const { token } = await createGoogleSession(ctx.db, SECRET, {
      ...person(1),
      tokens: { accessToken: "expired", refreshToken: "r1", expiresAt: Date.now() - 1_000 },
    });
    const session = await getGoogleSession(requestWith(token), context());
    expect(grants).toEqual(["refresh_token"]);
    expect(session?.account.email).toBe("user1@example.test");
    expect(session?.access.accessToken).not.toBe("expired");
    expect(session!.tokens.expiresAt).toBeGreaterThan(Date.now() + 60_000);
    const stored = await readGoogleSession(ctx.db, SECRET, token);
    expect(stored?.tokens.accessToken).toBe(session!.access.accessToken);
    // The next request uses the stored token without another refresh.
    await getGoogleSession(requestWith(token), context());
    expect(grants).toEqual(["refresh_token"]);
  });

  it("reads the session once per request: the layout and the view loading together refresh once, not twice", async () => {
    const { token } = await createGoogleSession(ctx.db, SECRET, {
      ...person(1),
      tokens: { accessToken: "expired", refreshToken: "r1", expiresAt: Date.now() - 1_000 },
    });
    const request = requestWith(token);
    const [layout, view] = await Promise.all([getGoogleSession(request, context()), getGoogleSession(request, context())]);
    expect(grants).toEqual(["refresh_token"]);
    expect(view?.access.accessToken).toBe(layout?.access.accessToken);
  });

  it("ends the session when the provider refuses the refresh (revoked grant): back to sign-in", async () => {
    const { token } = await createGoogleSession(ctx.db, SECRET, {
      ...person(1),
      tokens: { accessToken: "expired", refreshToken: "revoked", expiresAt: Date.now() - 1_000 },
    });
    oauth.service.once("beforeResponse", (response) => {
      response.statusCode = 400;
      response.body = { error: "invalid_grant", error_description: "Token has been expired or revoked." };
    });
    expect(await getGoogleSession(requestWith(token), context())).toBeNull();
    expect(grants).toEqual(["refresh_token"]);
    expect(await ctx.db.selectFrom("google_sessions").select("id").execute()).toHaveLength(0);
    // The account (and its settings) stays; only the session is gone.
    expect(await ctx.db.selectFrom("google_accounts").select("email").execute()).toEqual([{ email: "user1@example.test" }]);
  });

  it("gives each cookie its own user's session and tokens, and nothing to a request without one", async () => {
    const first = await createGoogleSession(ctx.db, SECRET, {
      ...person(1),
      tokens: { accessToken: "token-of-1", refreshToken: "r1", expiresAt: Date.now() + 3_600_000 },
    });
    const second = await createGoogleSession(ctx.db, SECRET, {
      ...person(2),
      tokens: { accessToken: "token-of-2", refreshToken: "r2", expiresAt: Date.now() + 3_600_000 },
    });
    const one = await getGoogleSession(requestWith(first.token), context());
    const two = await getGoogleSession(requestWith(second.token), context());
    expect([one?.account.email, one?.access.accessToken]).toEqual(["user1@example.test", "token-of-1"]);
    expect([two?.account.email, two?.access.accessToken]).toEqual(["user2@example.test", "token-of-2"]);
    expect(await getGoogleSession(new Request("http://localhost/desksync"), context())).toBeNull();
    expect(await getGoogleSession(requestWith("forged-token"), context())).toBeNull();
  });
});

describe("the sign-in callback", () => {
  const publicUrl = "http://localhost:3000";

  /** Starts a sign-in and lets the provider approve it: the callback URL it sends the browser to. */
  async function approvedCallback() {
    const { url, sealed } = await startLogin(google, SECRET, publicUrl);
    const answer = await fetch(url, { redirect: "manual" });
    return { callback: new URL(answer.headers.get("location")!), sealed };
  }

  it("signs in with the code, the matching state and the browser's own login request", async () => {
    // Every token of this exchange (access and ID token) names the same person.
    const asNine = (token: { payload: Record<string, unknown> }) =>
      Object.assign(token.payload, { sub: "google-user-9", email: "nine@example.test", name: "Nine" });
    oauth.service.on("beforeTokenSigning", asNine);
    const { callback, sealed } = await approvedCallback();
    const login = await finishLogin(google, SECRET, publicUrl, callback, sealed).finally(() =>
      oauth.service.off("beforeTokenSigning", asNine),
    );
    expect(login).toMatchObject({ subject: "google-user-9", profile: { email: "nine@example.test", name: "Nine" } });
    expect(login.tokens.refreshToken).toEqual(expect.any(String));
  });

  it("refuses a callback without this browser's login request (replayed or forged), a foreign state, and a denied consent", async () => {
    const { callback, sealed } = await approvedCallback();
    // The callback clears the login request, so replaying the same URL arrives without it.
    await expect(finishLogin(google, SECRET, publicUrl, callback, null)).rejects.toMatchObject({
      status: 400,
      message: expect.stringMatching(/^This sign-in link is not valid/),
    });
    const foreign = new URL(callback);
    foreign.searchParams.set("state", "someone-else");
    await expect(finishLogin(google, SECRET, publicUrl, foreign, sealed)).rejects.toMatchObject({
      status: 400,
      message: expect.stringMatching(/^This sign-in link is not valid/),
    });
    const denied = new URL(`${publicUrl}/login/callback?error=access_denied&state=x`);
    await expect(finishLogin(google, SECRET, publicUrl, denied, sealed)).rejects.toMatchObject({
      status: 400,
      message: "You did not allow access to your Google account.",
    });
    expect(grants).toEqual([]);
  });
});
