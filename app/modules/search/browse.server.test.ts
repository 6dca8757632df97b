import { expect, it } from "vitest";
import { describeEachDatabase } from "#tests/helpers/database.ts";
import { buildMovie, buildSeries } from "#tests/factories/titles.ts";
import { listGenresInUse } from "#app/modules/catalogue/read.server.ts";
import { createTitle } from "#app/modules/catalogue/write.server.ts";
import { browseCatalogue } from "#app/modules/catalogue/search.server.ts";

const at = (n: number) => `2026-06-01T12:0${n}:00.000Z`;

describeEachDatabase("browsing a genre with sort and filters", (ctx) => {
  async function seed() {
    await createTitle(
      ctx.db,
      buildMovie({ title: "Bravo", releaseDate: "1931-01-01", rating: 5.5, genres: ["Horror"], uploadedAt: at(1) }),
    );
    await createTitle(
      ctx.db,
      buildMovie({
        title: "alpha",
        releaseDate: "1962-01-01",
        rating: 8.1,
        genres: ["Horror"],
        uploadedAt: at(2),
        releases: [{ quality: "4k" }],
      }),
    );
    await createTitle(
      ctx.db,
      buildSeries({ title: "Charlie", releaseDate: "1975-01-01", rating: null, genres: ["Horror"], uploadedAt: at(3) }),
    );
    await createTitle(ctx.db, buildMovie({ title: "Delta", releaseDate: "1990-01-01", genres: ["Comedy"], uploadedAt: at(4) }));
  }
  const names = (page: { items: { title: string }[] }) => page.items.map((t) => t.title);

  it("lists a genre newest upload first, or by rating (unrated last), or by title", async () => {
    await seed();
    const horror = { genre: "horror" };
    expect(names(await browseCatalogue(ctx.db, { filters: horror }))).toEqual(["Charlie", "alpha", "Bravo"]);
    expect(names(await browseCatalogue(ctx.db, { filters: horror, sort: "rating" }))).toEqual(["alpha", "Bravo", "Charlie"]);
    // By the normalised title, as search sorts: case does not matter.
    expect(names(await browseCatalogue(ctx.db, { filters: horror, sort: "title" }))).toEqual(["alpha", "Bravo", "Charlie"]);
  });

  it("filters by type, years and quality, and pages", async () => {
    await seed();
    expect(names(await browseCatalogue(ctx.db, { filters: { genre: "horror", type: "movie" } }))).toEqual(["alpha", "Bravo"]);
    expect(names(await browseCatalogue(ctx.db, { filters: { genre: "horror", yearFrom: 1950, yearTo: 1970 } }))).toEqual(["alpha"]);
    expect(names(await browseCatalogue(ctx.db, { filters: { genre: "horror", quality: "4K" } }))).toEqual(["alpha"]);
    const second = await browseCatalogue(ctx.db, { filters: { genre: "horror" }, page: 2, limit: 2 });
    expect([names(second), second.total, second.totalPages]).toEqual([["Bravo"], 3, 2]);
    const none = await browseCatalogue(ctx.db, { filters: { genre: "horror", yearFrom: 2000 } });
    expect([none.total, none.totalPages]).toEqual([0, 1]);
  });

  it("offers only genres that have titles, with their counts", async () => {
    await seed();
    const inUse = await listGenresInUse(ctx.db);
    expect(inUse.map((g) => [g.name, g.titles])).toEqual(
      expect.arrayContaining([
        ["Horror", 3],
        ["Comedy", 1],
      ]),
    );
    expect(inUse.find((g) => g.name === "BollyWood")).toBeUndefined();
    expect(inUse.every((g) => g.titles > 0)).toBe(true);
  });
});
