import type { Page } from "@playwright/test";
import { buildMovie, buildSeries } from "#tests/factories/titles.ts";
import { expect, expectAccessible, test } from "./fixtures.ts";

const IMAGE_HOSTS = /^https?:\/\/([^/]+\.)?(archive\.org|image\.tmdb\.org|example\.com)\//;

/** Cuts the network to the image hosts: their images fail as they do offline. */
async function blockImageHosts(page: Page) {
  await page.route(IMAGE_HOSTS, (route) => route.abort("internetdisconnected"));
}

/** Every <img> on the page that is drawn but has no pixels: what a browser shows as a broken-image icon. */
async function brokenImages(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.images]
      .filter((img) => img.getClientRects().length > 0 && (!img.complete || img.naturalWidth === 0))
      .map((img) => img.currentSrc || img.src),
  );
}

/** Scrolls through the page, and through each row that scrolls sideways (home's rows), so lazy images load (and fail). */
async function scrollThrough(page: Page) {
  await page.evaluate(async () => {
    const rows = [...document.querySelectorAll("ul")].filter((list) => list.scrollWidth > list.clientWidth);
    for (let y = 0; y < document.body.scrollHeight; y += window.innerHeight / 2) {
      window.scrollTo(0, y);
      for (const row of rows) row.scrollLeft = row.scrollWidth;
      await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    }
    for (const row of rows) row.scrollLeft = 0;
    window.scrollTo(0, 0);
  });
}

