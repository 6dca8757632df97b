import crypto from "node:crypto";
import type { Page } from "@playwright/test";
import type { Db } from "#app/db/client.server.ts";
import { addTitle } from "#app/modules/editorial/titles.server.ts";
import { deleteTitle } from "#app/modules/catalogue/write.server.ts";
import { buildMovie, buildSeries } from "#tests/factories/titles.ts";
import { expect, expectAccessible, expectHydrated, test } from "./fixtures.ts";

/** A word no demo title and no other test uses, so a search finds only this test's titles. */
const unique = () => `Zq${crypto.randomBytes(4).toString("hex")}`;

/** The visible list: table rows on a desktop, cards on a phone. */
const rows = (page: Page) => page.locator("tbody tr:visible");
const rowTitles = (page: Page) => rows(page).locator("th p:first-child").allTextContents();

async function countTitles(db: Db, type: "movie" | "tv"): Promise<number> {
  const { n } = await db
    .selectFrom("titles")
    .select((eb) => eb.fn.countAll().as("n"))
    .where("type", "=", type)
    .executeTakeFirstOrThrow();
  return Number(n);
}

/** The figure of a stat card on the overview, by its label. */
function figure(page: Page, label: string) {
  return page
    .locator("dl > div")
    .filter({ has: page.locator("dt", { hasText: new RegExp(`^${label}$`) }) })
    .locator("dd")
    .first();
}

/** Three movies and a TV show whose titles share a word no other title has. */
async function createSearchable(catalogue: { create: (input: ReturnType<typeof buildMovie>) => Promise<unknown> }) {
  const word = unique();
  await catalogue.create(buildMovie({ title: `${word} Bravo`, runtimeMinutes: 95, genres: ["Comedy", "Drama"] }));
  await catalogue.create(
    buildMovie({
      title: `${word} alpha`,
      runtimeMinutes: null,
      genres: ["Horror"],
      releases: [
        {
          quality: "720p",
          files: [
            {
              title: "720p",
              links: [
                { label: "a", url: "https://a.example/1", status: "broken" },
                { label: "b", url: "https://b.example/1" },
              ],
            },
          ],
        },
      ],
    }),
  );
  await catalogue.create(buildMovie({ title: `${word} Charlie` }));
  await catalogue.create(buildSeries({ title: `${word} Show`, genres: ["Crime"] }));
  return word;
}

