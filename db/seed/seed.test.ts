import { expect, it } from "vitest";
import { describeEachDatabase } from "#tests/helpers/database.ts";
import { GENRES } from "#app/constants.ts";
import { titleInputSchema } from "#app/modules/catalogue/schema.ts";
import { getTitle, listFeatured, listTitles } from "#app/modules/catalogue/read.server.ts";
import { deleteTitle } from "#app/modules/catalogue/write.server.ts";
import { demoCatalogue } from "./demo-catalogue.ts";
import { countTitles, seedDemoCatalogue, seedDemoIfEmpty, seedSynthetic } from "./seed.ts";

it("the demo catalogue is at least 40 films and 3 series, valid, from the fixed genre list", () => {
  expect(demoCatalogue.filter((t) => t.type === "movie").length).toBeGreaterThanOrEqual(40);
  expect(demoCatalogue.filter((t) => t.type === "tv")).toHaveLength(3);
  const fixed = new Set<string>(GENRES);
  for (const input of demoCatalogue) {
    const parsed = titleInputSchema.parse(input);
    expect(
      parsed.genres.filter((g) => !fixed.has(g)),
      parsed.title,
    ).toEqual([]);
    expect(parsed.directors.length, parsed.title).toBeGreaterThan(0);
    expect(parsed.overview, parsed.title).toBeTruthy();
    expect(parsed.releaseDate, parsed.title).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(parsed.releases.length, parsed.title).toBeGreaterThanOrEqual(2);
    for (const release of parsed.releases) {
      expect(release.files.length).toBeGreaterThan(0);
      for (const file of release.files) expect(file.links.length).toBeGreaterThan(0);
    }
    if (parsed.type === "tv") expect(parsed.releases.every((r) => r.season)).toBe(true);
  }
  expect(demoCatalogue.filter((t) => t.featured).length).toBe(6);
});

it("demo posters are Internet Archive item images, only for titles whose item is known, and every featured title has one", () => {
  const withPoster = demoCatalogue.filter((t) => t.posterUrl);
  expect(withPoster.length).toBeGreaterThanOrEqual(10);
  for (const input of withPoster) {
    expect(input.posterUrl, input.title).toMatch(/^https:\/\/archive\.org\/services\/img\/[\w.-]+$/);
    // The same verified identifier the title's own download links use.
    const id = input.posterUrl!.split("/").pop()!;
    expect(
      (input.releases ?? []).some((r) => (r.files ?? []).some((f) => (f.links ?? []).some((l) => l.url.endsWith(`/${id}`)))),
      input.title,
    ).toBe(true);
  }
  expect(demoCatalogue.filter((t) => t.featured).every((t) => t.posterUrl)).toBe(true);
});

describeEachDatabase("seeding", (ctx) => {
  it("seeds the demo catalogue into an empty database only", async () => {
    expect(await seedDemoIfEmpty(ctx.db)).toBe(demoCatalogue.length);
    expect(await seedDemoIfEmpty(ctx.db)).toBe(0);
    expect(await countTitles(ctx.db)).toBe(demoCatalogue.length);

    const home = await listTitles(ctx.db);
    expect(home.items[0]!.title).toBe(demoCatalogue[0]!.title);
    expect(home.totalPages).toBe(Math.ceil(demoCatalogue.length / 15));
    expect((await listFeatured(ctx.db)).map((f) => f.title)).toEqual(
      demoCatalogue
        .filter((t) => t.featured)
        .sort((a, b) => a.featuredOrder! - b.featuredOrder!)
        .map((t) => t.title),
    );
  });

  it("a rerun adds back the demo titles that are missing and keeps the others", async () => {
    await seedDemoCatalogue(ctx.db);
    const victim = (await listTitles(ctx.db)).items[3]!;
    await deleteTitle(ctx.db, victim.id);
    expect(await seedDemoCatalogue(ctx.db)).toEqual({ added: 1, kept: demoCatalogue.length - 1, artwork: 0 });
    expect(await countTitles(ctx.db)).toBe(demoCatalogue.length);
  });

  it("a rerun gives a demo title without a poster its artwork, and leaves a poster an admin chose", async () => {
    await seedDemoCatalogue(ctx.db);
    const [first, second] = demoCatalogue.filter((t) => t.posterUrl);
    const idOf = async (title: string) =>
      (await ctx.db.selectFrom("titles").select("id").where("title", "=", title).executeTakeFirstOrThrow()).id;
    await ctx.db
      .updateTable("titles")
      .set({ poster_url: null })
      .where("id", "=", await idOf(first!.title))
      .execute();
    await ctx.db
      .updateTable("titles")
      .set({ poster_url: "https://image.tmdb.org/t/p/w500/chosen.jpg" })
      .where("id", "=", await idOf(second!.title))
      .execute();
    expect((await seedDemoCatalogue(ctx.db)).artwork).toBe(1);
    expect((await getTitle(ctx.db, await idOf(first!.title)))!.posterUrl).toBe(first!.posterUrl);
    expect((await getTitle(ctx.db, await idOf(second!.title)))!.posterUrl).toBe("https://image.tmdb.org/t/p/w500/chosen.jpg");
  });

  it("generates synthetic titles with complete trees", async () => {
    const result = await seedSynthetic(ctx.db, 120, { batchSize: 50, seed: 7 });
    expect(result.titles).toBe(120);
    expect(await countTitles(ctx.db)).toBe(120);
    const page = await listTitles(ctx.db, { perPage: 120 });
    expect(new Set(page.items.map((t) => `${t.type}/${t.slug}`)).size).toBe(120);
    for (const card of page.items.slice(0, 20)) {
      const title = (await getTitle(ctx.db, card.id, { includeDisabled: true }))!;
      expect(title.genres.length).toBeGreaterThan(0);
      expect(title.directors).toHaveLength(1);
      expect(title.releases.length).toBeGreaterThan(0);
      for (const release of title.releases) {
        expect(release.files.length).toBeGreaterThan(0);
        for (const file of release.files) expect(file.links.length).toBeGreaterThan(0);
        expect(release.season === null).toBe(title.type === "movie");
      }
    }
    // Adding more continues the numbering instead of colliding with existing slugs.
    await seedSynthetic(ctx.db, 10, { seed: 7 });
    expect(await countTitles(ctx.db)).toBe(130);
  });
});
