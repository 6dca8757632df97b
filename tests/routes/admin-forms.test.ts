import { expect, it } from "vitest";
import type { Db } from "#app/db/client.server.ts";
import { createTitle } from "#app/modules/catalogue/write.server.ts";
import { NOTIFICATIONS_SAVED } from "#app/components/admin/settings/notifications-tab.tsx";
import { THEME_TOASTS } from "#app/components/admin/settings/appearance-tab.tsx";
import { PROFILE_UPDATED } from "#app/components/admin/settings/profile-tab.tsx";
import { PASSWORD_CHANGED } from "#app/components/admin/settings/security-tab.tsx";
import { CHOOSE_ROLE, CHOOSE_THEME, LOGGED_OUT, LOGIN_FAILED, LOGIN_SUCCESS, PASSWORDS_DONT_MATCH } from "#app/modules/auth/schema.ts";
import { siteSettingsValues } from "#app/modules/settings/form.ts";
import { getSettings } from "#app/modules/settings/settings.server.ts";
import { readSession } from "#app/modules/auth/sessions.server.ts";
import { action as deleteTitlePart } from "#app/routes/admin/delete-title-part.ts";
import { action as fixTitleReports } from "#app/routes/admin/fix-title-reports.ts";
import { action as signInAction } from "#app/routes/admin/login.tsx";
import { action as logoutAction } from "#app/routes/admin/logout.ts";
import { loader as settingsLoader } from "#app/routes/admin/settings.tsx";
import { action as saveTheme } from "#app/routes/admin/settings/appearance.tsx";
import { action as saveNotifications } from "#app/routes/admin/settings/notifications.tsx";
import { action as testOperator } from "#app/routes/admin/settings/operator-test.tsx";
import { action as saveOperator } from "#app/routes/admin/settings/operator.tsx";
import { action as saveProfile } from "#app/routes/admin/settings/profile.tsx";
import { action as changePasswordAction } from "#app/routes/admin/settings/security.tsx";
import { action as signOutEverywhere } from "#app/routes/admin/settings/sign-out-everywhere.tsx";
import { action as saveSite, loader as siteLoader } from "#app/routes/admin/settings/site.tsx";
import { action as setupAction } from "#app/routes/admin/setup.ts";
import { loader as usersLoader } from "#app/routes/admin/users.tsx";
import { action as disableUser } from "#app/routes/admin/users/disable.tsx";
import { action as enableUser } from "#app/routes/admin/users/enable.tsx";
import { action as addUser } from "#app/routes/admin/users/new.tsx";
import { action as changeRole } from "#app/routes/admin/users/role.tsx";
import { action as dismissBanner, UNKNOWN_NOTICE } from "#app/routes/resources/dismiss-banner.ts";
import { BODY_UNREADABLE, BODY_UNSUPPORTED } from "#app/http/form.server.ts";
import { buildMovie } from "#tests/factories/titles.ts";
import { callAdminRoute, callRoute, signIn, TEST_PASSWORD, type Answer, type RouteCall } from "#tests/helpers/admin.ts";
import { describeEachDatabase } from "#tests/helpers/database.ts";

// The admin panel's forms, one route each, posted as the server runs them (the admin
// guard first where the route is inside the admin layout): a valid post works, an
// invalid one is a 400 with messages per field and the typed values (never a
// password), and a malformed body is a 400 or 415, never a 500.

type Action = (args: never) => unknown;

/** Bodies no form sends: each must be refused as the client's mistake. */
export const MALFORMED: { name: string; body: BodyInit; contentType: string; status: number; error: string }[] = [
  { name: "JSON garbage", body: "{not json", contentType: "application/json", status: 400, error: BODY_UNREADABLE },
  { name: "a JSON array", body: "[1,2]", contentType: "application/json", status: 400, error: BODY_UNREADABLE },
  {
    name: "a broken multipart body",
    body: "--x\r\nnonsense",
    contentType: "multipart/form-data; boundary=x",
    status: 400,
    error: BODY_UNREADABLE,
  },
  { name: "a foreign content type", body: "<a/>", contentType: "application/xml", status: 415, error: BODY_UNSUPPORTED },
];