test("the movie list searches by title in any case, and the search lives in the URL", async ({ page, admin, catalogue }) => {
  void admin;
  const word = await createSearchable(catalogue);
  await page.goto("/dashboard/movies");
  await expect(page.getByRole("heading", { level: 1, name: "Movies" })).toBeVisible();
  await page.getByRole("searchbox", { name: "Search movies by title" }).fill(word.toUpperCase());
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/movies\\?q=${word.toUpperCase()}$`));
  await expect(page.getByText(`3 movies matching “${word.toUpperCase()}”`)).toBeVisible();
  // Newest first by default; the TV show is not in the movie list.
  expect(await rowTitles(page)).toEqual([`${word} Charlie`, `${word} alpha`, `${word} Bravo`]);

  const bravo = rows(page).filter({ hasText: `${word} Bravo` });
  // The first cell holds the row's select box.
  await expect(bravo.getByRole("cell").nth(1)).toHaveText("1h 35m");
  await expect(bravo.getByRole("cell").nth(2)).toHaveText("Comedy, Drama");
  const alpha = rows(page).filter({ hasText: `${word} alpha` });
  await expect(alpha.getByRole("cell").nth(1)).toHaveText("—");
  await expect(alpha.getByRole("cell").nth(3)).toHaveText("2 links 1 broken");

  // Each row's Edit (in its Actions menu) opens the title over the list, keeping the filters.
  const id = (await catalogue.db.selectFrom("titles").select("id").where("title", "=", `${word} Bravo`).executeTakeFirstOrThrow()).id;
  await page.getByRole("button", { name: `Actions for ${word} Bravo` }).click();
  await expect(page.getByRole("link", { name: `Edit ${word} Bravo` })).toHaveAttribute(
    "href",
    `/dashboard/movies/${id}?q=${word.toUpperCase()}`,
  );

  // The URL alone restores the view.
  await page.reload();
  await expect(page.getByRole("searchbox", { name: "Search movies by title" })).toHaveValue(word.toUpperCase());
  expect(await rowTitles(page)).toEqual([`${word} Charlie`, `${word} alpha`, `${word} Bravo`]);

  // Wildcards are plain characters.
  await page.getByRole("searchbox", { name: "Search movies by title" }).fill(`${word}%`);
  await page.keyboard.press("Enter");
  await expect(page.getByText("No movies found")).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Pagination" })).toHaveCount(0);
});

test("the sort toggles A-Z, Z-A and newest first, and a new search keeps it", async ({ page, admin, catalogue }) => {
  void admin;
  const word = await createSearchable(catalogue);
  await page.goto(`/dashboard/movies?q=${word}`);
  const sort = page.getByRole("group", { name: "Sort order" });
  await expect(sort.getByRole("link", { name: "Newest" })).toHaveAttribute("aria-current", "true");

  await sort.getByRole("link", { name: "A-Z" }).click();
  await expect(page).toHaveURL(new RegExp(`q=${word}&sort=az$`));
  await expect.poll(() => rowTitles(page)).toEqual([`${word} alpha`, `${word} Bravo`, `${word} Charlie`]);
  await sort.getByRole("link", { name: "Z-A" }).click();
  await expect(page).toHaveURL(new RegExp(`q=${word}&sort=za$`));
  await expect.poll(() => rowTitles(page)).toEqual([`${word} Charlie`, `${word} Bravo`, `${word} alpha`]);
  await expect(sort.getByRole("link", { name: "Z-A" })).toHaveAttribute("aria-current", "true");

  await page.getByRole("searchbox", { name: "Search movies by title" }).fill(`${word} b`);
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(new RegExp(`q=${word}\\+b&sort=za$`));
  await expect.poll(() => rowTitles(page)).toEqual([`${word} Bravo`]);

  await sort.getByRole("link", { name: "Newest" }).click();
  await expect(page).toHaveURL(new RegExp(`q=${word}\\+b$`));
  await expectAccessible(page);
});

test("the TV list shows season counts and its own empty state", async ({ page, admin, catalogue }) => {
  void admin;
  const word = await createSearchable(catalogue);
  await page.goto(`/dashboard/tv?q=${word.toLowerCase()}`);
  await expect(page.getByRole("heading", { level: 1, name: "TV Shows" })).toBeVisible();
  expect(await rowTitles(page)).toEqual([`${word} Show`]);
  await expect(rows(page).getByRole("cell").nth(1)).toHaveText("2 seasons");
  await expect(rows(page).getByRole("cell").nth(2)).toHaveText("Crime");
  await expect(page.getByRole("link", { name: "Add TV show" })).toHaveAttribute("href", "/add?type=tv");
  await page.goto(`/dashboard/tv?q=${word}-none`);
  await expect(page.getByText("No TV shows found")).toBeVisible();
});

test("the list pages 20 at a time with Previous and Next", async ({ page, admin, catalogue }) => {
  void admin;
  const word = unique();
  const names = Array.from({ length: 21 }, (_, i) => `${word} ${String(i + 1).padStart(2, "0")}`);
  for (const title of names) await catalogue.create(buildMovie({ title, releases: [] }));

  await page.goto(`/dashboard/movies?q=${word}&sort=az`);
  const pagination = page.getByRole("navigation", { name: "Pagination" });
  await expect(pagination.getByText("Page 1 of 2")).toBeVisible();
  await expect(rows(page)).toHaveCount(20);
  await expect(pagination.getByRole("link", { name: "Previous" })).toHaveCount(0);
  await pagination.getByRole("link", { name: "Next" }).click();
  await expect(page).toHaveURL(new RegExp(`q=${word}&sort=az&page=2$`));
  await expect(pagination.getByText("Page 2 of 2")).toBeVisible();
  expect(await rowTitles(page)).toEqual([names[20]]);
  await expect(pagination.getByRole("link", { name: "Next" })).toHaveCount(0);
  await pagination.getByRole("link", { name: "Previous" }).click();
  await expect(page).toHaveURL(new RegExp(`q=${word}&sort=az$`));
  await expect(pagination.getByText("Page 1 of 2")).toBeVisible();
});

test("bad page numbers show the nearest page instead of an error", async ({ page, admin, catalogue }) => {
  void admin;
  const word = unique();
  await catalogue.create(buildMovie({ title: `${word} Only`, releases: [] }));
  for (const pageParam of ["99", "abc", "-1", "0", "1e3"]) {
    const response = await page.goto(`/dashboard/movies?q=${word}&page=${pageParam}`);
    expect(response?.status()).toBe(200);
    expect(await rowTitles(page)).toEqual([`${word} Only`]);
  }
  // The whole catalogue has more than one page (the demo titles alone fill three).
  await page.goto("/dashboard/movies?page=500");
  await expect(page.getByRole("navigation", { name: "Pagination" }).getByText(/^Page ([3-9]|\d\d+) of \1$/)).toBeVisible();
});

test("at 1440×900 the movie list shows at least 12 rows without scrolling, each with its actions behind one menu", async ({
  page,
  admin,
  catalogue,
}) => {
  void admin;
  await page.setViewportSize({ width: 1440, height: 900 });
  const word = unique();
  await catalogue.create(buildMovie({ title: `${word} Menu` }));
  // The demo catalogue alone has more than a page of movies.
  await page.goto("/dashboard/movies");
  await expect(rows(page)).toHaveCount(20);
  const inView = await rows(page).evaluateAll(
    (trs) =>
      trs.filter((tr) => {
        const box = tr.getBoundingClientRect();
        return box.top >= 0 && box.bottom <= window.innerHeight;
      }).length,
  );
  expect(inView).toBeGreaterThanOrEqual(12);

  // The menu by keyboard: Enter opens it, Tab reaches its entries, Escape closes it and focus goes back.
  await page.goto(`/dashboard/movies?q=${word}`);
  const menu = page.getByRole("button", { name: `Actions for ${word} Menu` });
  const edit = page.getByRole("link", { name: `Edit ${word} Menu` });
  await expectHydrated(menu);
  await expect(menu).toHaveAttribute("aria-expanded", "false");
  await expect(edit).toBeHidden();
  await menu.focus();
  await page.keyboard.press("Enter");
  await expect(menu).toHaveAttribute("aria-expanded", "true");
  await page.keyboard.press("Tab");
  await expect(edit).toBeFocused();
  await expect(page.getByRole("link", { name: `View ${word} Menu on the site` })).toBeVisible();
  await expect(page.getByRole("button", { name: `Delete ${word} Menu…` })).toBeVisible();
  await expectAccessible(page);
  await page.keyboard.press("Escape");
  await expect(menu).toHaveAttribute("aria-expanded", "false");
  await expect(menu).toBeFocused();
  await expect(edit).toBeHidden();
  // A click elsewhere closes it too.
  await menu.click();
  await expect(edit).toBeVisible();
  await page.getByRole("heading", { level: 1 }).click();
  await expect(edit).toBeHidden();
});

test.describe("deleting", () => {
  test.use({ expectedConsoleErrors: [/status of 404/] });

  test("a title is deleted from the list after confirming, and the deletion is in the activity log", async ({ page, admin, catalogue }) => {
    const word = unique();
    const doomed = await catalogue.create(buildMovie({ title: `${word} Doomed` }));
    await catalogue.create(buildMovie({ title: `${word} Kept` }));

    await page.goto(`/dashboard/movies?q=${word}`);
    await expect(rows(page)).toHaveCount(2);
    const menu = page.getByRole("button", { name: `Actions for ${word} Doomed` });
    await menu.click();
    await page.getByRole("button", { name: `Delete ${word} Doomed…` }).click();
    const dialog = page.getByRole("dialog", { name: "Are you sure you want to delete?" });
    await expect(dialog).toBeVisible();
    await expect(dialog).toHaveAccessibleDescription(`“${word} Doomed” and its 3 links will be deleted.`);
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(dialog).toBeHidden();
    // Cancelling deletes nothing and hands focus back to the row's menu button.
    await expect(menu).toBeFocused();
    await expect(rows(page)).toHaveCount(2);
    expect(await catalogue.db.selectFrom("titles").select("id").where("id", "=", doomed.id).executeTakeFirst()).toBeDefined();

    await menu.click();
    await page.getByRole("button", { name: `Delete ${word} Doomed…` }).click();
    await dialog.getByRole("button", { name: "Delete" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Deleted" })).toBeVisible();
    await expect(rows(page).filter({ hasText: `${word} Doomed` })).toHaveCount(0);
    await expect(rows(page)).toHaveCount(1);
    await page.reload();
    expect(await rowTitles(page)).toEqual([`${word} Kept`]);

    const gone = await page.goto(`/movie/${doomed.id}/${doomed.slug}`);
    expect(gone?.status()).toBe(404);

    await page.goto("/dashboard/activity");
    const entry = page
      .getByRole("list", { name: "Activity" })
      .getByRole("listitem")
      .filter({ hasText: `Deleted the movie “${word} Doomed”` });
    await expect(entry).toBeVisible();
    await expect(entry).toContainText(admin.admin.name);
    await expect(entry.locator("time")).toHaveText(/^(just now|1 minute ago)$/);
    await expect(entry.locator("time")).toHaveAttribute("datetime", /^\d{4}-\d\d-\d\dT/);
    await expect(entry.locator("time")).toHaveAttribute("title", /^\d{4}-\d\d-\d\d \d\d:\d\d UTC$/);
    await expectAccessible(page);

    await page.getByRole("navigation", { name: "Filter by kind" }).getByRole("link", { name: "Titles" }).click();
    await expect(page).toHaveURL(/\/dashboard\/activity\?type=title$/);
    await expect(page.getByRole("link", { name: "Titles" })).toHaveAttribute("aria-current", "true");
    await expect(entry).toBeVisible();
    await page.getByRole("navigation", { name: "Filter by kind" }).getByRole("link", { name: "Settings" }).click();
    await expect(page).toHaveURL(/\?type=settings$/);
    await expect(page.getByRole("listitem").filter({ hasText: `Deleted the movie “${word} Doomed”` })).toHaveCount(0);
  });

  test("a delete that fails says so", async ({ page, admin, catalogue }) => {
    void admin;
    const word = unique();
    const title = await catalogue.create(buildMovie({ title: `${word} Vanishing` }));
    await page.goto(`/dashboard/movies?q=${word}`);
    // Someone else deletes it first.
    await deleteTitle(catalogue.db, title.id);
    await page.getByRole("button", { name: `Actions for ${word} Vanishing` }).click();
    await page.getByRole("button", { name: `Delete ${word} Vanishing…` }).click();
    await page.getByRole("dialog", { name: "Are you sure you want to delete?" }).getByRole("button", { name: "Delete" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Error deleting the movie" })).toBeVisible();
  });
});

test("the overview greets the admin with real figures and their latest action", async ({ page, admin, catalogue }) => {
  const word = unique();
  const created = await addTitle(catalogue.db, { id: admin.admin.id, name: admin.admin.name }, buildMovie({ title: `${word} Overview` }));
  try {
    await page.goto("/dashboard");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Welcome back, ${admin.admin.name}!`);

    // Other tests add and remove titles at the same time: the figure must match a count taken around the page load.
    await expect(async () => {
      const before = await countTitles(catalogue.db, "movie");
      await page.reload();
      const shown = Number((await figure(page, "Movies").textContent())!.replace(/,/g, ""));
      const after = await countTitles(catalogue.db, "movie");
      expect(before).toBe(after);
      expect(shown).toBe(after);
    }).toPass({ timeout: 15_000 });
    for (const label of ["TV Shows", "Download links", "Added this week", "Out-link clicks"]) {
      await expect(figure(page, label)).toHaveText(/^\d[\d,]*$/);
    }
    expect(Number((await figure(page, "Added this week").textContent())!.replace(/,/g, ""))).toBeGreaterThanOrEqual(1);

    const recent = page.getByRole("list", { name: "Recent activity" });
    await expect(recent.getByRole("listitem").filter({ hasText: `Added the movie “${word} Overview” with 3 links` })).toContainText(
      admin.admin.name,
    );
    expect(await recent.getByRole("listitem").count()).toBeLessThanOrEqual(8);

    const chart = page.getByRole("img", { name: "What the catalogue is made of" });
    await expect(chart).toBeVisible();
    await expect(chart).toHaveAccessibleDescription(/^Movies: [\d,]+ \(\d+%\), TV Shows: [\d,]+ \(\d+%\), Other: 0 \(0%\)$/);
    const legend = page.getByRole("list", { name: "What the catalogue is made of: legend" });
    await expect(legend.getByRole("listitem")).toHaveText([/^Movies [\d,]+ \d+%$/, /^TV Shows [\d,]+ \d+%$/, /^Other 0 0%$/]);

    await expect(page.getByRole("link", { name: "Add a movie" })).toHaveAttribute("href", "/add");
    await expect(page.getByRole("link", { name: "Add a TV show" })).toHaveAttribute("href", "/add?type=tv");
    await expectAccessible(page);

    await page.getByRole("link", { name: "View all activity" }).click();
    await expect(page).toHaveURL(/\/dashboard\/activity$/);
    await expect(page.getByRole("listitem").filter({ hasText: `Added the movie “${word} Overview”` })).toBeVisible();
  } finally {
    await deleteTitle(catalogue.db, created.id);
  }
});

