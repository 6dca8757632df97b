import { expect, it } from "vitest";
import { describeEachDatabase } from "#tests/helpers/database.ts";
import { buildMovie } from "#tests/factories/titles.ts";
import { setPopularity } from "#app/modules/search/popularity.server.ts";
import { GENRE_ROW_MIN_TITLES, HOME_ROW_SIZE, listHomeRows, listPopularTitles } from "./home.server.ts";
import { listGenresInUse } from "./read.server.ts";
import { createTitle } from "./write.server.ts";

const at = (n: number) => new Date(Date.UTC(2026, 5, 1, 12, n)).toISOString();

describeEachDatabase("the home page's rows", (ctx) => {
  /** Ten dramas (two of them also comedies), three westerns; uploaded in order, "Drama 3" the most popular. */
  async function seed() {
    const ids: Record<string, number> = {};
    for (let i = 0; i < 10; i++) {
      const genres = i < 2 ? ["Drama", "Comedy"] : ["Drama"];
      ids[`Drama ${i}`] = (await createTitle(ctx.db, buildMovie({ title: `Drama ${i}`, genres, rating: null, uploadedAt: at(i) }))).id;
    }
    for (let i = 0; i < 3; i++)
      ids[`Western ${i}`] = (
        await createTitle(ctx.db, buildMovie({ title: `Western ${i}`, genres: ["Western"], rating: null, uploadedAt: at(20 + i) }))
      ).id;
    await setPopularity(ctx.db, ids["Drama 3"]!, { votes: 50_000 });
    await setPopularity(ctx.db, ids["Western 1"]!, { votes: 500 });
    return ids;
  }
  const names = (titles: { title: string }[]) => titles.map((t) => t.title);

  it("leads with the most popular, then the latest uploads, then the largest genre with enough titles", async () => {
    await seed();
    const { rows, latest } = await listHomeRows(ctx.db, await listGenresInUse(ctx.db));
    expect(rows.map((r) => [r.heading, r.seeAll])).toEqual([
      ["Trending now", "/?sort=popular"],
      ["New on Cinedex", "#latest-heading"],
      // Comedy (2 titles) and Western (3) are under the minimum; Drama has 10.
      ["Popular in Drama", "/genre/drama"],
    ]);
    const [trending, fresh, drama] = rows;
    expect(names(trending!.titles).slice(0, 2)).toEqual(["Drama 3", "Western 1"]);
    expect(trending!.titles).toHaveLength(HOME_ROW_SIZE);
    expect(names(fresh!.titles).slice(0, 3)).toEqual(["Western 2", "Western 1", "Western 0"]);
    // "New" is the first page of the grid below, not a query of its own.
    expect(names(fresh!.titles)).toEqual(names(latest.items).slice(0, HOME_ROW_SIZE));
    expect(names(drama!.titles)[0]).toBe("Drama 3");
    expect(drama!.titles.every((t) => t.title.startsWith("Drama"))).toBe(true);
    expect(GENRE_ROW_MIN_TITLES).toBeGreaterThan(3);
  });

  it("has no rows for an empty catalogue", async () => {
    const { rows } = await listHomeRows(ctx.db, await listGenresInUse(ctx.db));
    expect(rows).toEqual([]);
  });

  it("lists the whole catalogue most popular first, page by page", async () => {
    await seed();
    const first = await listPopularTitles(ctx.db, { page: 1 });
    expect([first.total, first.totalPages, first.items.length]).toEqual([13, 1, 13]);
    // Equal popularity: the newer upload first.
    expect(names(first.items).slice(0, 4)).toEqual(["Drama 3", "Western 1", "Western 2", "Western 0"]);
    const past = await listPopularTitles(ctx.db, { page: 2 });
    expect(past.items).toEqual([]);
  });
});
