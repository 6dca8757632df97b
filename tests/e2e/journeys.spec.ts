import { countClicks } from "#app/modules/outlinks/outlinks.server.ts";
import { buildMovie, buildSeries } from "#tests/factories/titles.ts";
import { startFileHost } from "#tests/helpers/file-host.ts";
import { expect, expectAccessible, test } from "./fixtures.ts";

test("home → carousel → title → lightbox → download option → countdown → out-link", async ({ page, catalogue }) => {
  // Seven pages and four accessibility scans: more than the default 30 s on a loaded machine.
  test.slow();
  const host = await startFileHost();
  try {
    const film = await catalogue.create(
      buildMovie({
        title: "Journey Through the Night",
        featured: true,
        featuredOrder: -1,
        trailerUrl: null,
        screenshots: ["https://images.example/a.jpg", "https://images.example/b.jpg", "https://images.example/c.jpg"],
        releases: [
          {
            quality: "720p",
            files: [{ title: "Journey 720p", size: "1.1 GB", links: [{ label: "instant", url: `${host.origin}/files/journey-720p.mkv` }] }],
          },
        ],
      }),
    );
    const linkId = film.releases[0]!.files[0]!.links[0]!.id;
    await page.clock.install();
    await page.goto("/");

    const carousel = page.getByRole("region", { name: "Featured titles" });
    const firstSlide = carousel.getByRole("group", { name: /^1 of \d+: Journey Through the Night$/ });
    await expect(firstSlide).toBeVisible();
    await expect(firstSlide.getByRole("button", { name: "Watch Trailer" })).toHaveAttribute("aria-disabled", "true");
    await firstSlide.getByRole("link", { name: /Download/ }).hover();
    await expect(firstSlide.getByRole("tooltip")).toHaveText("Size: 1.1 GB");
    await firstSlide.getByRole("button", { name: "Watch Trailer" }).hover();
    await expect(firstSlide.getByRole("tooltip")).toHaveText("No trailer");
    await carousel.getByRole("button", { name: "Next slide" }).click();
    await expect(carousel.getByRole("group", { name: /^2 of / })).toBeVisible();
    await carousel.getByRole("button", { name: "Previous slide" }).click();
    await expect(firstSlide).toBeVisible();
    await expectAccessible(page);
    await firstSlide.getByRole("link", { name: /Download/ }).click();

    await expect(page).toHaveURL(new RegExp(`/movie/${film.id}/${film.slug}#downloads$`));
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Journey Through the Night");
    await expectAccessible(page);

    // The lightbox, by keyboard only.
    const thumbnails = page.getByRole("link", { name: /screenshot \d of 3/ });
    await thumbnails.first().focus();
    await page.keyboard.press("Enter");
    const lightbox = page.getByRole("dialog", { name: "Journey Through the Night screenshots" });
    await expect(lightbox).toBeVisible();
    await expect(lightbox.getByText("1 / 3")).toBeVisible();
    await page.keyboard.press("ArrowRight");
    await expect(lightbox.getByText("2 / 3")).toBeVisible();
    await page.keyboard.press("ArrowLeft");
    await page.keyboard.press("ArrowLeft");
    await expect(lightbox.getByText("3 / 3")).toBeVisible();
    await page.keyboard.press("Tab");
    await expect(lightbox.locator(":focus")).toHaveCount(1);
    await page.keyboard.press("Escape");
    await expect(lightbox).toBeHidden();
    await expect(thumbnails.first()).toBeFocused();

    await page.getByRole("link", { name: "Download 720p" }).click();
    await expect(page).toHaveURL(new RegExp(`/desksync/${film.id}/null/720p/movie$`));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Journey Through the Night");
    await expect(page.getByText("Journey 720p")).toBeVisible();
    await expect(page.getByRole("definition").filter({ hasText: "1.1 GB" })).toBeVisible();
    await expectAccessible(page);
    await page.getByRole("link", { name: "Download from instant" }).click();

    await expect(page).toHaveURL(new RegExp(`/middleman\\?id=${linkId}$`));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Mediator Page | Please Wait");
    await expectAccessible(page);
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(page.getByText("Generating Link")).toBeVisible();
    await expect(page.getByRole("link", { name: "Continue to download" })).toHaveCount(0);
    await page.clock.runFor(9_000);
    await expect(page.getByRole("link", { name: "Continue to download" })).toHaveCount(0);
    await page.clock.runFor(1_000);
    await page.getByRole("link", { name: "Continue to download" }).click();

    await expect(page).toHaveURL(`${host.origin}/files/journey-720p.mkv`);
    await expect(page.locator("body")).toContainText("Test file host: /files/journey-720p.mkv");
    expect(host.requests.at(-1)?.headers.referer).toBeUndefined();
    expect(await countClicks(catalogue.db, linkId)).toBe(1);
  } finally {
    await host.close();
  }
});

