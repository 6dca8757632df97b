import { insertContactMessage, insertDmcaNotice, insertReport, insertRequest, removeSeeded } from "#tests/factories/inbox.ts";
import { expect, expectAccessible, testOnOwnServer as test } from "./fixtures.ts";

// Both admin themes pass axe on every admin screen, with the inbox holding one of
// each kind so its status badges and count pills are on the page (ADR 017's
// light palette: dark text on tints, light text on a darker accent).
for (const theme of ["dark", "light"] as const) {
  test(`every admin screen is accessible in the ${theme} theme`, async ({ page, admin }) => {
    test.slow();
    const { db } = admin;
    // Removed at the end: the inbox spec counts unread items on this worker's server.
    const ids = {
      request: await insertRequest(db, {
        title: "Theme Check Film",
        year: 1950,
        submissions: [
          { name: "Ann", email: "ann@example.com" },
          { name: "Bo", email: "bo@example.com" },
        ],
      }),
      report: await insertReport(db, { contentName: "Theme Check Report", linkUrl: "https://host.example/a", quality: "720p" }),
      contact: await insertContactMessage(db),
      dmca: await insertDmcaNotice(db),
    };
    const seeded = { requests: [ids.request], reports: [ids.report], contact: [ids.contact], dmca: [ids.dmca] };
    await db
      .updateTable("admins")
      .set({ preferences: JSON.stringify({ theme }) })
      .where("id", "=", admin.admin.id)
      .execute();
    const movie = await db.selectFrom("titles").select("id").where("type", "=", "movie").orderBy("id").executeTakeFirstOrThrow();
    const link = await db.selectFrom("links").select("id").orderBy("id").executeTakeFirstOrThrow();
    const paths = [
      "/dashboard",
      "/dashboard/movies",
      `/dashboard/movies/${movie.id}`,
      "/add",
      "/dashboard/inbox/requests",
      `/dashboard/inbox/requests/${ids.request}`,
      `/dashboard/inbox/reports/${ids.report}`,
      "/dashboard/inbox/contact",
      `/dashboard/inbox/dmca/${ids.dmca}`,
      "/dashboard/users",
      "/dashboard/analytics",
      "/dashboard/link-health?view=all",
      `/dashboard/link-health/links/${link.id}`,
      "/dashboard/activity",
      "/dashboard/settings",
      "/dashboard/settings/featured?q=the",
      "/dashboard/settings/genres",
      "/dashboard/movies?show=no-tmdb",
    ];
    try {
      for (const path of paths) {
        await test.step(path, async () => {
          const response = await page.goto(path);
          expect(response?.status(), path).toBe(200);
          await expect(page.locator(".admin-shell")).toHaveAttribute("data-theme", theme);
          await expectAccessible(page);
        });
      }
    } finally {
      await removeSeeded(db, seeded);
    }
  });
}