export function expectFailure(answer: Answer, status: number, error?: string) {
  expect(answer.status).toBe(status);
  const body = answer.body as { ok: boolean; error: string; fields: Record<string, string[]>; values: Record<string, string> };
  expect(body.ok).toBe(false);
  if (error !== undefined) expect(body.error).toBe(error);
  return body;
}

export function expectSuccess(answer: Answer, message?: string) {
  expect(answer.status).toBe(200);
  const body = answer.body as { ok: boolean; message: string };
  expect(body.ok).toBe(true);
  if (message !== undefined) expect(body.message).toBe(message);
  return body;
}

/** Posts each malformed body to the route; every one is refused with its status and message. */
export async function expectMalformedRefused(post: (call: Pick<RouteCall, "body" | "contentType">) => Promise<Answer>) {
  for (const bad of MALFORMED) {
    const answer = await post({ body: bad.body, contentType: bad.contentType });
    expect(answer.status, bad.name).toBe(bad.status);
    expect((answer.body as { error?: string } | null)?.error, bad.name).toBe(bad.error);
  }
}

const sessionOf = (db: Db, token: string) => readSession(db, token);

describeEachDatabase("sign-in, setup and logout", (ctx) => {
  it("the first account is created at /admin/setup and signed in; a second setup is refused", async () => {
    const setup = (form: Record<string, string>) => callRoute(setupAction, ctx.db, { path: "/admin/setup", form });
    const mismatch = expectFailure(
      await setup({ name: "Rosa", email: "rosa@example.com", password: "a long enough passphrase", confirmPassword: "different" }),
      400,
      PASSWORDS_DONT_MATCH,
    );
    expect(mismatch.fields.confirmPassword).toEqual([PASSWORDS_DONT_MATCH]);
    expect(mismatch.values).toEqual({ name: "Rosa", email: "rosa@example.com" });

    const created = await setup({
      name: "Rosa",
      email: "rosa@example.com",
      password: "a long enough passphrase",
      confirmPassword: "a long enough passphrase",
    });
    expectSuccess(created, LOGIN_SUCCESS);
    expect(created.headers.get("Set-Cookie")).toMatch(/=[A-Za-z0-9_-]{43};/);
    const again = await setup({
      name: "Mallory",
      email: "m@example.com",
      password: "another passphrase!",
      confirmPassword: "another passphrase!",
    });
    expectFailure(again, 409);
    await expectMalformedRefused((call) => callRoute(setupAction, ctx.db, { path: "/admin/setup", ...call }));
  });

  it("signs in with the right password; a wrong one keeps the e-mail, never the password", async () => {
    const { admin } = await signIn(ctx.db);
    const wrong = expectFailure(
      await callRoute(signInAction, ctx.db, { path: "/admin", form: { email: admin.email, password: "not it" } }),
      401,
      LOGIN_FAILED,
    );
    expect(wrong.values).toEqual({ email: admin.email });
    const right = await callRoute(signInAction, ctx.db, {
      path: "/admin",
      form: { email: admin.email.toUpperCase(), password: TEST_PASSWORD, remember: "on" },
    });
    expectSuccess(right, LOGIN_SUCCESS);
    expect(right.headers.get("Set-Cookie")).toMatch(/Max-Age=\d+/);
    // JSON of the wrong types is a refused body, not a crash.
    expectFailure(
      await callRoute(signInAction, ctx.db, {
        path: "/admin",
        body: JSON.stringify({ email: 1, password: [] }),
        contentType: "application/json",
      }),
      400,
    );
    await expectMalformedRefused((call) => callRoute(signInAction, ctx.db, { path: "/admin", ...call }));
  });

  it("logout ends the session; a malformed body is a 400 that leaves the session alive", async () => {
    const { token, cookie } = await signIn(ctx.db);
    await expectMalformedRefused((call) => callRoute(logoutAction, ctx.db, { path: "/admin/logout", cookie, ...call }));
    expect(await sessionOf(ctx.db, token)).not.toBeNull();

    const scripted = await callRoute(logoutAction, ctx.db, { path: "/admin/logout", cookie, form: { via: "fetch" } });
    expectSuccess(scripted, LOGGED_OUT);
    expect(scripted.headers.get("Set-Cookie")).toMatch(/Max-Age=0/);
    expect(await sessionOf(ctx.db, token)).toBeNull();

    const other = await signIn(ctx.db);
    const plain = await callRoute(logoutAction, ctx.db, { path: "/admin/logout", cookie: other.cookie, form: {} });
    expect(plain.status).toBe(302);
    expect(plain.headers.get("Location")).toBe("/admin");
    expect(await sessionOf(ctx.db, other.token)).toBeNull();
  });
});

