import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import type { Db } from "#app/db/client.server.ts";
import { createGoogleSession, googleCookieName, readGoogleSession } from "#app/modules/desksync/sessions.server.ts";
import { DRIVE_TEXT, SETTINGS_SAVED, SHARE_FILE_MISSING, SHARE_NOT_ENABLED, SIGN_IN_AGAIN } from "#app/modules/desksync/schema.ts";
import { loader as driveLoader } from "#app/routes/desksync/drive.tsx";
import { headers as layoutHeaders, loader as layoutLoader } from "#app/routes/desksync/layout.tsx";
import { loader as overviewLoader } from "#app/routes/desksync/overview.tsx";
import { action as settingsAction, loader as settingsLoader } from "#app/routes/desksync/settings.tsx";
import { action as shareAction, loader as shareLoader } from "#app/routes/desksync/share.tsx";
import { BODY_UNREADABLE, BODY_UNSUPPORTED } from "#app/http/form.server.ts";
import type { GoogleConfig } from "#server/config.ts";
import { callRoute, type RouteCall } from "#tests/helpers/admin.ts";
import { describeEachDatabase } from "#tests/helpers/database.ts";
import { startDriveMock, type DriveMock } from "#tests/helpers/drive-mock.ts";

// The DeskSync views and forms, one route each under /desksync, called as the server
// would with a Google session cookie; Drive is the loopback mock (ADR 019).

const SECRET = "test-session-secret-that-is-long-enough-0123456789";
let drive: DriveMock;

beforeAll(async () => {
  drive = await startDriveMock([]);
});
afterAll(async () => {
  await drive.stop();
});
beforeEach(() => {
  drive.failing = false;
  drive.permissions.length = 0;
  drive.files.splice(0, drive.files.length, ...mockFiles());
});

function mockFiles() {
  return [
    { id: "report1", name: "Report.pdf", mimeType: "application/pdf", size: "2048", parent: "root", modifiedTime: "2026-11-01T10:00:00Z" },
    {
      id: "folderA",
      name: "Projects",
      mimeType: "application/vnd.google-apps.folder",
      parent: "root",
      modifiedTime: "2026-10-01T10:00:00Z",
    },
    { id: "plan1", name: "Plan.txt", mimeType: "text/plain", parent: "folderA", modifiedTime: "2026-10-02T10:00:00Z" },
  ];
}

const google = (sharing = true): GoogleConfig => ({
  clientId: "cinedex-test",
  clientSecret: "test-secret",
  // Never reached: the sessions' access tokens are fresh, so nothing is refreshed.
  issuer: "http://127.0.0.1:9",
  driveApiUrl: drive.url,
  sharing,
});

async function signedIn(db: Db): Promise<{ cookie: string; accountId: number }> {
  const { token } = await createGoogleSession(db, SECRET, {
    subject: "google-user-1",
    profile: { name: "Ada Lovelace", email: "ada@example.test", picture: null },
    tokens: { accessToken: "fresh-token", refreshToken: "r1", expiresAt: Date.now() + 3_600_000 },
  });
  const account = await db.selectFrom("google_accounts").select("id").where("subject", "=", "google-user-1").executeTakeFirstOrThrow();
  return { cookie: `${googleCookieName(false)}=${token}`, accountId: account.id };
}

type Handler = Parameters<typeof callRoute>[0];
const call = (db: Db, handler: Handler, request: RouteCall, options: { sharing?: boolean; configured?: boolean } = {}) =>
  callRoute(handler, db, {
    ...request,
    context: { sessionSecret: SECRET, google: options.configured === false ? null : google(options.sharing), ...request.context },
  });

