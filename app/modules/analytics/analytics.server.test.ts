import { beforeEach, describe, expect, it } from "vitest";
import type { Db } from "#app/db/client.server.ts";
import { createTitle } from "#app/modules/catalogue/write.server.ts";
import type { TitleDetail } from "#app/modules/catalogue/types.ts";
import { recordSearch, searchesWithoutResults, topSearches } from "#app/modules/search/search-queries.server.ts";
import { buildMovie, buildSeries } from "#tests/factories/titles.ts";
import { describeEachDatabase } from "#tests/helpers/database.ts";
import { insertRequest } from "#tests/factories/inbox.ts";
import {
  clicksPerHost,
  missedSearches,
  mostViewedTitles,
  trendingTitles,
  clicksPerDay,
  countRecentClicks,
  getAnalyticsReport,
  mostClickedTitles,
  windowStart,
} from "./analytics.server.ts";

const NOW = new Date("2026-03-31T15:00:00Z");

function linkIds(title: TitleDetail): number[] {
  return title.releases.flatMap((r) => [...r.files.flatMap((f) => f.links.map((l) => l.id)), ...r.zipLinks.map((l) => l.id)]);
}

async function views(db: Db, titleId: number, day: string, count: number) {
  await db.insertInto("title_views").values({ title_id: titleId, day, views: count }).execute();
}

async function click(db: Db, linkId: number, day: string, count: number) {
  await db.insertInto("link_clicks").values({ link_id: linkId, day, count }).execute();
}

describe("windowStart", () => {
  it("starts a window of n days n-1 days before today, in UTC", () => {
    expect(windowStart(30, NOW)).toBe("2026-03-02");
    expect(windowStart(7, NOW)).toBe("2026-03-25");
    expect(windowStart(1, NOW)).toBe("2026-03-31");
    expect(windowStart(7, new Date("2026-03-01T23:59:59Z"))).toBe("2026-02-23");
  });
});

