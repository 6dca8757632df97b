import { OAuth2Server } from "oauth2-mock-server";
import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import type { GoogleConfig } from "#server/config.ts";
import { describeEachDatabase } from "#tests/helpers/database.ts";
import { routeContext } from "#tests/helpers/route.ts";
import { getGoogleSession } from "./guard.server.ts";
import { createGoogleSession, googleCookieName, readGoogleSession } from "./sessions.server.ts";

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
  google = { clientId: "cinedex-test", clientSecret: "test-secret", issuer: oauth.issuer.url!, driveApiUrl: "http://127.0.0.1:9", sharing: false };
});

afterAll(async () => {
  await oauth.stop();
});

beforeEach(() => {
  grants = [];
});

const person = (n: number) => ({ subject: `google-user-${n}`, profile: { name: `User ${n}`, email: `user${n}@example.test`, picture: null } });

function requestWith(token: string): Request {
  return new Request("http://localhost/desksync", { headers: { Cookie: `${googleCookieName(false)}=${token}` } });
}

describeEachDatabase("Google session guard", (ctx) => {
  const context = () => routeContext(ctx.db, { google, sessionSecret: SECRET });

  it("uses a valid access token as it is, without asking the provider", async () => {
    const { token } = await createGoogleSession(ctx.db, SECRET, { ...person(1), tokens: { accessToken: "still-good", refreshToken: "r1", expiresAt: Date.now() + 3_600_000 } });
    const session = await getGoogleSession(requestWith(token), context());
    expect(session?.access.accessToken).toBe("still-good");
    expect(grants).toEqual([]);
  });

  it("refreshes an expired access token and stores the new one for the next request", async () => {
    const { token } = await createGoogleSession(ctx.db, SECRET, { ...person(1), tokens: { accessToken: "expired", refreshToken: "r1", expiresAt: Date.now() - 1_000 } });
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

  it("ends the session when the provider refuses the refresh (revoked grant): back to sign-in", async () => {
    const { token } = await createGoogleSession(ctx.db, SECRET, { ...person(1), tokens: { accessToken: "expired", refreshToken: "revoked", expiresAt: Date.now() - 1_000 } });
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
    const first = await createGoogleSession(ctx.db, SECRET, { ...person(1), tokens: { accessToken: "token-of-1", refreshToken: "r1", expiresAt: Date.now() + 3_600_000 } });
    const second = await createGoogleSession(ctx.db, SECRET, { ...person(2), tokens: { accessToken: "token-of-2", refreshToken: "r2", expiresAt: Date.now() + 3_600_000 } });
    const one = await getGoogleSession(requestWith(first.token), context());
    const two = await getGoogleSession(requestWith(second.token), context());
    expect([one?.account.email, one?.access.accessToken]).toEqual(["user1@example.test", "token-of-1"]);
    expect([two?.account.email, two?.access.accessToken]).toEqual(["user2@example.test", "token-of-2"]);
    expect(await getGoogleSession(new Request("http://localhost/desksync"), context())).toBeNull();
    expect(await getGoogleSession(requestWith("forged-token"), context())).toBeNull();
  });
});
