import type { Page } from "@playwright/test";
import { buildMovie } from "#tests/factories/titles.ts";
import { expect, expectAccessible, expectHydrated, test } from "./fixtures.ts";

const isPhone = (page: Page) => (page.viewportSize()?.width ?? 0) < 640;

/** On a phone the filter panel is folded behind the quick filters' toggle: opens it there. */
async function openFilters(page: Page) {
  if (isPhone(page)) await page.getByRole("list", { name: "Quick filters" }).getByText("More filters").click();
}

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

test("suggestions come grouped: titles, then people, then genres; a person opens a search for the name, a genre its page", async ({
  page,
  catalogue,
}) => {
  await catalogue.create(buildMovie({ title: "Quillon Harbour", directors: ["Ysolde Quarrington"], genres: ["Horror"] }));
  await page.goto("/");
  const box = page.getByRole("combobox", { name: "Search movies" });
  const list = page.getByRole("listbox", { name: "Suggestions" });
  // A typo in the name still finds the person (and the film crediting her).
  await box.fill("quarringten");
  const people = list.getByRole("group", { name: "People" });
  await expect(people.getByRole("option", { name: /Ysolde Quarrington/ })).toBeVisible();
  await expect(list.getByRole("group", { name: "Titles" }).getByRole("option", { name: /Quillon Harbour/ })).toBeVisible();
  await expectAccessible(page);
  // The arrow keys go through the groups in order: the title, then the person.
  await box.press("ArrowDown");
  await box.press("ArrowDown");
  await expect(people.getByRole("option", { name: /Ysolde Quarrington/ })).toHaveAttribute("aria-selected", "true");
  await box.press("Enter");
  await expect(page).toHaveURL(/\/search\?q=Ysolde\+Quarrington$/);
  await expect(page.getByRole("region", { name: "Results" }).getByRole("listitem").first()).toContainText("Quillon Harbour");

  await box.fill("horr");
  await list
    .getByRole("group", { name: "Genres" })
    .getByRole("option", { name: /Horror/ })
    .click();
  await expect(page).toHaveURL(/\/genre\/horror$/);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Horror");
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
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Search results for “zebra crossing”");
  const results = page.getByRole("region", { name: "Results" });
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
  await expect(page.getByRole("region", { name: "Results" }).getByRole("listitem").first()).toContainText("Night of the Living Dead");
  await page.goto("/search?q=nosfaratu");
  await expect(page.getByRole("region", { name: "Results" }).getByRole("heading", { name: "Nosferatu", exact: true })).toBeVisible();
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
  await expect(page.getByRole("region", { name: "Results" }).getByRole("heading", { name: /^Pagewalk \d+$/ })).toHaveCount(15);
  await expectAccessible(page);

  // Where a page number out of range leads (the page cache renders from sorted parameters, so compare them as a set).
  const redirectedTo = async (path: string) => {
    const location = new URL((await page.request.get(path, { maxRedirects: 0 })).headers()["location"]!, "http://x");
    return [location.pathname, Object.fromEntries(location.searchParams)];
  };
  expect(await redirectedTo("/search?q=pagewalk&page=99")).toEqual(["/search", { q: "pagewalk", page: "4" }]);
  expect(await redirectedTo("/search?q=pagewalk&page=0")).toEqual(["/search", { q: "pagewalk" }]);

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
  await expect(page.getByRole("region", { name: "Results" }).getByRole("listitem").first()).toContainText("Metropolis");
});

test("search text never breaks a page", async ({ request }) => {
  for (const q of ["'; drop table titles; --", '"', "%", "_", "*", "NEAR(a b)", "a OR b", "\\", "x".repeat(5_000)]) {
    for (const path of [`/?q=${encodeURIComponent(q)}`, `/search?q=${encodeURIComponent(q)}`, `/api/suggest?q=${encodeURIComponent(q)}`]) {
      const response = await request.get(path);
      expect(response.status(), path.slice(0, 40)).toBeLessThan(400);
    }
  }
});

