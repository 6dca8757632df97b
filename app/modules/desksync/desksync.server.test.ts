import { expect, it } from "vitest";
import { describeEachDatabase } from "#tests/helpers/database.ts";
import { seal, unseal } from "./crypto.server.ts";
import { buildFilesQuery, escapeQueryText } from "#app/integrations/google/drive.server.ts";
import { scopesFor } from "#app/integrations/google/oauth.server.ts";
import { formatBytes } from "./schema.ts";
import { createGoogleSession, readGoogleSession, saveDriveSettings } from "./sessions.server.ts";

const SECRET = "s".repeat(48);
const google = {
  clientId: "id",
  clientSecret: "secret",
  issuer: "https://accounts.google.com",
  driveApiUrl: "https://www.googleapis.com",
  sharing: false,
};

it("seals values so that only the same secret and purpose open them, and tampering is detected", () => {
  const sealed = seal(SECRET, "tokens", { accessToken: "ya29.secret" });
  expect(sealed).not.toContain("ya29");
  expect(unseal(SECRET, "tokens", sealed)).toEqual({ accessToken: "ya29.secret" });
  expect(unseal(SECRET, "login", sealed)).toBeNull();
  expect(unseal("t".repeat(48), "tokens", sealed)).toBeNull();
  const flipped = Buffer.from(sealed, "base64url");
  flipped[flipped.length - 1]! ^= 1;
  expect(unseal(SECRET, "tokens", flipped.toString("base64url"))).toBeNull();
  expect(unseal(SECRET, "tokens", "not sealed at all")).toBeNull();
  // A fresh IV each time: the same value never seals the same way twice.
  expect(seal(SECRET, "tokens", 1)).not.toBe(seal(SECRET, "tokens", 1));
});

it("escapes search text inside Drive's quoted query strings and ignores malformed folder ids", () => {
  expect(escapeQueryText(`it's a \\ test`)).toBe(`it\\'s a \\\\ test`);
  expect(buildFilesQuery({ search: `x' or name contains '` })).toBe(`trashed = false and name contains 'x\\' or name contains \\''`);
  expect(buildFilesQuery({ folder: "root" })).toBe("trashed = false and 'root' in parents");
  expect(buildFilesQuery({ folder: "abc' in parents or '1" })).toBe("trashed = false");
  expect(buildFilesQuery({ search: "   " })).toBe("trashed = false");
});

it("asks for read-only Drive access unless the operator turns sharing on", () => {
  expect(scopesFor(google)).toBe("openid email profile https://www.googleapis.com/auth/drive.readonly");
  expect(scopesFor({ ...google, sharing: true })).toBe("openid email profile https://www.googleapis.com/auth/drive");
});

it("formats storage sizes for people", () => {
  expect(formatBytes(0)).toBe("0 B");
  expect(formatBytes(1536)).toBe("1.5 KB");
  expect(formatBytes(15 * 1024 ** 3)).toBe("15 GB");
  expect(formatBytes(-1)).toBe("0 B");
});

describeEachDatabase("Google sessions", (ctx) => {
  const login = {
    subject: "google-sub-1",
    profile: { name: "Dana Drive", email: "dana@example.com", picture: null },
    tokens: { accessToken: "ya29.access", refreshToken: "1//refresh", expiresAt: Date.now() + 3_600_000 },
  };

  it("keeps Google's tokens sealed at rest and only a hash of the cookie token", async () => {
    const { token } = await createGoogleSession(ctx.db, SECRET, login);
    const rows = await ctx.db.selectFrom("google_sessions").select(["id", "tokens"]).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.id).not.toBe(token);
    expect(rows[0]!.tokens).not.toContain("ya29");
    expect(rows[0]!.tokens).not.toContain("refresh");
    const session = await readGoogleSession(ctx.db, SECRET, token);
    expect(session?.account).toMatchObject({ email: "dana@example.com", name: "Dana Drive" });
    expect(session?.tokens.accessToken).toBe("ya29.access");
    // Another server secret cannot read them, and the dead session is removed.
    expect(await readGoogleSession(ctx.db, "x".repeat(48), token)).toBeNull();
    expect(await ctx.db.selectFrom("google_sessions").select("id").execute()).toHaveLength(0);
  });

  it("keeps one account per Google user, with its settings, across sign-ins", async () => {
    const first = await createGoogleSession(ctx.db, SECRET, login);
    const session = (await readGoogleSession(ctx.db, SECRET, first.token))!;
    expect(session.account.settings).toMatchObject({ username: "Dana Drive", theme: "dark", emailNotifications: true });
    await saveDriveSettings(ctx.db, session.account.id, { ...session.account.settings, username: "dana", theme: "light" });
    const second = await createGoogleSession(ctx.db, SECRET, { ...login, profile: { ...login.profile, name: "Dana D." } });
    const again = (await readGoogleSession(ctx.db, SECRET, second.token))!;
    expect(again.account.id).toBe(session.account.id);
    expect(again.account.name).toBe("Dana D.");
    expect(again.account.settings).toMatchObject({ username: "dana", theme: "light" });
    expect(await ctx.db.selectFrom("google_accounts").select("id").execute()).toHaveLength(1);
  });
});
