import fs from "node:fs";
import path from "node:path";
import { expect, it } from "vitest";
import { describeEachDatabase } from "#tests/helpers/database.ts";
import { GENRES } from "#app/constants.ts";
import { titleInputSchema, type TitleInput } from "#app/modules/catalogue/schema.ts";
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

/** Image hosts the demo's artwork may use: the Internet Archive's image service and Wikimedia Commons' file host. */
const ARTWORK =
  /^https:\/\/(archive\.org\/services\/img\/[\w.-]+|upload\.wikimedia\.org\/wikipedia\/commons\/[0-9a-f]\/[0-9a-f]{2}\/[^\s/]+)$/;
const linkUrls = (input: TitleInput) =>
  (input.releases ?? []).flatMap((r) => (r.files ?? []).flatMap((f) => (f.links ?? []).map((l) => l.url)));

it("demo artwork: a poster of an allowed host or none, never shared, from the title's own archive item", () => {
  const withPoster = demoCatalogue.filter((t) => t.posterUrl);
  expect(withPoster.length).toBeGreaterThanOrEqual(10);
  for (const input of demoCatalogue) {
    for (const url of [input.posterUrl, input.backgroundUrl]) {
      if (!url) continue;
      expect(url, input.title).toMatch(ARTWORK);
      expect(new URL(url).href, input.title).toBe(url);
    }
  }
  for (const input of withPoster.filter((t) => t.posterUrl!.startsWith("https://archive.org/"))) {
    // The same verified identifier the title's own download links use.
    const id = input.posterUrl!.split("/").pop()!;
    expect(
      linkUrls(input).some((url) => url.endsWith(`/${id}`)),
      input.title,
    ).toBe(true);
  }
  const posters = withPoster.map((t) => t.posterUrl);
  expect(new Set(posters).size).toBe(posters.length);
  const backdrops = demoCatalogue.map((t) => t.backgroundUrl).filter(Boolean);
  expect(new Set(backdrops).size).toBe(backdrops.length);
  expect(demoCatalogue.filter((t) => t.featured).every((t) => t.posterUrl)).toBe(true);
});

it("demo trailers are the film's own archive item page, for the titles whose item is known, never shared", () => {
  const withTrailer = demoCatalogue.filter((t) => t.trailerUrl);
  expect(withTrailer.length).toBeGreaterThanOrEqual(10);
  for (const input of demoCatalogue) {
    if (!input.trailerUrl) {
      expect(input.posterUrl ?? "", input.title).not.toMatch(/^https:\/\/archive\.org\//);
      continue;
    }
    const id = input.posterUrl!.split("/").pop()!;
    expect(input.trailerUrl, input.title).toBe(`https://archive.org/details/${id}`);
    expect(linkUrls(input), input.title).toContain(input.trailerUrl);
  }
  expect(new Set(withTrailer.map((t) => t.trailerUrl)).size).toBe(withTrailer.length);
  expect(demoCatalogue.filter((t) => t.featured).every((t) => t.trailerUrl)).toBe(true);
});

it("docs/demo-artwork.md has one row per demo title saying what it uses", () => {
  const doc = fs.readFileSync(path.join(import.meta.dirname, "../../docs/demo-artwork.md"), "utf8");
  const rows = new Map(
    doc
      .split("\n")
      .filter((line) => /^\| \d+ \|/.test(line))
      .map((line) => {
        const cells = line.split("|").map((c) => c.trim());
        return [cells[2]!, cells.slice(3).join(" ")];
      }),
  );
  expect([...rows.keys()]).toEqual(demoCatalogue.map((t) => t.title));
  for (const input of demoCatalogue) {
    const id = input.posterUrl?.split("/").pop();
    if (id) expect(rows.get(input.title), input.title).toContain(`\`${id}\``);
    else expect(rows.get(input.title), input.title).toMatch(/generated/i);
  }
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

  it("a rerun gives a demo title without a poster or trailer its artwork, and leaves what an admin chose", async () => {
    await seedDemoCatalogue(ctx.db);
    const [first, second] = demoCatalogue.filter((t) => t.posterUrl && t.trailerUrl);
    const idOf = async (title: string) =>
      (await ctx.db.selectFrom("titles").select("id").where("title", "=", title).executeTakeFirstOrThrow()).id;
    await ctx.db
      .updateTable("titles")
      .set({ poster_url: null, trailer_url: null })
      .where("id", "=", await idOf(first!.title))
      .execute();
    await ctx.db
      .updateTable("titles")
      .set({ poster_url: "https://image.tmdb.org/t/p/w500/chosen.jpg", trailer_url: "https://www.youtube.com/watch?v=chosen" })
      .where("id", "=", await idOf(second!.title))
      .execute();
    expect((await seedDemoCatalogue(ctx.db)).artwork).toBe(1);
    const filled = (await getTitle(ctx.db, await idOf(first!.title)))!;
    expect([filled.posterUrl, filled.trailerUrl]).toEqual([first!.posterUrl, first!.trailerUrl]);
    const chosen = (await getTitle(ctx.db, await idOf(second!.title)))!;
    expect([chosen.posterUrl, chosen.trailerUrl]).toEqual([
      "https://image.tmdb.org/t/p/w500/chosen.jpg",
      "https://www.youtube.com/watch?v=chosen",
    ]);
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