test("the same search shows the same cards and filters on the home page and the search page @phone", async ({ page, catalogue }) => {
  await catalogue.create(buildMovie({ title: "Velvet Harbour Nights", releaseDate: "1948-01-01", rating: 6.4 }));
  await catalogue.create(buildMovie({ title: "Velvet Harbour Mornings", releaseDate: "1949-01-01", rating: null }));
  const seen: Record<string, string[]> = {};
  for (const path of ["/?q=velvet+harbour", "/search?q=velvet+harbour"]) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Search results for “velvet harbour”");
    const results = page.getByRole("region", { name: "Results" });
    await expect(results.getByRole("listitem")).toHaveCount(2);
    // Rating badge and the home page's card (its title, year and type) on both.
    await expect(results.getByRole("link", { name: /Rating 6\.4 Velvet Harbour Nights\s*1948 · Movie/ })).toBeVisible();
    await openFilters(page);
    const filters = page.getByRole("form", { name: "Filter results" });
    for (const name of ["Type", "Genre", "Quality", "Sort by"]) await expect(filters.getByRole("combobox", { name })).toBeVisible();
    seen[path] = await results.getByRole("heading", { level: 3 }).allTextContents();
    await expectAccessible(page);
  }
  expect(seen["/?q=velvet+harbour"]).toEqual(seen["/search?q=velvet+harbour"]);

  // Filters on the home page's results stay on the home page.
  await page.goto("/?q=velvet+harbour");
  await openFilters(page);
  const sort = page.getByRole("form", { name: "Filter results" }).getByRole("combobox", { name: "Sort by" });
  // The home page loads the results' code on its own: a change before it has hydrated only changes the select.
  await expectHydrated(sort);
  await sort.selectOption("title");
  await expect(page).toHaveURL(/^[^?]*\/\?q=velvet\+harbour.*sort=title/);
  await expect(page.getByRole("region", { name: "Results" }).getByRole("heading", { level: 3 }).first()).toHaveText(
    "Velvet Harbour Mornings",
  );
});

test("pressing / puts the cursor in the search box, but not while typing in a field @phone", async ({ page }) => {
  await page.goto("/faq");
  await page.getByRole("heading", { level: 1 }).click();
  await page.keyboard.press("/");
  const box = page.getByRole("combobox", { name: "Search movies" }).filter({ visible: true });
  await expect(box).toBeFocused();
  await box.fill("");
  await page.goto("/contact-us");
  const name = page.getByRole("main").getByLabel("Name");
  await name.fill("A/B");
  await expect(name).toHaveValue("A/B");
  await expect(name).toBeFocused();
});

test("a genre page sorts and filters its titles, also without JavaScript", async ({ page, browser, catalogue }) => {
  await catalogue.create(buildMovie({ title: "Sortable Alpha", releaseDate: "1931-01-01", rating: 5.1, genres: ["E2E Sorting"] }));
  await catalogue.create(buildMovie({ title: "Sortable Beta", releaseDate: "1962-01-01", rating: 8.2, genres: ["E2E Sorting"] }));
  await catalogue.create(buildMovie({ title: "Sortable Gamma", releaseDate: "1975-01-01", rating: 6.0, genres: ["E2E Sorting"] }));
  await page.goto("/genre/e2e-sorting");
  const listing = page.getByRole("region", { name: "E2E Sorting" });
  const names = () => listing.getByRole("list").last().getByRole("heading").allTextContents();
  expect(await names()).toEqual(["Sortable Gamma", "Sortable Beta", "Sortable Alpha"]);
  const filters = page.getByRole("form", { name: "Filter results" });
  await expect(filters.getByRole("combobox", { name: "Sort by" }).getByRole("option")).toHaveText(["Newest", "Rating", "Title A–Z"]);
  await filters.getByRole("combobox", { name: "Sort by" }).selectOption("rating");
  await expect(page).toHaveURL(/sort=rating/);
  await expect.poll(names).toEqual(["Sortable Beta", "Sortable Gamma", "Sortable Alpha"]);
  await expectAccessible(page);
  // Headings in order: the genre's h1, then its cards as h2, no level skipped.
  const levels = await page.locator("main :is(h1, h2, h3, h4, h5, h6)").evaluateAll((hs) => hs.map((h) => Number(h.tagName[1])));
  expect(levels[0]).toBe(1);
  expect(levels.every((level, i) => i === 0 || level <= levels[i - 1]! + 1)).toBe(true);

  const noScript = await browser.newContext({ javaScriptEnabled: false });
  const plain = await noScript.newPage();
  await plain.goto("/genre/e2e-sorting");
  await plain.getByRole("textbox", { name: "From year" }).fill("1950");
  await plain.getByRole("button", { name: "Apply filters" }).click();
  await expect(plain.getByText("2 titles")).toBeVisible();
  await expect(plain.getByRole("link", { name: "Clear filters" })).toHaveAttribute("href", "/genre/e2e-sorting");
  await noScript.close();
});

