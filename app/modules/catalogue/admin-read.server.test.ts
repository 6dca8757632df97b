import { describe, expect, it } from "vitest";
import type { Db } from "#app/db/client.server.ts";
import { buildMovie, buildSeries } from "#tests/factories/titles.ts";
import { describeEachDatabase } from "#tests/helpers/database.ts";
import { parseAdminListParams } from "./admin-list.ts";
import { listAdminTitles } from "#app/modules/editorial/admin-titles.server.ts";
import { getCatalogueStats } from "./admin-read.server.ts";
import type { TitleInput } from "./schema.ts";
import { createTitle } from "./write.server.ts";

/** Bare titles (no downloads), uploaded one minute apart in the given order, the last newest. */
async function createTitles(
  db: Db,
  titles: string[],
  make: (title: string) => TitleInput = (title) => buildMovie({ title, releases: [] }),
) {
  const base = Date.parse("2026-01-01T00:00:00Z");
  const ids: number[] = [];
  for (const [i, title] of titles.entries()) {
    ids.push((await createTitle(db, { ...make(title), uploadedAt: new Date(base + i * 60_000).toISOString() })).id);
  }
  return ids;
}

const titlesOf = (page: { items: { title: string }[] }) => page.items.map((i) => i.title);

describe("parseAdminListParams", () => {
  it("reads search text, sort and page, falling back to defaults for anything else", () => {
    expect(parseAdminListParams(new URLSearchParams("q=%20Night%20&sort=za&page=3"))).toEqual({ q: "Night", sort: "za", page: 3 });
    expect(parseAdminListParams(new URLSearchParams(""))).toEqual({ q: "", sort: "newest", page: 1 });
    expect(parseAdminListParams(new URLSearchParams("sort=random&page=-2"))).toEqual({ q: "", sort: "newest", page: 1 });
    expect(parseAdminListParams(new URLSearchParams("page=abc")).page).toBe(1);
    expect(parseAdminListParams(new URLSearchParams("page=0")).page).toBe(1);
    expect(parseAdminListParams(new URLSearchParams(`q=${"x".repeat(500)}`)).q).toHaveLength(200);
  });
});