test("download options already opened are marked as visited", async ({ page, catalogue }) => {
  const film = await catalogue.create(buildMovie({ title: "Marker Film" }));
  await page.goto(`/desksync/${film.id}/null/720p/movie`);
  await expect(page.getByText("Visited", { exact: true })).toHaveCount(0);
  await page.getByRole("link", { name: "Download from gdrive" }).click();
  await expect(page).toHaveURL(/\/middleman\?id=\d+$/);
  await page.goBack();
  const rows = page.getByRole("region", { name: "Night of the Test 720p" }).getByRole("listitem");
  await expect(rows.filter({ hasText: "gdrive" })).toContainText("Visited");
  await expect(rows.filter({ hasText: "instant" })).not.toContainText("Visited");
  await page.reload();
  await expect(rows.filter({ hasText: "gdrive" })).toContainText("Visited");
});

test("TV title → archive → episode link details → copy link", async ({ page, context, catalogue }) => {
  test.slow(); // five pages, two of them checked with axe
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  const show = await catalogue.create(buildSeries({ title: "Archive Walk" }));
  await page.goto(`/movie/${show.id}/${show.slug}`);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Archive Walk");
  await expectAccessible(page);

  await page.getByRole("link", { name: "Episodes of Season 1 · 480p" }).click();
  await expect(page).toHaveURL(new RegExp(`/archive/${show.id}/season-1-480p$`));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Season 1");
  const episodes = page.getByRole("main").getByRole("listitem");
  await expect(episodes.first()).toContainText("S01E01 - Episode 1");
  await expect(episodes.first()).toContainText("300 MB");
  await expectAccessible(page);

  await page.getByRole("link", { name: /S01E02 - Episode 2/ }).click();
  const episodeId = show.releases[0]!.files[1]!.id;
  await expect(page).toHaveURL(new RegExp(`/desksync/${show.id}/e${episodeId}/season-1-480p/tv$`));
  await expect(page.getByText("S01E02 - Episode 2")).toBeVisible();
  await page.getByRole("button", { name: "Copy link" }).click();
  await expect(page.getByText("Link copied to clipboard!")).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe("https://gdrive.example/s1e2");
  await expect(page.getByRole("button", { name: "Link copied" })).toBeVisible();

  await page.getByRole("link", { name: "Back" }).click();
  await expect(page).toHaveURL(new RegExp(`/archive/${show.id}/season-1-480p$`));

  // The season archive (zip) page.
  await page.goto(`/movie/${show.id}/${show.slug}`);
  await page.getByRole("link", { name: "Archive of Season 1 · 480p" }).click();
  await expect(page.getByText("Complete archive · 1.1 GB")).toBeVisible();
});

test("a genre page pages through its titles and filters by type", async ({ page, catalogue }) => {
  for (let i = 0; i < 16; i++) await catalogue.create(buildMovie({ title: `Paging Film ${i}`, genres: ["E2E Paging"] }));
  await catalogue.create(buildSeries({ title: "Paging Show", genres: ["E2E Paging"] }));
  await page.goto("/genre/e2e-paging");
  await expect(page.getByRole("heading", { level: 1, name: "E2E Paging" })).toBeVisible();
  await expect(page.getByText("17 titles · page 1 of 2")).toBeVisible();
  await expect(page.getByRole("region", { name: "E2E Paging" }).getByRole("listitem")).toHaveCount(15 + 3);
  await page.getByRole("navigation", { name: "Pagination" }).getByRole("link", { name: "Next" }).click();
  await expect(page).toHaveURL(/\/genre\/e2e-paging\?page=2$/);
  await expect(page.getByText("17 titles · page 2 of 2")).toBeVisible();
  await page.getByRole("link", { name: "TV Shows" }).click();
  await expect(page).toHaveURL(/\/genre\/e2e-paging\/tv$/);
  await expect(page.getByText("1 title")).toBeVisible();
  await page.getByRole("link", { name: "Movies" }).click();
  await expect(page.getByText("16 titles · page 1 of 2")).toBeVisible();
});

