import { insertContactMessage, insertDmcaNotice, insertReport, insertRequest, removeSeeded } from "#tests/factories/inbox.ts";
import { expect, expectAccessible, testOnOwnServer as test } from "./fixtures.ts";

// Both admin themes pass axe on every admin screen, with the inbox holding one of
// each kind so its status badges and count pills are on the page (ADR 017's
// light palette: dark text on tints, light text on a darker accent).
type Seeded = { request: number; report: number; contact: number; dmca: number; movie: number; link: number };

/** The admin screens, in groups small enough that each test stays within its time on a slow machine. */
const SCREENS: [string, (ids: Seeded) => string[]][] = [
  [
    "overview and titles",
    ({ movie }) => ["/dashboard", "/dashboard/movies", `/dashboard/movies/${movie}`, "/add", "/dashboard/movies?show=no-tmdb"],
  ],
  [
    "inbox",
    ({ request, report, dmca }) => [
      "/dashboard/inbox/requests",
      `/dashboard/inbox/requests/${request}`,
      `/dashboard/inbox/reports/${report}`,
      "/dashboard/inbox/contact",
      `/dashboard/inbox/dmca/${dmca}`,
    ],
  ],
  [
    "people, numbers and link health",
    ({ link }) => ["/dashboard/users", "/dashboard/analytics", "/dashboard/link-health?view=all", `/dashboard/link-health/links/${link}`],
  ],
  [
    "activity and settings",
    () => ["/dashboard/activity", "/dashboard/settings", "/dashboard/settings/featured?q=the", "/dashboard/settings/genres"],
  ],
];

for (const theme of ["dark", "light"] as const) {
  for (const [group, pathsOf] of SCREENS) {
    test(`the admin screens (${group}) are accessible in the ${theme} theme`, async ({ page, admin }) => {
      test.slow();
      const { db } = admin;
      // Removed at the end: the inbox spec counts unread items on this worker's server.
      const inbox = {
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
      const seeded = { requests: [inbox.request], reports: [inbox.report], contact: [inbox.contact], dmca: [inbox.dmca] };
      try {
        await db
          .updateTable("admins")
          .set({ preferences: JSON.stringify({ theme }) })
          .where("id", "=", admin.admin.id)
          .execute();
        const movie = await db.selectFrom("titles").select("id").where("type", "=", "movie").orderBy("id").executeTakeFirstOrThrow();
        const link = await db.selectFrom("links").select("id").orderBy("id").executeTakeFirstOrThrow();
        for (const path of pathsOf({ ...inbox, movie: movie.id, link: link.id })) {
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
}
