import { expect, it } from "vitest";
import type { Db } from "#app/db/client.server.ts";
import { createTitle } from "#app/modules/catalogue/write.server.ts";
import { LOGGED_OUT, LOGIN_FAILED, LOGIN_SUCCESS, PASSWORDS_DONT_MATCH } from "#app/modules/auth/schema.ts";
import { readSession } from "#app/modules/auth/sessions.server.ts";
import { action as deleteTitlePart } from "#app/routes/admin/delete-title-part.ts";
import { action as fixTitleReports } from "#app/routes/admin/fix-title-reports.ts";
import { action as signInAction } from "#app/routes/admin/login.tsx";
import { action as logoutAction } from "#app/routes/admin/logout.ts";
import { action as setupAction } from "#app/routes/admin/setup.ts";
import { action as dismissBanner, UNKNOWN_NOTICE } from "#app/routes/resources/dismiss-banner.ts";
import { BODY_UNREADABLE, BODY_UNSUPPORTED } from "#app/utils/submission.server.ts";
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
