import crypto from "node:crypto";
import type { Page } from "@playwright/test";
import { buildMovie } from "#tests/factories/titles.ts";
import { expect, expectAccessible, test, testOnOwnServer } from "./fixtures.ts";

// Issue 18 points 7 and 8: bulk work in the lists, the carousel's order, the duplicate stop.

const unique = () => `Zc${crypto.randomBytes(4).toString("hex")}`;
const shots = process.env.CURATION_SHOTS;

async function shot(page: Page, name: string) {
  if (shots) await page.screenshot({ path: `${shots}/${name}-${page.viewportSize()!.width}.png`, fullPage: true });
}

test("select titles, add a genre to them, then delete them with a confirmation @phone", async ({ page, catalogue, admin: _admin }) => {
  const word = unique();
  await catalogue.create(buildMovie({ title: `${word} One`, genres: ["Horror"] }));
  await catalogue.create(buildMovie({ title: `${word} Two`, genres: ["Comedy"] }));
  await page.goto(`/dashboard/movies?q=${word}`);
  const bar = page.getByRole("region", { name: "Bulk actions" });
  await expect(bar.getByText("None selected")).toBeVisible();

  // Keyboard: the page's select-all box, then the action and the genre.
  await bar.getByRole("checkbox", { name: "Select all on this page" }).check();
  await expect(bar.getByText("2 titles selected")).toBeVisible();
  await expect(page.getByRole("checkbox", { name: `Select ${word} One` }).filter({ visible: true })).toBeChecked();
  await bar.getByLabel("Action for the selected titles").selectOption("add-genre");
  await bar.getByRole("button", { name: "Apply" }).click();
  await expect(bar.getByRole("alert")).toHaveText("Choose a genre.");
  await bar.getByLabel("Genre", { exact: true }).selectOption({ label: "Documentary" });
  await shot(page, "bulk-bar");
  await bar.getByRole("button", { name: "Apply" }).click();
  await expect(page.getByText("Added “Documentary” to 2 titles")).toBeVisible();
  await expect(page.getByText("Horror, Documentary", { exact: true }).filter({ visible: true })).toBeVisible();
  await expect(page.getByText("Comedy, Documentary", { exact: true }).filter({ visible: true })).toBeVisible();
  await expect(bar.getByText("None selected")).toBeVisible();
  await expectAccessible(page);

  // Each row's Actions menu links to its page on the site.
  await page
    .getByRole("button", { name: `Actions for ${word} One` })
    .filter({ visible: true })
    .click();
  await expect(page.getByRole("link", { name: `View ${word} One on the site` }).filter({ visible: true })).toHaveAttribute(
    "href",
    /^\/movie\/\d+\//,
  );

  await page
    .getByRole("checkbox", { name: `Select ${word} Two` })
    .filter({ visible: true })
    .check();
  await bar.getByLabel("Action for the selected titles").selectOption("delete");
  await bar.getByRole("button", { name: "Apply" }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog).toContainText("Are you sure you want to delete? 1 movie and all its links will be deleted.");
  await shot(page, "bulk-confirm");
  await dialog.getByRole("button", { name: "Delete" }).click();
  await expect(page.getByText("Deleted 1 title", { exact: true })).toBeVisible();
  await expect(page.getByText(`${word} Two`)).toHaveCount(0);
  await expect(page.getByText(`${word} One`).filter({ visible: true })).toBeVisible();
});

test("filters narrow the list: no TMDB id, by year @phone", async ({ page, catalogue, admin: _admin }) => {
  const word = unique();
  await catalogue.create(buildMovie({ title: `${word} Known`, releaseDate: "1931-05-01" }));
  await catalogue.create(buildMovie({ title: `${word} Unknown`, tmdbId: null, imdbId: null, releaseDate: "1931-06-01" }));
  await page.goto(`/dashboard/movies?q=${word}`);
  await page.getByRole("combobox", { name: "Show", exact: true }).selectOption("no-tmdb");
  await page.getByRole("spinbutton", { name: "Year" }).fill("1931");
  await page.getByRole("button", { name: "Apply" }).first().click();
  await expect(page).toHaveURL(/show=no-tmdb/);
  await expect(page.getByText(`${word} Unknown`).filter({ visible: true })).toBeVisible();
  await expect(page.getByText(`${word} Known`)).toHaveCount(0);
  await shot(page, "filters");
  await expectAccessible(page);
});