test("analytics shows recorded out-link clicks and searches", async ({ page, admin, catalogue }) => {
  void admin;
  const word = unique();
  const title = await catalogue.create(buildMovie({ title: `${word} Clicked` }));
  const [first, second] = title.releases.flatMap((r) => r.files.flatMap((f) => f.links));
  const today = new Date().toISOString().slice(0, 10);
  const query = `${word.toLowerCase()} missing`;
  await catalogue.db
    .insertInto("link_clicks")
    .values([
      { link_id: first!.id, day: today, count: 600 },
      { link_id: second!.id, day: today, count: 400 },
    ])
    .execute();
  await catalogue.db
    .insertInto("search_queries")
    .values({ query, searches: 900, zero_result_searches: 900, last_result_count: 0, last_searched_at: new Date().toISOString() })
    .execute();
  try {
    await page.goto("/dashboard/analytics");
    await expect(page.getByRole("heading", { level: 1, name: "Analytics" })).toBeVisible();
    await expect(page.getByRole("img", { name: "Out-link clicks per day, last 30 days" })).toBeVisible();

    const titles = page.getByRole("table", { name: "Most-clicked titles, last 30 days" });
    await expect(titles.getByRole("row").filter({ hasText: `${word} Clicked` })).toContainText("1,000");
    await expect(titles.getByRole("link", { name: `${word} Clicked` })).toHaveAttribute("href", `/dashboard/movies/${title.id}`);
    await expect(page.getByRole("table", { name: "Top searches" }).getByRole("row").filter({ hasText: query })).toContainText("900");
    const missed = page
      .getByRole("table", { name: "Searches that found nothing, most frequent first" })
      .getByRole("row")
      .filter({ hasText: query });
    await expect(missed).toContainText("900");
    await expect(missed.locator("time")).toHaveText("just now");

    await page.getByText("Show as a table").click();
    const perDay = page.getByRole("table", { name: "Figures per day" });
    await expect(perDay.getByRole("row")).toHaveCount(31);
    const todayClicks = Number((await perDay.getByRole("row").nth(1).getByRole("cell").last().textContent())!.replace(/,/g, ""));
    expect(todayClicks).toBeGreaterThanOrEqual(1000);
    await expectAccessible(page);

    await page.goto("/dashboard");
    expect(Number((await figure(page, "Out-link clicks").textContent())!.replace(/,/g, ""))).toBeGreaterThanOrEqual(1000);
  } finally {
    await catalogue.db.deleteFrom("search_queries").where("query", "=", query).execute();
  }
});

test.describe("on a 390 px phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("@phone the movie list becomes cards on a phone", async ({ page, admin, catalogue }) => {
    void admin;
    const word = unique();
    await catalogue.create(
      buildMovie({
        title: `${word} Pocket Film With a Rather Long Title`,
        runtimeMinutes: 101,
        releases: [
          { quality: "720p", files: [{ title: "720p", links: [{ label: "a", url: "https://a.example/1", status: "disabled" }] }] },
        ],
      }),
    );
    await page.goto(`/dashboard/movies?q=${word}`);
    await expect(page.getByRole("table")).toBeHidden();
    const card = page.getByRole("list", { name: "Movies" }).getByRole("listitem");
    await expect(card).toHaveCount(1);
    await expect(card.getByRole("heading", { name: `${word} Pocket Film With a Rather Long Title` })).toBeVisible();
    await expect(card).toContainText("1h 41m");
    await expect(card).toContainText("1 disabled");
    await card.getByRole("button", { name: /^Actions for / }).click();
    await expect(card.getByRole("link", { name: /^Edit / })).toBeVisible();
    await expect(card.getByRole("button", { name: /^Delete / })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectAccessible(page);
  });
});
