import type { Page } from "@playwright/test";
import { expect, expectAccessible, test } from "./fixtures.ts";

// Help and legal pages: the FAQ accordion and its search, the static pages and
// the footer paths that redirect.

const questions = (page: Page) => page.getByRole("main").locator("details");
const summaryOf = (page: Page, index: number) => questions(page).nth(index).locator("summary");

test("the FAQ lists ten questions and keeps one answer open at a time", async ({ page }) => {
  await page.goto("/faq");
  await expect(page.getByRole("heading", { level: 1, name: "Frequently asked questions" })).toBeVisible();
  await expect(page).toHaveTitle("Frequently asked questions | Cinedex");
  await expect(questions(page)).toHaveCount(10);
  await expect(summaryOf(page, 1)).toHaveText("Which qualities are available? Is there 4K?");

  const first = questions(page).nth(0);
  const second = questions(page).nth(1);
  await expect(first).not.toHaveAttribute("open");
  await summaryOf(page, 0).click();
  await expect(first).toHaveAttribute("open");
  await expect(first.getByRole("link", { name: "How to download guide" })).toBeVisible();

  await summaryOf(page, 1).click();
  await expect(second).toHaveAttribute("open");
  await expect(first).not.toHaveAttribute("open");
  await expect(second).toContainText("480p, 720p and 1080p");

  const sidebar = page.getByRole("complementary");
  await expect(sidebar.getByRole("link", { name: "Contact Support" })).toHaveAttribute("href", "/contact-us");
  for (const [name, href] of [
    ["How to download", "/how-to-download"],
    ["Report broken links", "/broken-links"],
    ["Request content", "/request"],
    ["DMCA", "/dmca"],
  ] as const) {
    await expect(sidebar.getByRole("link", { name: new RegExp(`^${name}`) })).toHaveAttribute("href", href);
  }
  await expectAccessible(page);
});

test("typing in the FAQ search filters the questions @phone", async ({ page }) => {
  await page.goto("/faq");
  const search = page.getByRole("searchbox", { name: "Search questions" });
  await expect(search).toHaveCount(1);
  // Typing before hydration would be lost, so repeat until the page reacts.
  await expect(async () => {
    await search.fill("");
    await search.fill("4K");
    await expect(questions(page)).toHaveCount(1, { timeout: 1_000 });
  }).toPass();
  await expect(summaryOf(page, 0)).toHaveText("Which qualities are available? Is there 4K?");
  await expect(page.getByRole("status")).toContainText("Showing 1 of 10 questions for “4K”");
  await expect(page).toHaveURL(/\/faq\?q=4K$/);

  await search.fill("vidéo café zzz");
  await expect(questions(page)).toHaveCount(0);
  await expect(page.getByText("No questions match “vidéo café zzz”")).toBeVisible();
  await expectAccessible(page);

  await page.getByRole("link", { name: "clear the search" }).click();
  await expect(questions(page)).toHaveCount(10);
  await expect(search).toHaveValue("");
  await expect(page).toHaveURL(/\/faq$/);

  // Blank input keeps every question and leaves the address (and the server) alone.
  const dataRequests: string[] = [];
  page.on("request", (request) => {
    if (request.url().includes(".data")) dataRequests.push(request.url());
  });
  await search.fill("   ");
  await expect(questions(page)).toHaveCount(10);
  await expect(page).toHaveURL(/\/faq$/);

  // Accents and case do not matter.
  await search.fill("VIDÉO");
  await expect(questions(page)).toHaveCount(2);
  // Whatever the blank input did happened before this search: it never reached the server.
  expect(dataRequests.filter((url) => !/[?&]q=[^&]*vid/i.test(decodeURIComponent(url)))).toEqual([]);
  await expect(summaryOf(page, 0)).toHaveText("Why am I redirected to third-party sites?");

  await search.fill("MKV");
  await expect(questions(page)).toHaveCount(1);
  await expect(summaryOf(page, 0)).toHaveText("What is the difference between MP4 and MKV?");
  await search.press("Enter");
  await expect(page).toHaveURL(/\/faq\?q=MKV$/);
  await expect(questions(page)).toHaveCount(1);

  // A filtered address can be reloaded or shared.
  await page.reload();
  await expect(search).toHaveValue("MKV");
  await expect(questions(page)).toHaveCount(1);
});

