import crypto from "node:crypto";
import { insertRequest, removeSeeded } from "#tests/factories/inbox.ts";
import { buildMovie } from "#tests/factories/titles.ts";
import { expect, expectAccessible, test } from "./fixtures.ts";

const unique = () => `Zq${crypto.randomBytes(4).toString("hex")}`;

// Issue 19 part 4: a search that found nothing on the site shows on Analytics with
// how often it was requested, and leads to the add form filled in with its words.
test("a zero-result search leads from Analytics to a pre-filled add form", async ({ page, admin, catalogue }) => {
  const word = unique().toLowerCase();
  const query = `${word} bees`;
  const today = new Date().toISOString().slice(0, 10);
  const movie = await catalogue.create(buildMovie({ title: `${word} Viewed` }));
  await catalogue.db.insertInto("title_views").values({ title_id: movie.id, day: today, views: 777 }).execute();
  const request = await insertRequest(admin.db, {
    title: `${word} Bees`,
    submissions: [{ name: "Ann" }, { name: "Bo" }],
  });
  try {
    const search = await page.goto(`/search?q=${encodeURIComponent(query)}`);
    expect(search?.status()).toBe(200);

    for (const theme of ["dark", "light"] as const) {
      await admin.db
        .updateTable("admins")
        .set({ preferences: JSON.stringify({ theme }) })
        .where("id", "=", admin.admin.id)
        .execute();
      await page.goto("/dashboard/analytics?days=7");
      await expect(page.locator(".admin-shell")).toHaveAttribute("data-theme", theme);
      await expect(page.getByRole("link", { name: "7 days" })).toHaveAttribute("aria-current", "page");
      await expect(page.getByRole("img", { name: "Title page views per day, last 7 days" })).toBeVisible();
      await expect(
        page
          .getByRole("table", { name: "Most-viewed titles, last 7 days" })
          .getByRole("row")
          .filter({ hasText: `${word} Viewed` }),
      ).toContainText("777");
      await expect(
        page
          .getByRole("table", { name: /^Titles viewed more/ })
          .getByRole("row")
          .filter({ hasText: `${word} Viewed` }),
      ).toContainText("New");
      await expectAccessible(page);
    }

    const missed = page
      .getByRole("table", { name: "Searches that found nothing, most frequent first" })
      .getByRole("row")
      .filter({ hasText: query });
    await expect(missed).toContainText("requested 2 times");
    const csv = page.getByRole("link", { name: "Download searches that found nothing as CSV" });
    await expect(csv).toHaveAttribute("href", "/dashboard/analytics/export?table=missed&days=7");
    const download = await page.request.get("/dashboard/analytics/export?table=missed&days=7");
    expect(download.headers()["content-type"]).toBe("text/csv; charset=utf-8");
    expect(await download.text()).toContain(`\r\n${query},1,2,`);

    await missed.getByRole("link", { name: `Add this title: ${query}` }).click();
    await expect(page).toHaveURL(`/add?title=${encodeURIComponent(query).replaceAll("%20", "+")}`);
    await expect(page.getByRole("heading", { level: 1, name: "Add New Movie" })).toBeVisible();
    await expect(page.getByLabel("Title", { exact: true })).toHaveValue(query);
  } finally {
    await catalogue.db.deleteFrom("search_queries").where("query", "=", query).execute();
    await removeSeeded(admin.db, { requests: [request], reports: [], contact: [], dmca: [] });
  }
});

test.describe("on a 390 px phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("@phone Analytics fits the screen: its tables scroll inside their cards, not the page", async ({ page, admin, catalogue }) => {
    const word = unique().toLowerCase();
    const today = new Date().toISOString().slice(0, 10);
    const movie = await catalogue.create(buildMovie({ title: `${word} A Film With a Title Long Enough to Crowd a Phone Table` }));
    const [link] = movie.releases.flatMap((r) => r.files.flatMap((f) => f.links));
    await catalogue.db.insertInto("title_views").values({ title_id: movie.id, day: today, views: 5 }).execute();
    await catalogue.db.insertInto("link_clicks").values({ link_id: link!.id, day: today, count: 3 }).execute();
    const query = `${word} a rather long search that found nothing on the site at all`;
    await catalogue.db
      .insertInto("search_queries")
      .values({ query, searches: 4, zero_result_searches: 4, last_result_count: 0, last_searched_at: new Date().toISOString() })
      .execute();
    try {
      for (const theme of ["dark", "light"] as const) {
        await admin.db
          .updateTable("admins")
          .set({ preferences: JSON.stringify({ theme }) })
          .where("id", "=", admin.admin.id)
          .execute();
        await page.goto("/dashboard/analytics");
        await expect(page.getByRole("table", { name: "Searches that found nothing, most frequent first" })).toContainText(query);
        await page.getByText("Show as a table").click();
        await expect(page.getByRole("table", { name: "Figures per day" })).toBeVisible();
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
        await expectAccessible(page);
      }
    } finally {
      await catalogue.db.deleteFrom("search_queries").where("query", "=", query).execute();
    }
  });
});
