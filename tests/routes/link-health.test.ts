import { expect, it } from "vitest";
import { createTitle } from "#app/modules/catalogue/write.server.ts";
import { getSettings } from "#app/modules/settings/settings.server.ts";
import { loader as screenLoader } from "#app/routes/admin/link-health.tsx";
import { action as checkAll } from "#app/routes/admin/link-health/check-all.tsx";
import { action as checkTitle } from "#app/routes/admin/link-health/check-title.tsx";
import { action as saveLinkSettings } from "#app/routes/admin/link-health/settings.tsx";
import { action as checkLink, loader as linkLoader } from "#app/routes/admin/link-health-link.tsx";
import { buildMovie } from "#tests/factories/titles.ts";
import { callAdminRoute, signIn } from "#tests/helpers/admin.ts";
import { describeEachDatabase } from "#tests/helpers/database.ts";

// The Link health screen's routes as the server runs them (admin guard first). The
// links point at refused addresses, so "check now" answers without any network.

describeEachDatabase("the Link health screen's routes", (ctx) => {
  const setup = async () => {
    const movie = await createTitle(ctx.db, buildMovie({ title: "The Little Shop" }));
    const ids = movie.releases.flatMap((r) => r.files.flatMap((f) => f.links.map((l) => l.id)));
    await ctx.db.updateTable("links").set({ url: "http://127.0.0.1:9/gone.mkv" }).where("id", "in", ids).execute();
    return { movie, ids };
  };

  it("shows the views' counts and a link's page; an unknown link is a 404 and a signed-out visitor is sent to sign in", async () => {
    const { ids } = await setup();
    const { cookie } = await signIn(ctx.db, "editor");
    const screen = await callAdminRoute(screenLoader, ctx.db, { path: "/dashboard/link-health?view=never", cookie });
    expect(screen.status).toBe(200);
    const body = screen.body as { overview: { view: string; counts: Record<string, number>; total: number }; canChangeSettings: boolean };
    expect(body.overview).toMatchObject({ view: "never", total: 3, counts: { never: 3, broken: 0, all: 3 } });
    expect(body.canChangeSettings).toBe(false);
    // An unknown view is the default one: the first that lists something (here the never-checked links).
    const odd = await callAdminRoute(screenLoader, ctx.db, { path: "/dashboard/link-health?view=%3Cscript%3E", cookie });
    expect((odd.body as { overview: { view: string } }).overview.view).toBe("never");

    const link = await callAdminRoute(linkLoader, ctx.db, {
      path: `/dashboard/link-health/links/${ids[0]}`,
      params: { id: String(ids[0]) },
      cookie,
    });
    expect(link.status).toBe(200);
    for (const id of ["999999", "abc", "0"]) {
      const missing = await callAdminRoute(linkLoader, ctx.db, { path: `/dashboard/link-health/links/${id}`, params: { id }, cookie });
      expect(missing.status, id).toBe(404);
    }
    const anonymous = await callAdminRoute(screenLoader, ctx.db, { path: "/dashboard/link-health" });
    expect(anonymous.status).toBe(302);
  });

  it("checks a link now (a refused address fails without connecting) and a title's links", async () => {
    const { movie, ids } = await setup();
    const { cookie } = await signIn(ctx.db, "editor");
    const one = await callAdminRoute(checkLink, ctx.db, {
      path: `/dashboard/link-health/links/${ids[0]}`,
      params: { id: String(ids[0]) },
      cookie,
      form: {},
    });
    expect(one.status).toBe(200);
    expect((one.body as { message: string }).message).toMatch(/^Checked: Failed: refused: 127\.0\.0\.1 is a loopback address/);
    const missing = await callAdminRoute(checkLink, ctx.db, {
      path: "/dashboard/link-health/links/999999",
      params: { id: "999999" },
      cookie,
      form: {},
    });
    expect(missing.status).toBe(404);

    const title = await callAdminRoute(checkTitle, ctx.db, {
      path: `/dashboard/link-health/titles/${movie.id}/check`,
      params: { id: String(movie.id) },
      cookie,
      form: {},
    });
    expect((title.body as { message: string }).message).toBe("Checked 3 of 3 links: 0 OK, 3 failed, 0 without a clear answer.");
    // Two failures in a row for the first link: it is broken now.
    expect((await ctx.db.selectFrom("links").select("status").where("id", "=", ids[0]!).executeTakeFirstOrThrow()).status).toBe("broken");
  });

  it("makes every link due and says so", async () => {
    await setup();
    const { cookie } = await signIn(ctx.db, "editor");
    const answer = await callAdminRoute(checkAll, ctx.db, { path: "/dashboard/link-health/check-all", cookie, form: {} });
    expect((answer.body as { message: string }).message).toBe(
      "3 links are due now: the scheduled link checker checks them over its next runs.",
    );
  });

  it("saves the settings for administrators, refuses bad numbers with a 400 per field, and refuses editors", async () => {
    const { cookie } = await signIn(ctx.db);
    const path = "/dashboard/link-health/settings";
    const saved = await callAdminRoute(saveLinkSettings, ctx.db, {
      path,
      cookie,
      form: { "linkHealth.intervalHours": "12", "linkHealth.failureThreshold": "3", "linkHealth.hideBroken": "on" },
    });
    expect(saved.body).toMatchObject({ ok: true, message: "Link check settings saved!" });
    expect((await getSettings(ctx.db)).linkHealth).toEqual({ intervalHours: 12, failureThreshold: 3, hideBroken: true });

    const refused = await callAdminRoute(saveLinkSettings, ctx.db, {
      path,
      cookie,
      form: { "linkHealth.intervalHours": "0", "linkHealth.failureThreshold": "many" },
    });
    expect(refused.status).toBe(400);
    const fields = (refused.body as { fields: Record<string, string[]> }).fields;
    expect(fields["linkHealth.intervalHours"]).toEqual(["Check interval must be a whole number from 1 to 720 hours"]);
    expect(fields["linkHealth.failureThreshold"]).toEqual(["Failures before broken must be a whole number from 1 to 10"]);
    expect((await getSettings(ctx.db)).linkHealth.intervalHours).toBe(12);

    const editor = await signIn(ctx.db, "editor");
    const forbidden = await callAdminRoute(saveLinkSettings, ctx.db, {
      path,
      cookie: editor.cookie,
      form: { "linkHealth.intervalHours": "1" },
    });
    expect(forbidden.status).toBe(403);
    const malformed = await callAdminRoute(saveLinkSettings, ctx.db, { path, cookie, body: "{oops", contentType: "application/json" });
    expect(malformed.status).toBe(400);
  });
});