describeEachDatabase("dismissing notices", (ctx) => {
  const dismiss = (form: Record<string, string>, cookie?: string) =>
    callRoute(dismissBanner, ctx.db, { path: "/banners/dismiss", form, cookie });

  it("remembers one notice or all of them in a cookie, and goes back to a local page only", async () => {
    const one = await dismiss({ banner: "vpn", via: "fetch" });
    expect(one.status).toBe(200);
    expect((one.body as { dismissed: string[] }).dismissed).toEqual(["vpn"]);
    expect(one.headers.get("Set-Cookie")).toMatch(/^cinedex_banners=vpn;/);

    const all = await dismiss({ banner: "all", redirectTo: "/search?q=x" }, "cinedex_banners=vpn");
    expect(all.status).toBe(302);
    expect(all.headers.get("Location")).toBe("/search?q=x");
    expect(all.headers.get("Set-Cookie")).toMatch(/^cinedex_banners=vpn\.download-button\.report\.queries;/);
    expect((await dismiss({ banner: "report", redirectTo: "//evil.example/" })).headers.get("Location")).toBe("/");
  });

  it("an unknown notice or a malformed body is a 400, not a 500", async () => {
    expectFailure(await dismiss({ banner: "nope" }), 400, UNKNOWN_NOTICE);
    expectFailure(await dismiss({}), 400, UNKNOWN_NOTICE);
    await expectMalformedRefused((call) => callRoute(dismissBanner, ctx.db, { path: "/banners/dismiss", ...call }));
  });
});

describeEachDatabase("the title editor's deletes and report fixes", (ctx) => {
  const post = (action: Action, cookie: string, id: string, call: Omit<RouteCall, "path">) =>
    callAdminRoute(action, ctx.db, { path: `/dashboard/titles/${id}/delete`, params: { id }, cookie, ...call });

  it("deletes a screenshot, then the title; bad parts and ids are refused", async () => {
    const { cookie } = await signIn(ctx.db, "editor");
    const movie = await createTitle(ctx.db, buildMovie());
    const id = String(movie.id);
    const shot = movie.screenshots[0]!;
    expectSuccess(await post(deleteTitlePart, cookie, id, { form: { part: "screenshot", partId: String(shot.id) } }), "Deleted");
    expect(await ctx.db.selectFrom("screenshots").select("id").where("id", "=", shot.id).executeTakeFirst()).toBeUndefined();

    expectFailure(await post(deleteTitlePart, cookie, id, { form: { part: "screenshot", partId: "01" } }), 400, "Error deleting the movie");
    expectFailure(await post(deleteTitlePart, cookie, id, { form: { part: "everything" } }), 400, "Error deleting the movie");
    await expectMalformedRefused((call) => post(deleteTitlePart, cookie, id, call));
    expect((await post(deleteTitlePart, cookie, "abc", { form: { part: "title" } })).status).toBe(404);

    expectSuccess(await post(deleteTitlePart, cookie, id, { form: { part: "title" } }), "Deleted");
    expect(await ctx.db.selectFrom("titles").select("id").where("id", "=", movie.id).executeTakeFirst()).toBeUndefined();
  });

  it("marks a title's reports fixed (none open: zero) and answers 404 for a malformed id", async () => {
    const { cookie } = await signIn(ctx.db, "editor");
    const movie = await createTitle(ctx.db, buildMovie());
    const fixed = expectSuccess(await post(fixTitleReports, cookie, String(movie.id), {}), "0 reports marked fixed");
    expect((fixed as unknown as { fixed: number }).fixed).toBe(0);
    expect((await post(fixTitleReports, cookie, "0", {})).status).toBe(404);
    await expectMalformedRefused((call) => post(fixTitleReports, cookie, String(movie.id), call));
  });
});