test.describe(() => {
  // The refused save is a 409, which the browser logs.
  test.use({ expectedConsoleErrors: [/status of 409/] });

  test("a second title with a taken TMDB id is stopped, with a link to the first @phone", async ({ page, catalogue, admin: _admin }) => {
    const first = await catalogue.create(buildMovie({ title: `${unique()} Original` }));
    await page.goto("/add");
    await page.getByLabel("Title", { exact: true }).fill(`${first.title} again`);
    await page.getByPlaceholder("Enter TMDB ID").fill(String(first.tmdbId));
    await page.getByRole("button", { name: "Add Movie" }).click();
    const message = `A movie with TMDB ID ${first.tmdbId} is already in the catalogue: “${first.title}”.`;
    await expect(page.getByPlaceholder("Enter TMDB ID")).toHaveAccessibleDescription(
      new RegExp(message.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")),
    );
    const open = page.getByRole("link", { name: /Open the existing one/ });
    await expect(open).toHaveAttribute("href", `/dashboard/movies/${first.id}`);
    await shot(page, "duplicate");
    await expectAccessible(page);
    await open.click();
    // The typed form is not saved: leaving it asks first.
    await page
      .getByRole("dialog", { name: /You have unsaved changes/ })
      .getByRole("button", { name: "Leave without saving" })
      .click();
    await expect(page.getByRole("dialog", { name: "Edit movie" })).toBeVisible();
  });
});

testOnOwnServer(
  "the carousel's order is chosen on Settings → Home carousel and the home page follows @phone",
  async ({ page, admin: _admin }) => {
    await page.goto("/dashboard/settings/featured");
    const list = page.getByRole("list", { name: "Carousel order" });
    const names = async () => (await list.locator("li p:first-of-type").allTextContents()).map((t) => t.replace(/^\d+\.\s*/, ""));
    const [first, second] = await names();
    await page.getByRole("button", { name: `Move ${second} up` }).click();
    // Focus follows the moved title; the change is announced.
    await expect(page.getByRole("button", { name: `Move ${second} down` })).toBeFocused();
    await expect(page.getByRole("status").filter({ hasText: `${second} moved to position 1` })).toBeAttached();
    expect((await names()).slice(0, 2)).toEqual([second, first]);

    // Add a title that is not featured yet.
    await page.getByLabel("Title to feature").fill("the");
    await page.getByRole("search", { name: "Find titles to feature" }).getByRole("button", { name: "Search" }).click();
    const candidate = page.getByRole("list", { name: "Matching titles" }).locator("li").first();
    const added = (await candidate.locator("p").first().textContent())!;
    await candidate.getByRole("button", { name: /^Add / }).click();
    expect((await names()).at(-1)).toBe(added);
    await shot(page, "featured");
    await expectAccessible(page);
    await page.getByRole("button", { name: "Save order" }).click();
    await expect(page.getByText("Home carousel saved")).toBeVisible();

    await page.goto("/");
    const slides = page.getByRole("region", { name: "Featured titles" }).locator('[aria-roledescription="slide"]');
    await expect(slides.first()).toHaveAttribute("aria-label", `1 of ${await slides.count()}: ${second}`);
    await expect(slides.nth(1)).toHaveAttribute("aria-label", new RegExp(`^2 of \\d+: ${first!.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`));
  },
);

testOnOwnServer("genres: rename keeps the address, hidden ones leave the public site @phone", async ({ page, admin: _admin }) => {
  await page.goto("/dashboard/settings/genres");
  const name = page.getByLabel("Name of genre 1", { exact: true });
  await expect(name).toHaveValue("Action");
  await name.fill("Action & Adventure");
  await page
    .getByRole("listitem")
    .filter({ has: page.getByLabel("Name of genre 2", { exact: true }) })
    .getByRole("checkbox", { name: "Hidden" })
    .check();
  await page.getByRole("button", { name: "Move Biography up" }).click();
  await shot(page, "genres");
  await expectAccessible(page);
  await page.getByRole("button", { name: "Save genres" }).click();
  await expect(page.getByText("Genres saved")).toBeVisible();
  await expect(page.getByLabel("Name of genre 1", { exact: true })).toHaveValue("Action & Adventure");
  await expect(page.getByLabel("Name of genre 2", { exact: true })).toHaveValue("Biography");

  await page.goto("/genre/action");
  await expect(page.getByRole("heading", { level: 1, name: "Action & Adventure" })).toBeVisible();
  const hidden = await page.request.get("/genre/adventure");
  expect(hidden.status()).toBe(404);
});
