import { expect, expectAccessible, test, testOnOwnServer } from "./fixtures.ts";

// Its own server: titles other tests add meanwhile would shift the listing between pages.
testOnOwnServer("a visitor pages through the catalogue and opens a title @phone", async ({ page }) => {
  await page.goto("/");
  const listing = page.getByRole("region", { name: "Latest uploads" });
  await expect(listing.getByRole("heading", { name: "Latest uploads" })).toBeVisible();
  const cards = listing.getByRole("listitem");
  await expect(cards).toHaveCount(15);
  await expect(page.getByRole("contentinfo")).toContainText(
    "Cinedex does not store any files on its servers. All content is provided by non-affiliated third parties.",
  );
  await expectAccessible(page);
  const firstPageTitles = await cards.getByRole("heading").allTextContents();

  const pagination = page.getByRole("navigation", { name: "Pagination" });
  await expect(pagination.getByText("Page 1")).toHaveAttribute("aria-current", "page");
  await pagination.getByRole("link", { name: "Page 2" }).click();
  await expect(page).toHaveURL(/\/\?page=2$/);
  await expect(pagination.getByText("Page 2")).toHaveAttribute("aria-current", "page");
  const secondPageTitles = await cards.getByRole("heading").allTextContents();
  expect(secondPageTitles.length).toBeGreaterThan(0);
  expect(secondPageTitles.filter((t) => firstPageTitles.includes(t))).toEqual([]);

  const first = cards.first();
  const name = (await first.getByRole("heading").textContent())!;
  await first.getByRole("link").click();
  await expect(page).toHaveURL(/\/movie\/\d+\/[^/]+$/);
  await expect(page.getByRole("heading", { level: 1 })).toContainText(name);
  await expect(page.getByRole("heading", { name: "Downloads" })).toBeVisible();
  await expect(page).toHaveTitle(new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`));
  await expectAccessible(page);

  await page.goBack();
  await expect(page).toHaveURL(/\/\?page=2$/);
});

test("pages work without JavaScript", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto("/");
  await page.getByRole("navigation", { name: "Pagination" }).getByRole("link", { name: "Next" }).click();
  await expect(page).toHaveURL(/\/\?page=2$/);
  await page.getByRole("region", { name: "Latest uploads" }).getByRole("listitem").first().getByRole("link").click();
  await expect(page.getByRole("heading", { name: "Downloads" })).toBeVisible();
  await context.close();
});

test.describe("not found", () => {
  test.use({ expectedConsoleErrors: [/status of 404/] });

  test("an unknown page and an unknown title get styled 404 pages", async ({ page }) => {
    const missing = await page.goto("/no/such/page");
    expect(missing?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
    await expect(page).toHaveTitle("Page not found | Cinedex");
    await expectAccessible(page);

    const title = await page.goto("/movie/99999999/anything");
    expect(title?.status()).toBe(404);
    await expect(page.getByText("No item found with this ID. Please try again later.")).toBeVisible();
  });
});