describeEachDatabase("the Users screen's forms", (ctx) => {
  const post = (action: Action, cookie: string, path: string, call: Omit<RouteCall, "path">, id?: number) =>
    callAdminRoute(action, ctx.db, { path, params: id === undefined ? {} : { id: String(id) }, cookie, ...call });
  const password = "a long enough passphrase";

  it("an Administrator adds an account; refused input keeps the typed values but never the passwords", async () => {
    const { cookie } = await signIn(ctx.db);
    const form = { name: "Eddie", email: "Eddie@Example.com", role: "editor", password, confirmPassword: `${password}!` };
    const refused = expectFailure(await post(addUser, cookie, "/dashboard/users/new", { form }), 400, PASSWORDS_DONT_MATCH);
    expect(refused.fields).toEqual({ confirmPassword: [PASSWORDS_DONT_MATCH] });
    expect(refused.values).toEqual({ name: "Eddie", email: "Eddie@Example.com", role: "editor" });

    const added = await post(addUser, cookie, "/dashboard/users/new", { form: { ...form, confirmPassword: password } });
    expectSuccess(added, "Added eddie@example.com as an Editor");
    const row = await ctx.db.selectFrom("admins").select(["role"]).where("email", "=", "eddie@example.com").executeTakeFirstOrThrow();
    expect(row.role).toBe("editor");
    await expectMalformedRefused((call) => post(addUser, cookie, "/dashboard/users/new", call));
  });

  it("changes a role, disables and re-enables an account; bad input and unknown accounts are refused", async () => {
    const { cookie } = await signIn(ctx.db);
    const other = await signIn(ctx.db, "editor");
    const id = other.admin.id;
    expectSuccess(await post(changeRole, cookie, "role", { form: { role: "admin" } }, id), `${other.admin.email} is now an Administrator`);
    const wrongRole = expectFailure(await post(changeRole, cookie, "role", { form: { role: "owner" } }, id), 400, CHOOSE_ROLE);
    expect(wrongRole.fields.role).toEqual([CHOOSE_ROLE]);
    expect(wrongRole.values).toEqual({ role: "owner" });

    expectSuccess(await post(disableUser, cookie, "disable", { form: {} }, id), `Disabled ${other.admin.email}; their sessions have ended`);
    expect(await sessionOf(ctx.db, other.token)).toBeNull();
    expectSuccess(await post(enableUser, cookie, "enable", { form: {} }, id), `Re-enabled ${other.admin.email}`);

    expectFailure(await post(changeRole, cookie, "role", { form: { role: "editor" } }, 999_999), 404, "No such account");
    expect((await callAdminRoute(disableUser, ctx.db, { path: "x", params: { id: "1e3" }, cookie, form: {} })).status).toBe(404);
    for (const [action, form] of [
      [changeRole, "role"],
      [disableUser, "disable"],
      [enableUser, "enable"],
    ] as const) {
      await expectMalformedRefused((call) => post(action, cookie, form, call, id));
    }
  });

  it("an Editor gets 403 on every Users form and the screen, and nothing changes", async () => {
    const editor = await signIn(ctx.db, "editor");
    const target = await signIn(ctx.db, "editor");
    const form = { name: "Sneaky", email: "sneaky@example.com", role: "admin", password, confirmPassword: password };
    expect((await post(addUser, editor.cookie, "/dashboard/users/new", { form })).status).toBe(403);
    expect((await post(changeRole, editor.cookie, "role", { form: { role: "admin" } }, target.admin.id)).status).toBe(403);
    expect((await post(disableUser, editor.cookie, "disable", { form: {} }, target.admin.id)).status).toBe(403);
    expect((await post(enableUser, editor.cookie, "enable", { form: {} }, target.admin.id)).status).toBe(403);
    expect((await callAdminRoute(usersLoader, ctx.db, { path: "/dashboard/users", cookie: editor.cookie })).status).toBe(403);
    expect(await ctx.db.selectFrom("admins").select("id").where("email", "=", "sneaky@example.com").executeTakeFirst()).toBeUndefined();
    const row = await ctx.db.selectFrom("admins").select(["role", "disabled"]).where("id", "=", target.admin.id).executeTakeFirstOrThrow();
    expect(row.role).toBe("editor");
  });
});

