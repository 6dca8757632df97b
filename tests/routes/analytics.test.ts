import { expect, it } from "vitest";
import { createTitle } from "#app/modules/catalogue/write.server.ts";
import { recordSearch } from "#app/modules/search/search-queries.server.ts";
import { loader as analyticsLoader } from "#app/routes/admin/analytics.tsx";
import { loader as exportLoader } from "#app/routes/admin/analytics-export.ts";
import { loader as addLoader } from "#app/routes/admin/add.tsx";
import { UNKNOWN_TABLE, UNKNOWN_WINDOW } from "#app/modules/analytics/windows.ts";
import { insertRequest } from "#tests/factories/inbox.ts";
import { buildMovie } from "#tests/factories/titles.ts";
import { callAdminRoute, signIn } from "#tests/helpers/admin.ts";
import { describeEachDatabase } from "#tests/helpers/database.ts";

describeEachDatabase("the admin Analytics screen (/dashboard/analytics)", (ctx) => {
  it("shows the chosen window, and refuses any other with a 400", async () => {
    const { cookie } = await signIn(ctx.db);
    const week = await callAdminRoute(analyticsLoader, ctx.db, { path: "/dashboard/analytics?days=7", cookie });
    expect(week.body).toMatchObject({ report: { days: 7 } });
    expect((week.body as { report: { perDay: unknown[] } }).report.perDay).toHaveLength(7);
    const standard = await callAdminRoute(analyticsLoader, ctx.db, { path: "/dashboard/analytics", cookie });
    expect(standard.body).toMatchObject({ report: { days: 30 } });
    for (const days of ["8", "abc", "-7", "7.5", "1e2"]) {
      const bad = await callAdminRoute(analyticsLoader, ctx.db, { path: `/dashboard/analytics?days=${days}`, cookie });
      expect([days, bad.status, bad.body]).toEqual([days, 400, UNKNOWN_WINDOW]);
    }
  });

  it("downloads each table as CSV, with visitors' words quoted and never run as formulas", async () => {
    const { cookie } = await signIn(ctx.db);
    const movie = await createTitle(ctx.db, buildMovie({ title: "Views, and more" }));
    const today = new Date().toISOString().slice(0, 10);
    await ctx.db.insertInto("title_views").values({ title_id: movie.id, day: today, views: 12 }).execute();
    await recordSearch(ctx.db, "=cmd|calc", 0);
    await recordSearch(ctx.db, "zombie bees", 0);
    await insertRequest(ctx.db, { title: "Zombie Bees" });

    let text = "";
    const csv = (table: string, days = "90") =>
      callAdminRoute(
        async (args: Parameters<typeof exportLoader>[0]) => {
          const response = await exportLoader(args);
          text = await response.clone().text();
          return response;
        },
        ctx.db,
        { path: `/dashboard/analytics/export?table=${table}&days=${days}`, cookie },
      );

    const viewed = await csv("viewed");
    expect(viewed.status).toBe(200);
    expect(viewed.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(viewed.headers.get("Content-Disposition")).toMatch(/^attachment; filename="cinedex-viewed-90d-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(text).toBe(`title_id,type,title,views\r\n${movie.id},movie,"Views, and more",12\r\n`);

    await csv("missed");
    expect(text.split("\r\n").slice(0, 1)).toEqual(["search,zero_result_searches,requested,last_searched_at"]);
    expect(text).toMatch(/\r\nzombie bees,1,1,\d{4}-/);
    expect(text).toMatch(/\r\n'=cmd\|calc,1,0,/);

    await csv("daily", "7");
    expect(text.trim().split("\r\n")).toHaveLength(8);
    expect(text).toContain(`\r\n${today},12,0,0\r\n`);

    for (const table of ["trending", "clicked", "hosts", "searches"]) expect((await csv(table)).status).toBe(200);
    const unknown = await callAdminRoute(exportLoader, ctx.db, { path: "/dashboard/analytics/export?table=users", cookie });
    expect([unknown.status, unknown.body]).toEqual([400, UNKNOWN_TABLE]);
    const window = await callAdminRoute(exportLoader, ctx.db, { path: "/dashboard/analytics/export?table=daily&days=365", cookie });
    expect([window.status, window.body]).toEqual([400, UNKNOWN_WINDOW]);
  });

  it("needs a session for the download", async () => {
    const answer = await callAdminRoute(exportLoader, ctx.db, { path: "/dashboard/analytics/export?table=viewed" });
    expect(answer.status).toBe(302);
    expect(answer.headers.get("Location")).toBe("/admin");
  });

  it("the add form starts from ?title=, trimmed and bounded", async () => {
    const { cookie } = await signIn(ctx.db);
    const answer = await callAdminRoute(addLoader, ctx.db, { path: "/add?title=%20zombie%20bees%20&type=tv", cookie });
    expect(answer.body).toMatchObject({ type: "tv", title: "zombie bees" });
    const long = await callAdminRoute(addLoader, ctx.db, { path: `/add?title=${"x".repeat(400)}`, cookie });
    expect((long.body as { title: string }).title).toHaveLength(300);
    const none = await callAdminRoute(addLoader, ctx.db, { path: "/add", cookie });
    expect(none.body).toMatchObject({ type: "movie", title: "" });
  });
});