test("the mobile menu opens, locks scrolling, closes on outside click and on navigation @phone", async ({ page }) => {
  test.skip((page.viewportSize()?.width ?? 0) >= 768, "phone only");
  await page.goto("/");
  const open = page.getByRole("button", { name: "Open menu" });
  await open.click();
  const menu = page.getByRole("navigation", { name: "Menu" });
  await expect(menu).toBeVisible();
  expect(await page.evaluate(() => document.body.style.overflow)).toBe("hidden");
  await page.mouse.click(200, 700);
  await expect(menu).toBeHidden();
  expect(await page.evaluate(() => document.body.style.overflow)).toBe("");

  await open.click();
  await menu.getByRole("link", { name: "FAQ" }).click();
  await expect(page).toHaveURL(/\/faq$/);
  await expect(menu).toBeHidden();
  await page.getByRole("button", { name: "Open menu" }).click();
  await expect(menu.getByRole("link", { name: "FAQ" })).toHaveClass(/bg-white\/10/);
  await expect(menu.getByRole("link", { name: "Home" })).not.toHaveClass(/bg-white\/10/);
});

test("the mobile search opens over a backdrop @phone", async ({ page }) => {
  test.skip((page.viewportSize()?.width ?? 0) >= 768, "phone only");
  await page.goto("/");
  await page.getByRole("button", { name: "Open search" }).click();
  const box = page.getByRole("combobox", { name: "Search movies" });
  await expect(box).toBeVisible();
  await expect(box).toHaveAttribute("placeholder", "Search movies...");
  await expect(box).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(box).toBeHidden();
});

