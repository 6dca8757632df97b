import { buildMovie } from "#tests/factories/titles.ts";
import { expect, expectAccessible, test } from "./fixtures.ts";

test("typing in the navbar suggests titles; picking one opens it", async ({ page, catalogue }) => {
  const film = await catalogue.create(buildMovie({ title: "Quixotic Lantern Parade" }));
  await page.goto("/");
  const box = page.getByRole("combobox", { name: "Search movies" });
  await box.fill("quixot");
  const list = page.getByRole("listbox", { name: "Suggestions" });
  await expect(list.getByRole("option", { name: /Quixotic Lantern Parade/ })).toBeVisible();
  await expect(box).toHaveAttribute("aria-expanded", "true");
  await expectAccessible(page);
  await box.press("ArrowDown");
  await expect(list.getByRole("option").first()).toHaveAttribute("aria-selected", "true");
  await box.press("Enter");
  await expect(page).toHaveURL(new RegExp(`/movie/${film.id}/quixotic-lantern-parade$`));
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Quixotic Lantern Parade");
});

test("a search with results shows them on the home page instead of the listing", async ({ page, catalogue }) => {
  await catalogue.create(buildMovie({ title: "Zebra Crossing at Dawn", releaseDate: "1950-01-01" }));
  await catalogue.create(buildMovie({ title: "Zebra Crossing at Dusk", releaseDate: "1951-01-01" }));
  await page.goto("/faq");
  const box = page.getByRole("combobox", { name: "Search movies" });
  await box.fill("   ");
  await box.press("Enter");
  await expect(page).toHaveURL(/\/faq$/);

  await box.fill("zebra crossing");
  await box.press("Enter");
  await expect(page).toHaveURL(/\/\?q=zebra\+crossing$/);
  const results = page.getByRole("region", { name: "Results for “zebra crossing”" });
  await expect(results.getByRole("listitem")).toHaveCount(2);
  await expect(page.getByRole("region", { name: "Featured titles" })).toHaveCount(0);
  await expect(box).toHaveValue("zebra crossing");
  await expectAccessible(page);

  // The home link clears the search.
  await page.getByRole("link", { name: "Home", exact: true }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("region", { name: "Featured titles" })).toBeVisible();
  await expect(box).toHaveValue("");
});

test("a search without results lands on the search page: Data not found", async ({ page }) => {
  await page.goto("/");
  const box = page.getByRole("combobox", { name: "Search movies" });
  await box.fill("qqxyzzy nothingburger");
  await box.press("Enter");
  await expect(page).toHaveURL(/\/search\?q=qqxyzzy\+nothingburger$/);
  await expect(page.getByText("Data not found")).toBeVisible();
  await expect(page.getByRole("link", { name: "request this title" })).toHaveAttribute(
    "href",
    "/request?movieSeriesName=qqxyzzy+nothingburger",
  );
  await expectAccessible(page);
});

test("typos still find the film", async ({ page }) => {
  await page.goto("/?q=nite+of+the+living+dead");
  await expect(
    page
      .getByRole("region", { name: /Results for/ })
      .getByRole("listitem")
      .first(),
  ).toContainText("Night of the Living Dead");
  await page.goto("/search?q=nosfaratu");
  await expect(page.getByRole("link", { name: "Download Nosferatu (1922)" })).toBeVisible();
});

test("the search page pages with ellipses, filters without JavaScript and keeps within its pages", async ({ page, browser, catalogue }) => {
  for (let i = 0; i < 50; i++)
    await catalogue.create(
      buildMovie({ title: `Pagewalk ${i}`, releaseDate: `19${50 + (i % 40)}-01-01`, genres: i % 2 ? ["Drama"] : ["Comedy"] }),
    );
  await page.goto("/search?q=pagewalk");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Search results for “pagewalk”");
  await expect(page.getByText("50 titles · page 1 of 4")).toBeVisible();
  const pagination = page.getByRole("navigation", { name: "Pagination" });
  await expect(pagination).toContainText("PreviousPage 1Page 2Page 3Page 4Next");
  await pagination.getByRole("link", { name: "Page 2" }).click();
  await expect(page).toHaveURL(/page=2/);
  await expect(pagination.getByText("Page 2")).toHaveAttribute("aria-current", "page");
  await expect(page.getByRole("region", { name: "Results" }).getByRole("link", { name: /^Download Pagewalk \d+ \(\d{4}\)/ })).toHaveCount(
    15,
  );
  await expectAccessible(page);

  expect((await page.request.get("/search?q=pagewalk&page=99", { maxRedirects: 0 })).headers()["location"]).toBe(
    "/search?q=pagewalk&page=4",
  );
  expect((await page.request.get("/search?q=pagewalk&page=0", { maxRedirects: 0 })).headers()["location"]).toBe("/search?q=pagewalk");

  const noScript = await browser.newContext({ javaScriptEnabled: false });
  const plain = await noScript.newPage();
  await plain.goto("/search?q=pagewalk");
  await plain.getByRole("combobox", { name: "Genre" }).selectOption("drama");
  await plain.getByRole("textbox", { name: "From year" }).fill("1980");
  await plain.getByRole("button", { name: "Apply filters" }).click();
  await expect(plain).toHaveURL(/genre=drama/);
  await expect(plain.getByText("5 titles")).toBeVisible();
  // The browser checks the pattern; a year typed into the address is checked by the server.
  await plain.goto("/search?q=pagewalk&yearTo=19x");
  await expect(plain.getByText("Please enter a valid 4-digit year")).toBeVisible();
  await expect(plain.getByRole("textbox", { name: "To year" })).toHaveValue("19x");
  await expect(plain.getByText("50 titles")).toBeVisible();
  await noScript.close();
});

test("the mobile search toggle searches @phone", async ({ page }) => {
  test.skip((page.viewportSize()?.width ?? 0) >= 768, "phone only");
  await page.goto("/");
  await page.getByRole("button", { name: "Open search" }).click();
  const box = page.getByRole("combobox", { name: "Search movies" });
  await expect(box).toBeFocused();
  await box.fill("metropolis");
  await expect(page.getByRole("listbox", { name: "Suggestions" }).getByRole("option", { name: /Metropolis/ })).toBeVisible();
  await box.press("Enter");
  await expect(page).toHaveURL(/\/\?q=metropolis$/);
  await expect(
    page
      .getByRole("region", { name: /Results for/ })
      .getByRole("listitem")
      .first(),
  ).toContainText("Metropolis");
});

test("search text never breaks a page", async ({ request }) => {
  for (const q of ["'; drop table titles; --", '"', "%", "_", "*", "NEAR(a b)", "a OR b", "\\", "x".repeat(5_000)]) {
    for (const path of [`/?q=${encodeURIComponent(q)}`, `/search?q=${encodeURIComponent(q)}`, `/api/suggest?q=${encodeURIComponent(q)}`]) {
      const response = await request.get(path);
      expect(response.status(), path.slice(0, 40)).toBeLessThan(400);
    }
  }
});