test.describe("artwork", () => {
  // A blocked image is a failed request, which Chromium logs.
  test.use({ expectedConsoleErrors: [/Failed to load resource: net::ERR_INTERNET_DISCONNECTED/] });

  test("with the image hosts unreachable, no page shows a broken image: the generated poster stands in @phone", async ({
    page,
    catalogue,
  }) => {
    test.slow(); // five pages, each scrolled through to load every lazy image
    const film = await catalogue.create(
      buildMovie({
        title: "Broken Host Film",
        posterUrl: "https://image.tmdb.org/t/p/w500/unreachable.jpg",
        backgroundUrl: "https://image.tmdb.org/t/p/original/unreachable-bg.jpg",
        screenshots: ["https://example.com/shot-1.jpg", "https://example.com/shot-2.jpg"],
      }),
    );
    await blockImageHosts(page);
    for (const path of ["/", `/movie/${film.id}/${film.slug}`, "/genre/horror", "/search?q=night", "/?q=broken+host"]) {
      await page.goto(path);
      await scrollThrough(page);
      await expect.poll(() => brokenImages(page), { message: path, timeout: 10_000 }).toEqual([]);
    }
    // The title page: the drawn poster, and screenshots replaced by labelled placeholders.
    await page.goto(`/movie/${film.id}/${film.slug}`);
    await expect(page.locator("article header img")).toHaveCount(0);
    await expect(page.locator("article header [aria-hidden=true]").getByText("Broken Host Film", { exact: true })).toBeVisible();
    await expect(page.getByRole("img", { name: "Broken Host Film, screenshot 1 of 2 (image unavailable)" })).toBeVisible();
    await expectAccessible(page);
  });

  test("the admin lists draw the poster when its host is unreachable, never a broken image", async ({ page, admin, catalogue }) => {
    await catalogue.create(
      buildMovie({ title: "Admin Broken Host Film", posterUrl: "https://image.tmdb.org/t/p/w500/unreachable-admin.jpg" }),
    );
    expect(admin.admin.id).toBeGreaterThan(0);
    await blockImageHosts(page);
    for (const path of ["/dashboard/movies", "/dashboard/movies?q=admin+broken+host", "/dashboard/settings/featured"]) {
      await page.goto(path);
      await scrollThrough(page);
      await expect.poll(() => brokenImages(page), { message: path, timeout: 10_000 }).toEqual([]);
    }
    await page.goto("/dashboard/movies?q=admin+broken+host");
    const row = page
      .getByRole("row")
      .filter({ hasText: "Admin Broken Host Film" })
      .or(page.locator("li").filter({ hasText: "Admin Broken Host Film" }));
    const thumb = row.first().getByText("A", { exact: true });
    await expect(thumb).toBeVisible();
    await expect(row.first().locator("img")).toHaveCount(0);
    // The 2:3 poster ratio, as everywhere else.
    const box = (await thumb.boundingBox())!;
    expect(box.height / box.width).toBeCloseTo(1.5, 1);
  });

  test("posters come in the widths they are drawn at, sized and lazy below the fold", async ({ page, catalogue }) => {
    const film = await catalogue.create(
      buildMovie({
        title: "Sized Poster Film",
        posterUrl: "https://image.tmdb.org/t/p/w500/sized.jpg",
        backgroundUrl: "https://image.tmdb.org/t/p/original/sized-bg.jpg",
      }),
    );
    await page.goto(`/movie/${film.id}/${film.slug}`);
    const poster = page.locator("article header img").first();
    await expect(poster).toHaveAttribute("src", "https://image.tmdb.org/t/p/w342/sized.jpg");
    await expect(poster).toHaveAttribute(
      "srcset",
      "https://image.tmdb.org/t/p/w185/sized.jpg 185w, https://image.tmdb.org/t/p/w342/sized.jpg 342w, https://image.tmdb.org/t/p/w500/sized.jpg 500w",
    );
    await expect(poster).toHaveAttribute("width", "500");
    await expect(poster).toHaveAttribute("height", "750");
    await expect(poster).toHaveAttribute("fetchpriority", "high");
    const backdrop = await page.locator("article header [style*='sized-bg']").getAttribute("style");
    expect(backdrop).toContain("/t/p/w1280/sized-bg.jpg");
    expect(backdrop).not.toContain("/original/");

    await page.goto("/");
    const cards = page.getByRole("region", { name: "Latest uploads" }).locator("img");
    await expect(cards.first()).toHaveAttribute("loading", "eager");
    await expect(cards.nth(10)).toHaveAttribute("loading", "lazy");
  });

  test("the first featured slide's image is fetched first, with the page; the others load as their slides come up", async ({ page }) => {
    await page.clock.install(); // no slide advances on its own here
    await page.goto("/");
    const preload = page.locator('head link[rel="preload"][as="image"][fetchpriority="high"]');
    await expect(preload).toHaveCount(1);
    const first = await preload.getAttribute("href");
    const slides = page.getByRole("region", { name: "Featured titles" }).locator('[aria-roledescription="slide"]');
    expect(await slides.count()).toBeGreaterThan(2);
    const backdrop = (i: number) => slides.nth(i).locator('[style*="url("]');
    expect(await backdrop(0).getAttribute("style")).toContain(first);
    // The second is next, so it is ready when the slide changes; the third waits its turn.
    await expect(backdrop(1)).toHaveCount(1);
    await expect(backdrop(2)).toHaveCount(0);
    await page.getByRole("region", { name: "Featured titles" }).getByRole("button", { name: "Next slide" }).click();
    await expect(backdrop(2)).toHaveCount(1);
  });

  test("the home hero shows a featured title's backdrop sharp over its drawn colours, and the drawn poster when the host fails", async ({
    page,
    catalogue,
  }) => {
    await catalogue.create(
      buildMovie({
        title: "Backdrop Hero Film",
        featured: true,
        featuredOrder: -1,
        // Its trailer is its poster's item page, as for the demo films: the demo test below, running
        // beside this one, reads whichever featured title comes first.
        posterUrl: "https://archive.org/services/img/backdrop-hero-poster",
        backgroundUrl: "https://image.tmdb.org/t/p/original/backdrop-hero.jpg",
        trailerUrl: "https://archive.org/details/backdrop-hero-poster",
      }),
    );
    await blockImageHosts(page);
    await page.clock.install(); // the first slide stays
    await page.goto("/");
    const slide = page.getByRole("region", { name: "Featured titles" }).getByRole("group", { name: /^1 of \d+: Backdrop Hero Film$/ });
    await expect(slide).toBeVisible();
    // The backdrop at a width fit for the hero, drawn as it is (not the blurred poster wash), over the title's gradient.
    const backdrop = slide.locator("[style*='backdrop-hero.jpg']");
    await expect(backdrop).toHaveCount(1);
    expect(await backdrop.getAttribute("style")).toContain("https://image.tmdb.org/t/p/w1280/backdrop-hero.jpg");
    await expect(backdrop).not.toHaveClass(/blur/);
    await expect(backdrop).toHaveCSS("background-size", "cover");
    await expect(slide.locator("[style*='linear-gradient']").first()).toBeAttached();
    await expect(page.locator('head link[rel="preload"][as="image"][fetchpriority="high"]')).toHaveAttribute(
      "href",
      "https://image.tmdb.org/t/p/w1280/backdrop-hero.jpg",
    );
    // The slide's poster fails offline: it removes itself and the drawn one (title and year) shows in its place.
    await expect(slide.locator("img")).toHaveCount(0);
    await expect(slide.locator("[aria-hidden=true]").getByText("Backdrop Hero Film", { exact: true })).toBeVisible();
    await expect(slide.getByRole("link", { name: /Watch Trailer/ })).toHaveAttribute(
      "href",
      "https://archive.org/details/backdrop-hero-poster",
    );
    await expectAccessible(page);
  });

  test("the demo catalogue shows Internet Archive artwork and trailers, and every title has a share image", async ({ page, request }) => {
    await page.goto("/");
    const hero = page.getByRole("region", { name: "Featured titles" });
    const poster = await hero.locator("img").first().getAttribute("src");
    expect(poster).toMatch(/^https:\/\/archive\.org\/services\/img\/[\w.-]+$/);
    // The trailer is the same archive item's page (the public-domain film), in a new tab.
    const trailer = hero
      .locator('[aria-roledescription="slide"]')
      .first()
      .getByRole("link", { name: /Watch Trailer/ });
    await expect(trailer).toHaveAttribute("href", poster!.replace("/services/img/", "/details/"));
    await expect(trailer).toHaveAttribute("target", "_blank");

    for (const [path, kind] of [
      ["/movie/1/nosferatu", "card"],
      ["/search?q=sherlock+holmes", null],
    ] as const) {
      await page.goto(path);
      if (!kind) continue;
      const og = await page.locator('meta[property="og:image"]').getAttribute("content");
      expect(og).toMatch(/\/share\/1\.png\?v=/);
      const image = await request.get(new URL(og!).pathname + new URL(og!).search);
      expect(image.status()).toBe(200);
      expect(image.headers()["content-type"]).toBe("image/png");
      const bytes = await image.body();
      expect(bytes.subarray(1, 4).toString()).toBe("PNG");
      expect(bytes.readUInt32BE(16)).toBe(1200);
      expect(bytes.readUInt32BE(20)).toBe(630);
    }
  });
});