describeEachDatabase("analytics", (ctx) => {
  beforeEach(async () => {
    await ctx.db.deleteFrom("search_queries").execute();
    await ctx.db.deleteFrom("title_views").execute();
    await ctx.db.deleteFrom("content_requests").execute();
  });

  it("ranks titles by views in the window, and trending ones by what they gained over the week before", async () => {
    const rising = await createTitle(ctx.db, buildMovie({ title: "Rising" }));
    const steady = await createTitle(ctx.db, buildMovie({ title: "Steady" }));
    const fresh = await createTitle(ctx.db, buildSeries({ title: "Fresh" }));
    const fading = await createTitle(ctx.db, buildMovie({ title: "Fading" }));
    // This week: 2026-03-25..31; the week before: 2026-03-18..24.
    await views(ctx.db, rising.id, "2026-03-31", 30);
    await views(ctx.db, rising.id, "2026-03-20", 10);
    await views(ctx.db, steady.id, "2026-03-30", 50);
    await views(ctx.db, steady.id, "2026-03-19", 50);
    await views(ctx.db, fresh.id, "2026-03-25", 5);
    await views(ctx.db, fading.id, "2026-03-26", 1);
    await views(ctx.db, fading.id, "2026-03-18", 40);
    await views(ctx.db, fading.id, "2026-03-17", 500); // 15 days back: in neither week

    expect((await mostViewedTitles(ctx.db, { days: 7, limit: 10 }, NOW)).map((t) => [t.title, t.views])).toEqual([
      ["Steady", 50],
      ["Rising", 30],
      ["Fresh", 5],
      ["Fading", 1],
    ]);
    expect((await mostViewedTitles(ctx.db, { days: 30, limit: 2 }, NOW)).map((t) => [t.title, t.views])).toEqual([
      ["Fading", 541],
      ["Steady", 100],
    ]);
    expect(await trendingTitles(ctx.db, 10, NOW)).toEqual([
      { id: rising.id, type: "movie", slug: rising.slug, title: "Rising", views: 30, previous: 10, growth: 200 },
      { id: fresh.id, type: "tv", slug: fresh.slug, title: "Fresh", views: 5, previous: 0, growth: null },
    ]);
  });

  it("adds clicks up per link host", async () => {
    const movie = await createTitle(ctx.db, buildMovie());
    // instant.example/a, gdrive.example/b, gofile.example/c
    const [instant, gdrive, gofile] = linkIds(movie);
    await click(ctx.db, instant!, "2026-03-31", 3);
    await click(ctx.db, gdrive!, "2026-03-30", 2);
    await click(ctx.db, gofile!, "2026-03-29", 2);
    await click(ctx.db, gdrive!, "2026-01-01", 90); // outside the window
    const show = await createTitle(ctx.db, buildSeries());
    await click(ctx.db, linkIds(show)[0]!, "2026-03-31", 4); // another gdrive.example link

    expect(await clicksPerHost(ctx.db, { days: 30, limit: 10 }, NOW)).toEqual([
      { host: "gdrive.example", clicks: 6, links: 2 },
      { host: "instant.example", clicks: 3, links: 1 },
      { host: "gofile.example", clicks: 2, links: 1 },
    ]);
    expect(await clicksPerHost(ctx.db, { days: 30, limit: 1 }, NOW)).toHaveLength(1);
  });

  it("says how many times a missed search's title was requested", async () => {
    await recordSearch(ctx.db, "zombie bees", 0, new Date("2026-03-29T10:00:00Z"));
    await recordSearch(ctx.db, "amelie", 0, new Date("2026-03-28T10:00:00Z"));
    await insertRequest(ctx.db, { title: "Zombie Bees!", submissions: [{ name: "A" }, { name: "B" }, { name: "C" }] });
    await insertRequest(ctx.db, { title: "zombie bees", year: 2024 });
    await insertRequest(ctx.db, { title: "Amelie", status: "declined" });

    const missed = await missedSearches(ctx.db, 10);
    expect(missed.map((s) => [s.query, s.zeroResultSearches, s.requested])).toEqual([
      ["zombie bees", 1, 4],
      ["amelie", 1, 0],
    ]);
  });

  it("counts out-link clicks per day and in total, inside the window only", async () => {
    const movie = await createTitle(ctx.db, buildMovie());
    const [a, b] = linkIds(movie);
    await click(ctx.db, a!, "2026-03-31", 3);
    await click(ctx.db, b!, "2026-03-31", 2);
    await click(ctx.db, a!, "2026-03-25", 4);
    await click(ctx.db, a!, "2026-03-24", 5); // 8 days back: outside a week
    await click(ctx.db, a!, "2026-03-01", 100); // 31 days back: outside the month

    expect(await countRecentClicks(ctx.db, 7, NOW)).toBe(9);
    expect(await countRecentClicks(ctx.db, 30, NOW)).toBe(14);
    expect(await countRecentClicks(ctx.db, 7, new Date("2027-01-01T00:00:00Z"))).toBe(0);

    const days = await clicksPerDay(ctx.db, 30, NOW);
    expect(days).toHaveLength(30);
    expect(days[0]).toEqual({ day: "2026-03-02", clicks: 0 });
    expect(days.at(-1)).toEqual({ day: "2026-03-31", clicks: 5 });
    expect(days.find((d) => d.day === "2026-03-25")).toEqual({ day: "2026-03-25", clicks: 4 });
    expect(days.find((d) => d.day === "2026-03-24")).toEqual({ day: "2026-03-24", clicks: 5 });
    expect(days.reduce((n, d) => n + d.clicks, 0)).toBe(14);
  });

  it("ranks titles by the clicks on all their links", async () => {
    const movie = await createTitle(ctx.db, buildMovie({ title: "Movie" }));
    const show = await createTitle(ctx.db, buildSeries({ title: "Show" }));
    const quiet = await createTitle(ctx.db, buildMovie({ title: "Quiet" }));
    const [m1, m2] = linkIds(movie);
    const showLinks = linkIds(show);
    await click(ctx.db, m1!, "2026-03-30", 2);
    await click(ctx.db, m2!, "2026-03-31", 3);
    await click(ctx.db, showLinks[0]!, "2026-03-20", 4);
    await click(ctx.db, showLinks.at(-1)!, "2026-03-21", 6); // the zip link counts too
    await click(ctx.db, linkIds(quiet)[0]!, "2026-01-01", 50); // too long ago

    expect(await mostClickedTitles(ctx.db, { days: 30, limit: 10 }, NOW)).toEqual([
      { id: show.id, type: "tv", slug: show.slug, title: "Show", clicks: 10 },
      { id: movie.id, type: "movie", slug: movie.slug, title: "Movie", clicks: 5 },
    ]);
    expect(await mostClickedTitles(ctx.db, { days: 30, limit: 1 }, NOW)).toHaveLength(1);
    expect(await mostClickedTitles(ctx.db, { days: 7, limit: 10 }, NOW)).toEqual([
      { id: movie.id, type: "movie", slug: movie.slug, title: "Movie", clicks: 5 },
    ]);
  });

  it("lists the most frequent searches and those that found nothing", async () => {
    for (let i = 0; i < 3; i++) await recordSearch(ctx.db, "night", 4, new Date("2026-03-30T10:00:00Z"));
    await recordSearch(ctx.db, "zombie bees", 0, new Date("2026-03-29T10:00:00Z"));
    await recordSearch(ctx.db, "zombie bees", 0, new Date("2026-03-30T11:00:00Z"));
    await recordSearch(ctx.db, "amelie", 0, new Date("2026-03-28T10:00:00Z"));
    await recordSearch(ctx.db, "amelie", 1, new Date("2026-03-31T10:00:00Z"));

    const top = await topSearches(ctx.db, 10);
    expect(top.map((s) => [s.query, s.searches])).toEqual([
      ["night", 3],
      ["amelie", 2],
      ["zombie bees", 2],
    ]);
    expect(top[0]).toEqual({
      query: "night",
      searches: 3,
      zeroResultSearches: 0,
      lastResultCount: 4,
      lastSearchedAt: "2026-03-30T10:00:00.000Z",
    });

    const missed = await searchesWithoutResults(ctx.db, 10);
    expect(missed.map((s) => [s.query, s.zeroResultSearches, s.lastResultCount])).toEqual([
      ["zombie bees", 2, 0],
      ["amelie", 1, 1],
    ]);
    expect(await topSearches(ctx.db, 1)).toHaveLength(1);
  });

  it("reports empty figures when nothing happened yet", async () => {
    const report = await getAnalyticsReport(ctx.db, { days: 30, limit: 10 }, NOW);
    expect(report.totalClicks).toBe(0);
    expect(report.perDay).toHaveLength(30);
    expect(report.perDay.every((d) => d.clicks === 0)).toBe(true);
    expect(report).toMatchObject({ days: 30, titles: [], searches: [], missed: [] });
  });
});