test("the home page offers only genres that have titles", async ({ page }) => {
  await page.goto("/");
  const genres = page.getByRole("region", { name: "Explore by genre" });
  await expect(genres.getByRole("link", { name: "Horror" })).toHaveCount(1);
  // The demo catalogue has no Bollywood titles.
  await expect(genres.getByRole("link", { name: "BollyWood" })).toHaveCount(0);
});

test("words read as filters show as chips that remove them; a corrected search offers Did you mean @phone", async ({ page, catalogue }) => {
  await catalogue.create(buildMovie({ title: "Quorvane Lighthouse", releaseDate: "1961-05-01" }));
  await page.goto("/search?q=quorvane+lighthouse+1961+hindi+dubbed+full+movie");
  const results = page.getByRole("region", { name: "Results" });
  await expect(results.getByRole("listitem").first()).toContainText("Quorvane Lighthouse");
  const chips = page.getByRole("list", { name: "Read from your search" });
  await expect(chips.getByRole("link", { name: "Remove Year: 1961" })).toBeVisible();
  await expect(chips.getByRole("link", { name: "Remove Hindi dubbed (not a filter here)" })).toContainText("not a filter here");
  await expectAccessible(page);
  await chips.getByRole("link", { name: "Remove Year: 1961" }).click();
  await expect(page).toHaveURL(/\/search\?q=quorvane\+lighthouse\+hindi\+dubbed\+full\+movie$/);
  await expect(page.getByRole("link", { name: "Remove Year: 1961" })).toHaveCount(0);
  await expect(results.getByRole("listitem").first()).toContainText("Quorvane Lighthouse");

  await page.goto("/search?q=quorvane+lighthuose");
  await expect(page.getByText("Did you mean")).toBeVisible();
  await expectAccessible(page);
  await page.getByRole("link", { name: "quorvane lighthouse", exact: true }).click();
  await expect(page).toHaveURL(/\/search\?q=quorvane\+lighthouse$/);
  await expect(page.getByText("Did you mean")).toHaveCount(0);
});