test("a TV show's title page has a season picker and the episodes inline, with a button per quality @phone", async ({
  page,
  catalogue,
  browser,
}) => {
  test.slow(); // a journey over five pages, with and without JavaScript
  const show = await catalogue.create(buildSeries({ title: "Seasoned Show" }));
  await page.goto(`/movie/${show.id}/${show.slug}`);
  const seasons = page.getByRole("navigation", { name: "Seasons" });
  await expect(seasons.getByRole("link", { name: "Season 1" })).toHaveAttribute("aria-current", "true");
  const panel = page.getByRole("region", { name: "Season 1" });
  await expect(panel).toContainText("3 episodes · 480p");
  const episodes = panel.getByRole("listitem");
  await expect(episodes.first()).toContainText("Episode 1");
  await expect(episodes.first()).toContainText("300 MB");
  await expect(panel.getByRole("link", { name: "Archive of Season 1 · 480p" })).toBeVisible();
  await expectAccessible(page);

  // Another season: the list changes in place and the address says which season it is.
  await seasons.getByRole("link", { name: "Season 2" }).click();
  await expect(page).toHaveURL(/\?season=2#episodes$/);
  await expect(page.getByRole("region", { name: "Season 2" }).getByRole("listitem")).toHaveCount(2);
  await expect(seasons.getByRole("link", { name: "Season 2" })).toHaveAttribute("aria-current", "true");

  // One download button per quality of an episode, to that episode's links.
  await page.getByRole("link", { name: "Download Episode 2, Episode 2 in 480p" }).click();
  const episodeId = show.releases.find((r) => r.season === "Season 2")!.files[1]!.id;
  await expect(page).toHaveURL(new RegExp(`/desksync/${show.id}/e${episodeId}/season-2-480p/tv$`));
  await expect(page.getByText("S02E02 - Episode 2")).toBeVisible();

  // The archive page and its URL still work, linked from the season.
  await page.goto(`/movie/${show.id}/${show.slug}`);
  await page.getByRole("link", { name: "Episodes of Season 1 · 480p" }).click();
  await expect(page).toHaveURL(new RegExp(`/archive/${show.id}/season-1-480p$`));

  // Without JavaScript the picker is a set of links to the same page.
  const noScript = await browser.newContext({ javaScriptEnabled: false });
  const plain = await noScript.newPage();
  await plain.goto(`/movie/${show.id}/${show.slug}`);
  await plain.getByRole("navigation", { name: "Seasons" }).getByRole("link", { name: "Season 2" }).click();
  await expect(plain.getByRole("region", { name: "Season 2" })).toBeVisible();
  await noScript.close();
});

test.describe("phone layout @phone", () => {
  test.beforeEach(({ page }) => {
    test.skip((page.viewportSize()?.width ?? 0) >= 640, "phone only");
  });

  test("the admin's link health page fits a 390 px screen: its tables scroll inside their cards", async ({ page, admin }) => {
    void admin;
    await page.goto("/dashboard/link-health?view=all");
    await expect(page.getByRole("columnheader", { name: "Host" })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });

  test("the link-details page fits a 390 px screen; the report button is on screen", async ({ page, catalogue }) => {
    const film = await catalogue.create(buildMovie({ title: "Narrow Screen Film" }));
    await page.goto(`/desksync/${film.id}/null/720p/movie`);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    const report = page.getByRole("link", { name: /Report the .* link as broken/ }).first();
    const box = (await report.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    await expectAccessible(page);
  });

  test("the open menu and search dim the whole page below the header", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("button", { name: "Open menu" }).click();
    const menuBackdrop = page.locator("header > div.fixed").last();
    expect((await menuBackdrop.boundingBox())!.height).toBeGreaterThan(700);
    await page.getByRole("button", { name: "Close menu" }).click();
    await page.getByRole("button", { name: "Open search" }).click();
    const searchBackdrop = page.locator("header div.fixed.inset-0");
    expect((await searchBackdrop.boundingBox())!.height).toBeGreaterThan(700);
  });

  test("the featured carousel has previous and next buttons and follows swipes", async ({ page }) => {
    await page.goto("/");
    const hero = page.getByRole("region", { name: "Featured titles" });
    const current = () => hero.getByRole("group").filter({ visible: true }).getAttribute("aria-label");
    await expect.poll(current).toMatch(/^1 of \d+/);
    await hero.getByRole("button", { name: "Next slide" }).click();
    await expect.poll(current).toMatch(/^2 of \d+/);
    await hero.getByRole("button", { name: "Previous slide" }).click();
    await expect.poll(current).toMatch(/^1 of \d+/);
    const box = (await hero.boundingBox())!;
    await page.mouse.move(box.x + box.width * 0.8, box.y + 100);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width * 0.2, box.y + 100, { steps: 5 });
    await page.mouse.up();
    await expect.poll(current).toMatch(/^2 of \d+/);
  });
});