test("the FAQ search works without JavaScript", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto("/faq");
  await expect(questions(page)).toHaveCount(10);

  const search = page.getByRole("searchbox", { name: "Search questions" });
  await search.fill("broken");
  await search.press("Enter");
  await expect(page).toHaveURL(/\/faq\?q=broken$/);
  await expect(questions(page)).toHaveCount(1);
  await expect(summaryOf(page, 0)).toHaveText("What should I do if a link is broken?");
  await expect(search).toHaveValue("broken");

  await search.fill("nothing like this");
  await page.getByRole("search", { name: "Search the FAQ" }).getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(/\/faq\?q=nothing\+like\+this$/);
  await expect(page.getByText("No questions match “nothing like this”")).toBeVisible();
  await page.getByRole("link", { name: "clear the search" }).click();
  await expect(page).toHaveURL(/\/faq$/);
  await expect(questions(page)).toHaveCount(10);

  // The accordion is native HTML, so it works without scripts too.
  await summaryOf(page, 2).click();
  await expect(questions(page).nth(2)).toHaveAttribute("open");
  await summaryOf(page, 3).click();
  await expect(questions(page).nth(2)).not.toHaveAttribute("open");
  await context.close();
});

test("the download guide has five steps, tips and help links", async ({ page }) => {
  await page.goto("/how-to-download");
  await expect(page.getByRole("heading", { level: 1, name: "How to download" })).toBeVisible();
  const steps = page.getByRole("list", { name: "Step by step" }).getByRole("listitem");
  await expect(steps).toHaveCount(5);
  await expect(steps.nth(3)).toContainText("Continue to download");
  await expect(page.getByRole("heading", { level: 2, name: "Tips" })).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: "Common issues" })).toBeVisible();
  await expect(page.getByRole("main")).toContainText("VLC");
  await expect(page.getByRole("main").getByRole("link", { name: "Contact us", exact: true })).toHaveAttribute("href", "/contact-us");
  await expect(page.getByRole("main").getByRole("link", { name: "Report a broken link", exact: true })).toHaveAttribute(
    "href",
    "/broken-links",
  );
  await expectAccessible(page);
});

const STATIC_PAGES = [
  ["/how-to-download", "How to download"],
  ["/faq", "Frequently asked questions"],
  ["/about-us", "About Cinedex"],
  ["/site-disclaimer", "Site disclaimer"],
  ["/privacy-policy", "Privacy policy"],
  ["/terms", "Terms of use"],
] as const;

test("every help and legal page has one h1, a title and a canonical link @phone", async ({ page }) => {
  for (const [path, heading] of STATIC_PAGES) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(200);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(heading);
    await expect(page.locator("h1")).toHaveCount(1);
    await expect(page).toHaveTitle(/ \| Cinedex$/);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", new RegExp(`${path}$`));
    // The page is no wider than the screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), path).toBe(true);
  }
});

// One test per page: each axe scan gets the whole test timeout, even on a busy machine.
for (const path of ["/about-us", "/site-disclaimer", "/privacy-policy", "/terms"]) {
  test(`${path} is accessible${path === "/privacy-policy" || path === "/terms" ? " and dated" : ""}`, async ({ page }) => {
    await page.goto(path);
    await expectAccessible(page);
    if (path === "/privacy-policy") await expect(page.getByText("Last updated: November 25, 2026")).toBeVisible();
    if (path === "/terms") await expect(page.getByText("Last updated: November 21, 2026")).toBeVisible();
  });
}

test("old footer paths redirect permanently and keep the query string", async ({ request }) => {
  for (const [from, to] of [
    ["/about", "/about-us"],
    ["/contact", "/contact-us"],
    ["/privacy", "/privacy-policy"],
    ["/about?ref=footer&x=1", "/about-us?ref=footer&x=1"],
    ["/privacy/", "/privacy-policy"],
  ] as const) {
    const response = await request.get(from, { maxRedirects: 0 });
    expect(response.status(), from).toBe(301);
    expect(response.headers()["location"], from).toBe(to);
  }
});

test("Help in the navigation opens the FAQ; only FAQ is marked current there", async ({ page }) => {
  await page.goto("/");
  const nav = page.getByRole("navigation", { name: "Main" });
  await nav.getByRole("link", { name: "Help", exact: true }).click();
  await expect(page).toHaveURL(/\/faq$/);
  await expect(page.getByRole("heading", { level: 1, name: "Frequently asked questions" })).toBeVisible();
  await expect(nav.getByRole("link", { name: "FAQ", exact: true })).toHaveAttribute("aria-current", "page");
  await expect(nav.getByRole("link", { name: "Help", exact: true })).not.toHaveAttribute("aria-current", "page");
});
