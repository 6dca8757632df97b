import { buildMovie, buildSeries } from "#tests/factories/titles.ts";
import { expect, expectAccessible, test } from "./fixtures.ts";

// Issue 32: the title page's poster shape, its first screen on a phone, the facts on
// its download cards and "More like this".

test("the poster is drawn at 2:3 and, on a phone, Download is within the first screen @phone", async ({ page, catalogue }) => {
  const film = await catalogue.create(
    buildMovie({
      title: "Shape Of The Poster",
      // A long overview and many cast members: the text column is much taller than the poster.
      overview: "A very long overview. ".repeat(40),
      cast: Array.from({ length: 12 }, (_, i) => ({ name: `Actor ${i}`, character: `Role ${i}` })),
    }),
  );
  await page.goto(`/movie/${film.id}/${film.slug}`);
  const phone = page.viewportSize()!.width < 640;
  const box = (await page.locator("article header .aspect-\\[2\\/3\\]").first().boundingBox())!;
  expect(box.height / box.width).toBeCloseTo(1.5, 1);
  expect(Math.round(box.width)).toBe(phone ? 112 : 224);

  const download = page.getByRole("link", { name: "Download", exact: true });
  await expect(download).toHaveAttribute("href", "#downloads");
  const button = (await download.boundingBox())!;
  expect(button.y + button.height).toBeLessThanOrEqual(page.viewportSize()!.height);

  // The other actions: icon buttons of at least 44 px named by their label on a phone, labelled chips from 640 px.
  for (const action of [
    page.getByRole("link", { name: "Report", exact: true }),
    page.getByRole("button", { name: "Watchlist" }),
    page.getByRole("button", { name: "Share" }),
    page.getByRole("link", { name: /Play Trailer/ }),
  ]) {
    const size = (await action.boundingBox())!;
    expect(size.height).toBeGreaterThanOrEqual(phone ? 44 : 30);
    if (phone) expect(size.width).toBeGreaterThanOrEqual(44);
    if (phone) expect(size.y + size.height).toBeLessThanOrEqual(page.viewportSize()!.height);
  }
  // From 640 px the label is drawn: a chip wider than its icon.
  if (!phone) expect((await page.getByRole("link", { name: "Report", exact: true }).boundingBox())!.width).toBeGreaterThan(60);
  await expectAccessible(page);
});

test("a movie's download cards give size, hosts, format, language and the last link check @phone", async ({ page, catalogue }) => {
  const film = await catalogue.create(buildMovie({ title: "Facts Film", language: "Hindi", fileFormat: "mp4" }));
  const checked = film.releases[0]!.files[0]!.links[0]!;
  await catalogue.db
    .insertInto("link_health")
    .values({
      link_id: checked.id,
      status: "ok",
      checked_url: checked.url,
      checked_at: "2026-11-28T10:00:00.000Z",
      consecutive_failures: 0,
      marked_broken: false,
    })
    .execute();
  await page.goto(`/movie/${film.id}/${film.slug}`);
  const cards = page.locator("#downloads > ul > li");
  const first = cards.filter({ has: page.getByRole("heading", { name: "720p" }) });
  const facts = async (card: typeof first) =>
    Object.fromEntries(
      await card
        .locator("dl > div")
        .evaluateAll((rows) => rows.map((row) => [row.querySelector("dt")!.textContent, row.querySelector("dd")!.textContent])),
    );
  expect(await facts(first)).toEqual({
    Size: "1.2 GB",
    Hosts: "instant, gdrive",
    Format: "MP4",
    Language: "Hindi",
    Subtitles: "English, Spanish",
    "Link check": "Checked Nov 28, 2026: 1 working, 1 not checked yet",
  });
  const second = cards.filter({ has: page.getByRole("heading", { name: "1080p" }) });
  expect(await facts(second)).toMatchObject({ Size: "2.4 GB", Host: "gofile", "Link check": "Not checked yet" });
  await expectAccessible(page);
});

test("a TV season's browser gives its hosts, format and link check @phone", async ({ page, catalogue }) => {
  const show = await catalogue.create(buildSeries({ title: "Facts Show" }));
  await page.goto(`/movie/${show.id}/${show.slug}`);
  const season = page.getByRole("region", { name: "Season 1" });
  await expect(season.locator("dl")).toContainText("Hostgdrive");
  await expect(season.locator("dl")).toContainText("FormatMKV");
  await expect(season.locator("dl")).toContainText("Link checkNot checked yet");
  await expectAccessible(page);
});

test("More like this leads to titles sharing people, a name or genres, not to the title itself @phone", async ({ page, catalogue }) => {
  const director = `Director ${Date.now()}`;
  const source = await catalogue.create(buildMovie({ title: "Likeness Source", directors: [director] }));
  const sibling = await catalogue.create(buildMovie({ title: "Likeness Sibling", directors: [director] }));
  await page.goto(`/movie/${source.id}/${source.slug}`);
  const row = page.getByRole("region", { name: "More like this" });
  const cards = row.getByRole("listitem");
  // Sharing a person and both genres, the sibling comes first.
  await expect(cards.first().getByRole("link")).toHaveAttribute("href", `/movie/${sibling.id}/${sibling.slug}`);
  await expect(row.locator(`a[href="/movie/${source.id}/${source.slug}"]`)).toHaveCount(0);
  await cards.first().getByRole("link").click();
  await expect(page).toHaveURL(new RegExp(`/movie/${sibling.id}/${sibling.slug}$`));
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Likeness Sibling");
  await expectAccessible(page);
});