test("a title found through a credited name says so; the people the words name come first and search for their name @phone", async ({
  page,
  catalogue,
}) => {
  await catalogue.create(
    buildMovie({ title: "Quillfeather Express", releaseDate: "1931-01-01", directors: ["Orlanda Vexmoor"], cast: [] }),
  );
  await catalogue.create(
    buildMovie({
      title: "Brambleton Heist",
      releaseDate: "1934-01-01",
      directors: [],
      cast: [{ name: "Orlanda Vexmoor", character: "Mae" }],
    }),
  );
  const results = page.getByRole("region", { name: "Results" });
  await page.goto("/search?q=quillfeather+vexmoor");
  await expect(results.getByRole("listitem")).toHaveCount(1);
  await expect(results.getByRole("listitem").first()).toContainText("with Orlanda Vexmoor");
  // Found by its own title: no reason line.
  await page.goto("/search?q=quillfeather+express");
  await expect(results.getByRole("listitem").first()).toContainText("Quillfeather Express");
  await expect(results.getByText(/^with /)).toHaveCount(0);

  await page.goto("/search?q=vexmoor");
  const people = page.getByRole("region", { name: "People" });
  await expect(people.getByRole("link", { name: /Orlanda Vexmoor/ })).toBeVisible();
  await expectAccessible(page);
  await people.getByRole("link", { name: /Orlanda Vexmoor/ }).click();
  await expect(page).toHaveURL(/\/search\?q=Orlanda\+Vexmoor$/);
  await expect(results.getByRole("listitem")).toHaveCount(2);
  await expect(results.getByText("with Orlanda Vexmoor")).toHaveCount(2);
  // Searching the name itself: the person is still named, with no link back to this same search.
  await expect(page.getByRole("region", { name: "People" })).toContainText("Orlanda Vexmoor");
  await expect(page.getByRole("region", { name: "People" }).getByRole("link")).toHaveCount(0);
});

test("on a phone the filters fold behind one row of chips; on a desktop the panel is open @phone", async ({ page, catalogue }) => {
  await catalogue.create(buildMovie({ title: "Corvilla Moonrise", releaseDate: "1952-01-01" }));
  await catalogue.create(buildMovie({ title: "Corvilla Sunset", releaseDate: "1953-01-01" }));
  await page.goto("/search?q=corvilla");
  const form = page.getByRole("form", { name: "Filter results" });
  const chips = page.getByRole("list", { name: "Quick filters" });
  if (!isPhone(page)) {
    await expect(form.getByRole("combobox", { name: "Sort by" })).toBeVisible();
    await expect(chips).toBeHidden();
    return;
  }
  await expect(page.getByRole("region", { name: "Results" }).getByRole("listitem")).toHaveCount(2);
  await expect(form).toBeHidden();
  // One row of chips, each at least 44 px high (a finger's target).
  const boxes = await chips.getByRole("listitem").evaluateAll((items) => items.map((li) => li.firstElementChild!.getBoundingClientRect()));
  expect(boxes.length).toBe(4);
  expect(new Set(boxes.map((b) => Math.round(b.top))).size).toBe(1);
  for (const box of boxes) expect(box.height).toBeGreaterThanOrEqual(44);
  await expectAccessible(page);
  await chips.getByRole("link", { name: "Movies" }).click();
  await expect(page).toHaveURL(/type=movie/);
  await expect(chips.getByRole("link", { name: "Movies" })).toHaveAttribute("aria-current", "true");
  await chips.getByText("More filters").click();
  await expect(form.getByRole("combobox", { name: "Sort by" })).toBeVisible();
  await form.getByRole("combobox", { name: "Sort by" }).selectOption("title");
  await expect(page).toHaveURL(/sort=title/);
  await expect(chips.getByText("More filters")).toContainText("1");
});

test.describe("not found", () => {
  // The 404 answers themselves are what the browser logs.
  test.use({ expectedConsoleErrors: [/status of 404/] });

  test("both 404 pages offer a search that opens the search page @phone", async ({ page }) => {
    for (const path of ["/no-such-page-here", "/movie/987654/no-such-title"]) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(404);
      const form = page.getByRole("search", { name: "Search for a title" });
      await expect(form).toBeVisible();
      await expectAccessible(page);
    }
    const form = page.getByRole("search", { name: "Search for a title" });
    await form.getByRole("searchbox", { name: "Search movies and TV shows" }).fill("nosferatu");
    await form.getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(/\/search\?q=nosferatu$/);
    await expect(page.getByRole("region", { name: "Results" }).getByRole("heading", { name: "Nosferatu", exact: true })).toBeVisible();
  });
});