describeEachDatabase("admin title list", (ctx) => {
  it("finds titles by part of their title, ignoring case", async () => {
    await createTitles(ctx.db, ["The Night Watch", "NIGHTFALL", "Daylight", "Amélie", "ÉLITE"]);
    const search = async (q: string) => titlesOf(await listAdminTitles(ctx.db, { type: "movie", q, sort: "az" }));
    expect(await search("night")).toEqual(["NIGHTFALL", "The Night Watch"]);
    expect(await search("NiGhT")).toEqual(["NIGHTFALL", "The Night Watch"]);
    expect(await search("  light ")).toEqual(["Daylight"]);
    expect(await search("amélie")).toEqual(["Amélie"]);
    expect(await search("AMÉLIE")).toEqual(["Amélie"]);
    // Capital accented letters in the title fold too, on SQLite as on PostgreSQL.
    expect(await search("élite")).toEqual(["ÉLITE"]);
    expect(await search("nothing like it")).toEqual([]);
    expect(titlesOf(await listAdminTitles(ctx.db, { type: "movie", q: "" }))).toHaveLength(5);
  });

  it("matches %, _ and backslash literally", async () => {
    await createTitles(ctx.db, ["100% Wolf", "1000 Wolves", "Snake_Eyes", "Snake Eyes", "Back\\slash", "Backslash"]);
    const search = async (q: string) => titlesOf(await listAdminTitles(ctx.db, { type: "movie", q, sort: "az" }));
    expect(await search("%")).toEqual(["100% Wolf"]);
    expect(await search("100%")).toEqual(["100% Wolf"]);
    expect(await search("_")).toEqual(["Snake_Eyes"]);
    expect(await search("e_e")).toEqual(["Snake_Eyes"]);
    expect(await search("\\")).toEqual(["Back\\slash"]);
  });

  it("sorts A-Z, Z-A and newest upload first (the default)", async () => {
    await createTitles(ctx.db, ["bravo", "Alpha", "charlie", "Delta"]);
    expect(titlesOf(await listAdminTitles(ctx.db, { type: "movie", sort: "az" }))).toEqual(["Alpha", "bravo", "charlie", "Delta"]);
    expect(titlesOf(await listAdminTitles(ctx.db, { type: "movie", sort: "za" }))).toEqual(["Delta", "charlie", "bravo", "Alpha"]);
    expect(titlesOf(await listAdminTitles(ctx.db, { type: "movie", sort: "newest" }))).toEqual(["Delta", "charlie", "Alpha", "bravo"]);
    expect(titlesOf(await listAdminTitles(ctx.db, { type: "movie" }))).toEqual(["Delta", "charlie", "Alpha", "bravo"]);
  });

  it("pages 20 at a time and clamps pages past either end", async () => {
    const names = Array.from({ length: 45 }, (_, i) => `Film ${String(i + 1).padStart(2, "0")}`);
    await createTitles(ctx.db, names);
    const first = await listAdminTitles(ctx.db, { type: "movie", sort: "az" });
    expect(first).toMatchObject({ page: 1, perPage: 20, total: 45, totalPages: 3 });
    expect(titlesOf(first)).toEqual(names.slice(0, 20));
    const second = await listAdminTitles(ctx.db, { type: "movie", sort: "az", page: 2 });
    expect(titlesOf(second)).toEqual(names.slice(20, 40));
    const last = await listAdminTitles(ctx.db, { type: "movie", sort: "az", page: 3 });
    expect(titlesOf(last)).toEqual(names.slice(40));
    const beyond = await listAdminTitles(ctx.db, { type: "movie", sort: "az", page: 99 });
    expect(beyond.page).toBe(3);
    expect(titlesOf(beyond)).toEqual(names.slice(40));
    expect((await listAdminTitles(ctx.db, { type: "movie", page: 0 })).page).toBe(1);
    expect((await listAdminTitles(ctx.db, { type: "movie", page: Number.NaN })).page).toBe(1);
    const filtered = await listAdminTitles(ctx.db, { type: "movie", q: "film 4", sort: "az" });
    expect(filtered).toMatchObject({ total: 6, totalPages: 1 });
  });

  it("reports an empty list as page 1 of 1", async () => {
    expect(await listAdminTitles(ctx.db, { type: "tv", page: 5 })).toEqual({ items: [], page: 1, perPage: 20, total: 0, totalPages: 1 });
  });

  it("lists one type only, with genres, duration, seasons and link health", async () => {
    const movie = await createTitle(
      ctx.db,
      buildMovie({ title: "A Movie", runtimeMinutes: 95, releaseDate: "1968-10-01", genres: ["Horror", "Thriller"] }),
    );
    const series = buildSeries({ title: "A Series", genres: ["Crime", "TV-Shows"] });
    // Season 1 twice (two qualities) counts once; a release without a season label counts none.
    const show = await createTitle(ctx.db, {
      ...series,
      releases: [
        ...(series.releases ?? []),
        {
          season: "Season 1",
          quality: "720p",
          files: [{ title: "E1", links: [{ label: "x", url: "https://x.example/1", status: "broken" }] }],
        },
        { quality: "1080p", files: [{ title: "Extras", links: [{ label: "y", url: "https://y.example/1", status: "disabled" }] }] },
      ],
    });

    const movies = await listAdminTitles(ctx.db, { type: "movie" });
    expect(movies.items).toEqual([
      {
        id: movie.id,
        type: "movie",
        slug: movie.slug,
        title: "A Movie",
        year: 1968,
        posterUrl: "https://images.example/poster.jpg",
        runtimeMinutes: 95,
        genres: ["Horror", "Thriller"],
        seasons: 0,
        links: { total: 3, broken: 0, disabled: 0 },
        openReports: 0,
        featured: false,
        uploadedAt: movie.uploadedAt,
      },
    ]);
    const shows = await listAdminTitles(ctx.db, { type: "tv" });
    expect(shows.items).toHaveLength(1);
    expect(shows.items[0]).toMatchObject({
      id: show.id,
      type: "tv",
      genres: ["Crime", "TV-Shows"],
      seasons: 2,
      // 5 episode links and a zip link from the factory, plus the two added above.
      links: { total: 8, broken: 1, disabled: 1 },
    });
  });
});

describeEachDatabase("catalogue stats", (ctx) => {
  it("counts titles by type, links by health and titles added this week", async () => {
    expect(await getCatalogueStats(ctx.db)).toEqual({
      titles: 0,
      movies: 0,
      tvShows: 0,
      other: 0,
      links: 0,
      brokenLinks: 0,
      disabledLinks: 0,
      addedThisWeek: 0,
    });
    await createTitle(
      ctx.db,
      buildMovie({
        releases: [
          {
            quality: "720p",
            files: [
              {
                title: "720p",
                links: [
                  { label: "a", url: "https://a.example/1", status: "broken" },
                  { label: "b", url: "https://b.example/1", status: "disabled" },
                ],
              },
            ],
          },
          { quality: "1080p", files: [{ title: "1080p", links: [{ label: "c", url: "https://c.example/1" }] }] },
        ],
      }),
    );
    const old = await createTitle(ctx.db, buildMovie({ releases: [] }));
    await createTitle(ctx.db, buildSeries());
    await ctx.db.updateTable("titles").set({ created_at: "2020-01-01T00:00:00.000Z" }).where("id", "=", old.id).execute();

    expect(await getCatalogueStats(ctx.db)).toEqual({
      titles: 3,
      movies: 2,
      tvShows: 1,
      other: 0,
      links: 3 + 6,
      brokenLinks: 1,
      disabledLinks: 1,
      addedThisWeek: 2,
    });
    // Eight days on, none of them is new any more.
    expect((await getCatalogueStats(ctx.db, new Date(Date.now() + 8 * 86_400_000))).addedThisWeek).toBe(0);
  });
});