describeEachDatabase("DeskSync routes", (ctx) => {
  async function storedSettings(cookie: string) {
    return (await readGoogleSession(ctx.db, SECRET, cookie.split("=")[1]!))!.account.settings;
  }

  it("Settings saves the form and the next page load shows it", async () => {
    const { cookie } = await signedIn(ctx.db);
    const saved = await call(ctx.db, settingsAction, {
      path: "/desksync/settings",
      cookie,
      form: { username: "  ada-l ", theme: "light", shareNotifications: "on" },
    });
    expect(saved).toMatchObject({ status: 200, body: { ok: true, message: SETTINGS_SAVED } });
    expect(await storedSettings(cookie)).toEqual({
      username: "ada-l",
      theme: "light",
      emailNotifications: false,
      uploadNotifications: false,
      shareNotifications: true,
    });
    const page = await call(ctx.db, settingsLoader, { path: "/desksync/settings", cookie });
    expect(page.body).toMatchObject({ email: "ada@example.test", settings: { username: "ada-l", theme: "light" } });
  });

  it("Settings refuses a blank username and an unknown theme with 400, messages per field and the typed values", async () => {
    const { cookie } = await signedIn(ctx.db);
    const before = await storedSettings(cookie);
    const refused = await call(ctx.db, settingsAction, {
      path: "/desksync/settings",
      cookie,
      form: { username: "   ", theme: "neon", uploadNotifications: "on" },
    });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({
      ok: false,
      fields: { username: ["Please enter a username"], theme: ["Please choose a theme"] },
      values: { username: "   ", theme: "neon", uploadNotifications: "on" },
    });
    const tooLong = await call(ctx.db, settingsAction, {
      path: "/desksync/settings",
      cookie,
      form: { username: "a".repeat(61), theme: "dark" },
    });
    expect(tooLong).toMatchObject({ status: 400, body: { error: "Username must be at most 60 characters" } });
    expect(await storedSettings(cookie)).toEqual(before);
  });

  it("Settings takes the same fields as JSON, and answers 400 or 415 for a body it cannot read", async () => {
    const { cookie } = await signedIn(ctx.db);
    const json = await call(ctx.db, settingsAction, {
      path: "/desksync/settings",
      cookie,
      body: JSON.stringify({ username: "ada", theme: "system", emailNotifications: true }),
      contentType: "application/json",
    });
    expect(json).toMatchObject({ status: 200, body: { ok: true } });
    expect(await storedSettings(cookie)).toMatchObject({ theme: "system", emailNotifications: true, uploadNotifications: false });
    const broken = await call(ctx.db, settingsAction, { path: "/desksync/settings", cookie, body: "{", contentType: "application/json" });
    expect(broken).toMatchObject({ status: 400, body: { ok: false, error: BODY_UNREADABLE } });
    const foreign = await call(ctx.db, settingsAction, { path: "/desksync/settings", cookie, body: "x", contentType: "text/plain" });
    expect(foreign).toMatchObject({ status: 415, body: { ok: false, error: BODY_UNSUPPORTED } });
  });

  it("Settings without a Google session (or without Google configured) is a 401 and saves nothing", async () => {
    const { cookie } = await signedIn(ctx.db);
    const before = await storedSettings(cookie);
    const form = { username: "mallory", theme: "light" };
    for (const outcome of [
      await call(ctx.db, settingsAction, { path: "/desksync/settings", form }),
      await call(ctx.db, settingsAction, { path: "/desksync/settings", form, cookie: `${googleCookieName(false)}=forged` }),
      await call(ctx.db, settingsAction, { path: "/desksync/settings", form, cookie }, { configured: false }),
    ])
      expect(outcome).toMatchObject({ status: 401, body: { ok: false, error: SIGN_IN_AGAIN } });
    expect(await storedSettings(cookie)).toEqual(before);
  });

  it("Share creates an anyone-with-the-link permission and answers the link", async () => {
    const { cookie } = await signedIn(ctx.db);
    const shared = await call(ctx.db, shareAction, { path: "/desksync/share", cookie, form: { fileId: "report1" } });
    expect(shared).toMatchObject({
      status: 200,
      body: { ok: true, fileId: "report1", link: "https://drive.google.com/file/d/report1/view" },
    });
    expect(drive.permissions).toEqual([{ fileId: "report1", body: { role: "reader", type: "anyone" } }]);
  });

  it("Share refuses a missing or malformed file id with 400 before calling Drive, and a Drive failure with 502", async () => {
    const { cookie } = await signedIn(ctx.db);
    for (const form of [{}, { fileId: "../../about" }, { fileId: "" }] as Record<string, string>[]) {
      const refused = await call(ctx.db, shareAction, { path: "/desksync/share", cookie, form });
      expect(refused).toMatchObject({
        status: 400,
        body: { ok: false, error: SHARE_FILE_MISSING, fields: { fileId: [SHARE_FILE_MISSING] } },
      });
    }
    const kept = await call(ctx.db, shareAction, { path: "/desksync/share", cookie, form: { fileId: "bad id" } });
    expect(kept.body).toMatchObject({ values: { fileId: "bad id" } });
    const broken = await call(ctx.db, shareAction, { path: "/desksync/share", cookie, body: "[1]", contentType: "application/json" });
    expect(broken).toMatchObject({ status: 400, body: { error: BODY_UNREADABLE } });
    expect(drive.permissions).toEqual([]);
    drive.failing = true;
    const failed = await call(ctx.db, shareAction, { path: "/desksync/share", cookie, form: { fileId: "report1" } });
    expect(failed).toMatchObject({ status: 502, body: { ok: false, error: DRIVE_TEXT.fetchFailed } });
  });

  it("Share is a 401 without a session and a 403 when the operator has not enabled sharing", async () => {
    const { cookie } = await signedIn(ctx.db);
    const anonymous = await call(ctx.db, shareAction, { path: "/desksync/share", form: { fileId: "report1" } });
    expect(anonymous).toMatchObject({ status: 401, body: { ok: false, error: SIGN_IN_AGAIN } });
    const disabled = await call(ctx.db, shareAction, { path: "/desksync/share", cookie, form: { fileId: "report1" } }, { sharing: false });
    expect(disabled).toMatchObject({ status: 403, body: { ok: false, error: SHARE_NOT_ENABLED } });
    expect(drive.permissions).toEqual([]);
    const page = await call(ctx.db, shareLoader, { path: "/desksync/share", cookie }, { sharing: false });
    expect(page.body).toEqual({ sharing: false, failed: false });
  });

  it("the frame shows who is signed in; signed out or unconfigured it says so, and nothing is cached", async () => {
    const { cookie } = await signedIn(ctx.db);
    expect((await call(ctx.db, layoutLoader, { path: "/desksync", cookie })).body).toMatchObject({
      state: "signed-in",
      profile: { email: "ada@example.test" },
      settings: { username: "Ada Lovelace" },
    });
    // Signed out, the frame also says which Google access the sign-in asks for.
    const signedOut = (await call(ctx.db, layoutLoader, { path: "/desksync" })).body as { state: string; scopes: string[] };
    expect(signedOut.state).toBe("signed-out");
    expect(signedOut.scopes).toEqual(expect.arrayContaining(["openid", "email", "profile"]));
    expect((await call(ctx.db, layoutLoader, { path: "/desksync", cookie }, { configured: false })).body).toEqual({
      state: "not-configured",
    });
    expect(layoutHeaders()).toEqual({ "Cache-Control": "no-store" });
    // The views load nothing for a visitor without a session (the frame shows the sign-in card).
    for (const loader of [overviewLoader, driveLoader, shareLoader, settingsLoader])
      expect((await call(ctx.db, loader, { path: "/desksync" })).body).toBeNull();
  });

  it("each view reads its own Drive data; a Drive failure is a notice, not an error page", async () => {
    const { cookie } = await signedIn(ctx.db);
    expect((await call(ctx.db, overviewLoader, { path: "/desksync", cookie })).body).toMatchObject({
      failed: false,
      account: { email: "ada@example.test" },
      storage: { limit: 15 * 1024 ** 3 },
      recent: [{ name: "Report.pdf" }, { name: "Plan.txt" }, { name: "Projects" }],
    });
    const folder = await call(ctx.db, driveLoader, { path: "/desksync/drive?folder=folderA", cookie });
    expect(folder.body).toMatchObject({
      failed: false,
      folder: { id: "folderA", name: "Projects", parent: "root" },
      files: [{ name: "Plan.txt" }],
    });
    drive.failing = true;
    expect((await call(ctx.db, overviewLoader, { path: "/desksync", cookie })).body).toMatchObject({ failed: true });
    expect((await call(ctx.db, driveLoader, { path: "/desksync/drive", cookie })).body).toEqual({ failed: true });
  });

  it("old /desksync?view= bookmarks move for good to each view's own address, keeping folder, search and page", async () => {
    const moved = async (path: string) => {
      const answer = await call(ctx.db, overviewLoader, { path });
      return [answer.status, answer.headers.get("Location")];
    };
    expect(await moved("/desksync?view=drive&folder=folderA")).toEqual([301, "/desksync/drive?folder=folderA"]);
    expect(await moved("/desksync?view=share&q=Bob%27s&page=20")).toEqual([301, "/desksync/share?q=Bob%27s&page=20"]);
    expect(await moved("/desksync?view=settings")).toEqual([301, "/desksync/settings"]);
    expect(await moved("/desksync?view=upload")).toEqual([301, "/desksync/upload"]);
    expect(await moved("/desksync?view=dashboard")).toEqual([301, "/desksync"]);
    expect(await moved("/desksync?view=nonsense")).toEqual([301, "/desksync"]);
  });
});