describeEachDatabase("the Settings sections' forms", (ctx) => {
  const post = (action: Action, cookie: string, path: string, call: Omit<RouteCall, "path">) =>
    callAdminRoute(action, ctx.db, { path, cookie, ...call });

  it("profile: saves, or refuses with the field's message and keeps what was typed", async () => {
    const { admin, cookie } = await signIn(ctx.db);
    const refused = expectFailure(
      await post(saveProfile, cookie, "/dashboard/settings?index", {
        form: { name: "  ", email: admin.email, bio: "", location: "Porto" },
      }),
      400,
      "Please enter a name",
    );
    expect(refused.values).toMatchObject({ name: "  ", location: "Porto" });
    const saved = await post(saveProfile, cookie, "/dashboard/settings?index", {
      form: { name: "Renamed", email: admin.email, bio: "Tidy", location: "" },
    });
    expectSuccess(saved, PROFILE_UPDATED);
    const row = await ctx.db.selectFrom("admins").select(["name", "bio", "location"]).where("id", "=", admin.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ name: "Renamed", bio: "Tidy", location: null });
    await expectMalformedRefused((call) => post(saveProfile, cookie, "/dashboard/settings?index", call));
  });

  it("appearance and notifications: saved with the account; an unknown theme is refused", async () => {
    const { admin, cookie } = await signIn(ctx.db);
    const path = "/dashboard/settings/appearance";
    expectSuccess(await post(saveTheme, cookie, path, { form: { theme: "light" } }), THEME_TOASTS.light);
    expect(expectFailure(await post(saveTheme, cookie, path, { form: { theme: "pink" } }), 400, CHOOSE_THEME).fields.theme).toEqual([
      CHOOSE_THEME,
    ]);
    await expectMalformedRefused((call) => post(saveTheme, cookie, path, call));

    const notifications = "/dashboard/settings/notifications";
    expectSuccess(await post(saveNotifications, cookie, notifications, { form: { marketing: "on" } }), NOTIFICATIONS_SAVED);
    expectFailure(await post(saveNotifications, cookie, notifications, { form: { email: "yes please" } }), 400);
    await expectMalformedRefused((call) => post(saveNotifications, cookie, notifications, call));
    const row = await ctx.db.selectFrom("admins").select("preferences").where("id", "=", admin.id).executeTakeFirstOrThrow();
    expect(JSON.parse(row.preferences!)).toEqual({ theme: "light", notifications: { email: false, inApp: false, marketing: true } });
  });

  it("security: a wrong current password is refused next to its field; passwords are never sent back", async () => {
    const { cookie } = await signIn(ctx.db);
    const path = "/dashboard/settings/security";
    const refused = expectFailure(
      await post(changePasswordAction, cookie, path, {
        form: { currentPassword: "not it", newPassword: "a brand new passphrase", confirmPassword: "a brand new passphrase" },
      }),
      400,
      "Current password is incorrect",
    );
    expect(refused.fields.currentPassword).toEqual(["Current password is incorrect"]);
    expect(refused.values).toEqual({});
    const mismatch = expectFailure(
      await post(changePasswordAction, cookie, path, {
        form: { currentPassword: TEST_PASSWORD, newPassword: "a brand new passphrase", confirmPassword: "x" },
      }),
      400,
    );
    expect(mismatch.fields.confirmPassword).toEqual([PASSWORDS_DONT_MATCH]);
    expectSuccess(
      await post(changePasswordAction, cookie, path, {
        form: { currentPassword: TEST_PASSWORD, newPassword: "a brand new passphrase", confirmPassword: "a brand new passphrase" },
      }),
      PASSWORD_CHANGED,
    );
    await expectMalformedRefused((call) => post(changePasswordAction, cookie, path, call));
  });

  it("sign out everywhere ends every session and goes to the sign-in page; a malformed body ends nothing", async () => {
    const { admin, token, cookie } = await signIn(ctx.db);
    const path = "/dashboard/settings/account/sign-out-everywhere";
    await expectMalformedRefused((call) => post(signOutEverywhere, cookie, path, call));
    expect(await sessionOf(ctx.db, token)).not.toBeNull();
    const done = await post(signOutEverywhere, cookie, path, { form: {} });
    expect(done.status).toBe(302);
    expect(done.headers.get("Location")).toBe("/admin");
    const left = await ctx.db.selectFrom("admin_sessions").select("id").where("admin_id", "=", admin.id).execute();
    expect(left).toEqual([]);
  });

  it("site settings: saved by an Administrator, refused with messages per field, 403 for an Editor", async () => {
    const { cookie } = await signIn(ctx.db);
    const path = "/dashboard/settings/site";
    const stored = siteSettingsValues(await getSettings(ctx.db));
    const refused = expectFailure(
      await post(saveSite, cookie, path, { form: { ...stored, siteName: "Shelf", "socialLinks.x": "javascript:alert(1)" } }),
      400,
      "Some settings need attention.",
    );
    expect(refused.fields["socialLinks.x"]).toEqual(["Must be an http:// or https:// address"]);
    expect(refused.values.siteName).toBe("Shelf");
    expect((await getSettings(ctx.db)).siteName).toBe(stored.siteName);

    expectSuccess(await post(saveSite, cookie, path, { form: { ...stored, siteName: "Shelf" } }), "Site settings saved!");
    expect((await getSettings(ctx.db)).siteName).toBe("Shelf");
    // A field sent twice is not a setting.
    expectFailure(await post(saveSite, cookie, path, { form: { ...stored, siteName: ["A", "B"] } }), 400);
    await expectMalformedRefused((call) => post(saveSite, cookie, path, call));

    const editor = await signIn(ctx.db, "editor");
    expect((await post(saveSite, editor.cookie, path, { form: { ...stored, siteName: "Taken over" } })).status).toBe(403);
    expect((await callAdminRoute(siteLoader, ctx.db, { path, cookie: editor.cookie })).status).toBe(403);
    expect((await getSettings(ctx.db)).siteName).toBe("Shelf");
  });

  it("operator notifications and their test refuse malformed bodies with a 400", async () => {
    const { cookie } = await signIn(ctx.db);
    await expectMalformedRefused((call) => post(saveOperator, cookie, "/dashboard/settings/operator", call));
    await expectMalformedRefused((call) => post(testOperator, cookie, "/dashboard/settings/operator/test", call));
  });

  it("an old ?tab= address lands on its section", async () => {
    const { cookie } = await signIn(ctx.db, "editor");
    const moved = await callAdminRoute(settingsLoader, ctx.db, { path: "/dashboard/settings?tab=security", cookie });
    expect(moved.status).toBe(302);
    expect(moved.headers.get("Location")).toBe("/dashboard/settings/security");
    const edit = await callAdminRoute(settingsLoader, ctx.db, { path: "/dashboard/settings?tab=profile&edit=1", cookie });
    expect(edit.headers.get("Location")).toBe("/dashboard/settings?edit=1");
  });
});