test("the notices are one compact bar: one at a time, each dismissal and Dismiss all survive a reload, with and without JavaScript @phone", async ({
  page,
  browser,
}) => {
  await page.goto("/");
  const notices = page.getByRole("region", { name: "Notices" });
  await expect(notices).toContainText("Please don't use a VPN while downloading");
  await expect(notices).toContainText("1 of 4");
  // Compact: one notice takes at most about two lines of a phone's first screen.
  const height = (await notices.boundingBox())!.height;
  expect(height).toBeLessThanOrEqual(page.viewportSize()!.width < 640 ? 96 : 48);

  // Each notice keeps its text and link.
  await notices.getByRole("button", { name: "Next notice" }).click();
  await expect(notices).toContainText("To download, open a title and click its Download button");
  await notices.getByRole("button", { name: "Next notice" }).click();
  await expect(notices.getByRole("link", { name: "Report a broken link" })).toHaveAttribute("href", "/broken-links");
  await notices.getByRole("button", { name: "Next notice" }).click();
  await expect(notices.getByRole("link", { name: "Contact us" })).toHaveAttribute("href", "/contact-us");
  await notices.getByRole("button", { name: "Next notice" }).click();
  await expect(notices).toContainText("VPN");

  // The notice hides at once; the reload must wait for the cookie that remembers it.
  const remembered = page.waitForResponse((r) => r.url().includes("/banners/dismiss") && r.ok());
  await notices.getByRole("button", { name: "Dismiss notice" }).click();
  await expect(notices).not.toContainText("VPN");
  await expect(notices).toContainText("1 of 3");
  await remembered;
  await page.reload();
  await expect(notices).toContainText("1 of 3");
  await expect(notices).not.toContainText("VPN");

  const all = page.waitForResponse((r) => r.url().includes("/banners/dismiss") && r.ok());
  await notices.getByRole("button", { name: "Dismiss all" }).click();
  await expect(notices).toBeHidden();
  await all;
  await page.reload();
  await expect(page.getByRole("heading", { name: "Latest uploads" })).toBeVisible();
  await expect(notices).toBeHidden();

  const noScript = await browser.newContext({ javaScriptEnabled: false });
  const plain = await noScript.newPage();
  await plain.goto("/faq");
  const plainNotices = plain.getByRole("region", { name: "Notices" });
  await expect(plainNotices).toContainText("VPN");
  await plainNotices.getByRole("button", { name: "Dismiss notice" }).click();
  await expect(plain).toHaveURL(/\/faq$/);
  await expect(plainNotices).toContainText("To download, open a title");
  await plainNotices.getByRole("button", { name: "Dismiss all" }).click();
  await expect(plain).toHaveURL(/\/faq$/);
  await expect(plain.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(plainNotices).toBeHidden();
  await noScript.close();
});

test("recently viewed titles appear in the footer, newest first, four at most", async ({ page, catalogue }) => {
  const footer = page.getByRole("contentinfo");
  await page.goto("/faq");
  await expect(footer.getByText("No recently viewed items")).toBeVisible();
  const titles = [];
  for (let i = 1; i <= 5; i++) titles.push(await catalogue.create(buildMovie({ title: `Viewed ${i}` })));
  for (const title of titles) {
    await page.goto(`/movie/${title.id}/${title.slug}`);
    await expect(footer.getByRole("link", { name: title.title })).toBeVisible();
  }
  await page.goto(`/movie/${titles[1]!.id}/${titles[1]!.slug}`);
  await expect(footer.getByRole("list", { name: "Recently viewed titles" }).getByRole("link")).toHaveText([
    "Viewed 2",
    "Viewed 5",
    "Viewed 4",
    "Viewed 3",
  ]);
});

test("favorites and watchlist are kept in the browser and listed on /watchlist", async ({ page, catalogue }) => {
  const film = await catalogue.create(buildMovie({ title: "Saved For Later" }));
  await page.goto(`/movie/${film.id}/${film.slug}`);
  await page.getByRole("button", { name: "Watchlist" }).click();
  await expect(page.getByText("Added to watchlist")).toBeVisible();
  await expect(page.getByRole("button", { name: "Watchlist" })).toHaveAttribute("aria-pressed", "true");
  await page.getByRole("button", { name: "Favorite" }).click();
  await expect(page.getByText("Added to favorites")).toBeVisible();
  await page.getByRole("button", { name: "Favorite" }).click();
  await expect(page.getByText("Removed from favorites")).toBeVisible();

  await page.goto("/watchlist");
  const watch = page.getByRole("region", { name: /Watchlist/ });
  await expect(watch.getByRole("link", { name: /Saved For Later/ })).toBeVisible();
  await expect(page.getByRole("region", { name: /Favorites/ })).toContainText("You have no favorites yet.");
  await watch.getByRole("button", { name: "Remove Saved For Later from watchlist" }).click();
  await expect(watch).toContainText("Your watchlist is empty.");
});

test("the carousel advances every 5 seconds, wraps, and pauses while hovered", async ({ page }) => {
  await page.clock.install();
  await page.goto("/");
  const carousel = page.getByRole("region", { name: "Featured titles" });
  const count = await carousel.locator('[aria-roledescription="slide"]').count();
  expect(count).toBeGreaterThan(1);
  await page.mouse.move(5, 5);
  await expect(carousel.getByRole("group", { name: /^1 of / })).toBeVisible();
  await page.clock.runFor(5_000);
  await expect(carousel.getByRole("group", { name: /^2 of / })).toBeVisible();
  await carousel.hover();
  await page.clock.runFor(15_000);
  await expect(carousel.getByRole("group", { name: /^2 of / })).toBeVisible();
  await page.mouse.move(5, 5);
  await page.clock.runFor(5_000 * (count - 1));
  await expect(carousel.getByRole("group", { name: /^1 of / })).toBeVisible();
});

test("title pages describe themselves to search engines", async ({ page, catalogue }) => {
  const show = await catalogue.create(buildSeries({ title: "Structured </script><script>alert(1)</script> Show" }));
  await page.goto(`/movie/${show.id}/${show.slug}`);
  const data = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent())!);
  expect(data).toMatchObject({
    "@type": "TVSeries",
    name: "Structured </script><script>alert(1)</script> Show",
    numberOfSeasons: 2,
    containsSeason: [
      { name: "Season 1", seasonNumber: 1, numberOfEpisodes: 3 },
      { name: "Season 2", numberOfEpisodes: 2 },
    ],
  });
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", new RegExp(`/movie/${show.id}/${show.slug}$`));
  await expect(page.locator('meta[property="og:type"]')).toHaveAttribute("content", "video.tv_show");
  // No poster to share: the title's generated share card.
  await expect(page.locator('meta[property="og:image"]')).toHaveAttribute("content", new RegExp(`/share/${show.id}\\.png\\?v=\\w+$`));
});
