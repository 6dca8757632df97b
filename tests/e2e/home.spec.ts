import { expect, expectAccessible, expectHydrated, test } from "./fixtures.ts";

const isPhone = (page: { viewportSize(): { width: number } | null }) => (page.viewportSize()?.width ?? 0) < 768;

test("the first screen of home shows titles under a compact hero, without layout shifts @phone", async ({ page }) => {
  await page.goto("/");
  await expectHydrated(page.getByRole("region", { name: "Trending now" }).getByRole("link").first());
  const viewport = page.viewportSize()!;
  // Cards mostly in the first screen: their middle inside it, down and across (a row runs on past a phone's edge).
  const inFirstScreen = await page.evaluate(
    ({ width, height }) =>
      [...document.querySelectorAll("main li a[href^='/movie/']:has(h3)")].filter((card) => {
        const box = card.getBoundingClientRect();
        const [x, y] = [box.left + box.width / 2, box.top + box.height / 2];
        return box.top >= 0 && y < height && x > 0 && x < width;
      }).length,
    viewport,
  );
  expect(inFirstScreen).toBeGreaterThanOrEqual(isPhone(page) ? 2 : 5);

  const hero = (await page.getByRole("region", { name: "Featured titles" }).boundingBox())!;
  expect(hero.height / viewport.height).toBeLessThanOrEqual(isPhone(page) ? 0.45 : 0.6);

  // Rendered on the server at its final size: nothing moves once scripts and images arrive.
  const shift = await page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let total = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[])
            if (!entry.hadRecentInput) total += entry.value;
        }).observe({ type: "layout-shift", buffered: true });
        requestAnimationFrame(() => requestAnimationFrame(() => resolve(total)));
      }),
  );
  expect(shift).toBeLessThan(0.02);
  await expectAccessible(page);
});

test("each row is a labelled list of links, scrolls sideways on a phone and leads to its full listing @phone", async ({ page }) => {
  await page.goto("/");
  const trending = page.getByRole("region", { name: "Trending now" });
  const cards = trending.getByRole("list").getByRole("listitem");
  expect(await cards.count()).toBeGreaterThanOrEqual(5);
  await expect(page.getByRole("region", { name: "New on Cinedex" }).getByRole("listitem").first()).toBeVisible();
  await expect(page.getByRole("region", { name: /^Popular in / }).first()).toBeVisible();
  // The spec's grid is still on the page, below the rows.
  await expect(page.getByRole("region", { name: "Latest uploads" }).getByRole("listitem")).toHaveCount(15);

  if (isPhone(page)) {
    const list = trending.getByRole("list");
    expect(await list.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
    expect(await list.evaluate((el) => getComputedStyle(el).scrollSnapType)).toContain("x");
  }
  // Keyboard: each card is one tab stop, and a focused card is scrolled into view.
  await cards.first().getByRole("link").focus();
  for (let i = 0; i < 4; i++) await page.keyboard.press("Tab");
  await expect(cards.nth(4).getByRole("link")).toBeFocused();
  await expect(cards.nth(4).getByRole("link")).toBeInViewport({ ratio: 0.5 });

  // "New on Cinedex" is the grid's first page: its See all leads down to the grid.
  await page.getByRole("link", { name: "See all New on Cinedex" }).click();
  await expect(page.getByRole("heading", { name: "Latest uploads" })).toBeInViewport();
  await trending.getByRole("link", { name: "See all Trending now" }).click();
  await expect(page).toHaveURL(/\/\?sort=popular$/);
  const listing = page.getByRole("region", { name: "Trending now" });
  await expect(listing.getByRole("heading", { level: 2, name: "Trending now" })).toBeVisible();
  await expect(listing.getByRole("listitem")).toHaveCount(15);
  await page.getByRole("navigation", { name: "Pagination" }).getByRole("link", { name: "Page 2" }).click();
  await expect(page).toHaveURL(/\/\?sort=popular&page=2$/);
  // Loaded afresh, through the page cache, the address still says which listing.
  await page.goto("/?sort=popular");
  await expect(page.getByRole("heading", { level: 2, name: "Trending now" })).toBeVisible();
  await expect(page.getByRole("region", { name: "Latest uploads" })).toHaveCount(0);
});

test("a visitor with a watchlist gets a row to continue from it; others do not @phone", async ({ page }) => {
  await page.goto("/");
  await expectHydrated(page.getByRole("region", { name: "Trending now" }).getByRole("link").first());
  await expect(page.getByRole("region", { name: "Continue from your watchlist" })).toHaveCount(0);

  const saved = { id: 1, slug: "nosferatu", title: "Nosferatu", poster: null, year: 1922, type: "movie", timestamp: Date.now() };
  await page.evaluate((list) => localStorage.setItem("cinedex:watchlist", JSON.stringify(list)), [saved]);
  await page.reload();
  const row = page.getByRole("region", { name: "Continue from your watchlist" });
  await expect(row.getByRole("link", { name: /Nosferatu/ })).toHaveAttribute("href", "/movie/1/nosferatu");
  await expect(row.getByRole("link", { name: "See all Continue from your watchlist" })).toHaveAttribute("href", "/watchlist");
  await expectAccessible(page);
});
