import { expect, it } from "vitest";
import { describeEachDatabase } from "#tests/helpers/database.ts";
import { buildMovie, buildSeries } from "#tests/factories/titles.ts";
import { AppError } from "#app/utils/errors.ts";
import type { Db } from "#app/db/client.server.ts";
import { getArchive, getLinkDetails, getTitle, listFeatured, listGenres, listGenreTitles, listTitles } from "./read.server.ts";
import { createTitle, deleteLink, deleteRelease, deleteScreenshot, deleteTitle, deleteZipLink, replaceTitle } from "./write.server.ts";
import type { TitleInput } from "./schema.ts";

const TREE_TABLES = ["title_genres", "credits", "title_subtitles", "screenshots", "releases", "files", "links"] as const;

async function rowCounts(db: Db) {
  const counts: Record<string, number> = {};
  for (const table of ["titles", ...TREE_TABLES] as const) {
    const { n } = await db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll().as("n"))
      .executeTakeFirstOrThrow();
    counts[table] = Number(n);
  }
  return counts;
}

/** Creates titles uploaded one minute apart, the last one newest. */
async function createSeveral(db: Db, count: number, make: (i: number) => TitleInput = (i) => buildMovie({ title: `Title ${i}` })) {
  const base = Date.parse("2026-01-01T00:00:00Z");
  const ids: number[] = [];
  for (let i = 0; i < count; i++) {
    ids.push((await createTitle(db, { ...make(i), uploadedAt: new Date(base + i * 60_000).toISOString() })).id);
  }
  return ids;
}

async function expectAppError(promise: Promise<unknown>, status: number, field?: string) {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  expect((error as AppError).status).toBe(status);
  if (field) expect(Object.keys((error as AppError).fields ?? {})).toContain(field);
}

describeEachDatabase("catalogue", (ctx) => {
  it("round-trips a full movie tree", async () => {
    const input = buildMovie({ title: "Night of the Living Dead", featured: true, featuredOrder: 2 });
    const created = await createTitle(ctx.db, input);
    const read = await getTitle(ctx.db, created.id);

    expect(read).toEqual(created);
    expect(read).toMatchObject({
      type: "movie",
      slug: "night-of-the-living-dead",
      title: "Night of the Living Dead",
      originalTitle: "La Nuit du Test",
      imdbId: input.imdbId,
      releaseDate: "1968-10-01",
      year: 1968,
      runtimeMinutes: 96,
      rating: 7.8,
      adult: false,
      featured: true,
      featuredOrder: 2,
      fileFormat: "mkv",
      directors: ["George A. Romero"],
      cast: [
        { name: "Duane Jones", character: "Ben" },
        { name: "Judith O'Dea", character: "Barbra" },
      ],
      subtitles: ["English", "Spanish"],
      screenshots: [{ url: "https://images.example/1.jpg" }, { url: "https://images.example/2.jpg" }],
    });
    expect(read!.genres.map((g) => g.name)).toEqual(["Horror", "Thriller"]);
    expect(read!.releases.map((r) => [r.quality, r.season, r.key])).toEqual([
      ["720p", null, "720p"],
      ["1080p", null, "1080p"],
    ]);
    expect(read!.releases[0]!.files[0]!.links.map((l) => [l.label, l.url, l.kind, l.status])).toEqual([
      ["instant", "https://instant.example/a", "file", "ok"],
      ["gdrive", "https://gdrive.example/b", "file", "ok"],
    ]);
    expect(read!.createdAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
  });

  it("round-trips a TV tree with seasons, episodes and zip links", async () => {
    const created = await createTitle(ctx.db, buildSeries({ title: "Sherlock Holmes" }));
    const read = (await getTitle(ctx.db, created.id))!;
    expect(read.releases.map((r) => r.key)).toEqual(["season-1-480p", "season-2-480p"]);
    expect(read.releases[0]!.files.map((f) => f.title)).toEqual(["S01E01 - Episode 1", "S01E02 - Episode 2", "S01E03 - Episode 3"]);
    expect(read.releases[0]!.zipLinks).toMatchObject([{ kind: "zip", label: "gdrive", size: "1.1 GB" }]);
    expect(read.releases[1]!.zipLinks).toEqual([]);
  });

  it("returns null for ids that are not titles", async () => {
    expect(await getTitle(ctx.db, 999_999)).toBeNull();
    expect(await getTitle(ctx.db, 0)).toBeNull();
    expect(await getTitle(ctx.db, Number.NaN)).toBeNull();
  });

  it("makes slugs from titles, unique within a type", async () => {
    const a = await createTitle(ctx.db, buildMovie({ title: "Amélie & the Night: Part 2!" }));
    const b = await createTitle(ctx.db, buildMovie({ title: "Amelie and the night part 2" }));
    const c = await createTitle(ctx.db, buildSeries({ title: "Amélie & the Night: Part 2!" }));
    const d = await createTitle(ctx.db, buildMovie({ title: "Anything", slug: "  Custom  Slug  " }));
    expect([a.slug, b.slug, c.slug, d.slug]).toEqual([
      "amelie-and-the-night-part-2",
      // Its release year tells it apart (then -2, -3, …).
      "amelie-and-the-night-part-2-1968",
      "amelie-and-the-night-part-2",
      "custom-slug",
    ]);
  });

  it("lists 15 titles a page, newest upload first, with the total pages", async () => {
    await createSeveral(ctx.db, 17);
    const first = await listTitles(ctx.db, { page: 1 });
    expect(first).toMatchObject({ page: 1, perPage: 15, total: 17, totalPages: 2 });
    expect(first.items.map((t) => t.title)).toEqual(Array.from({ length: 15 }, (_, i) => `Title ${16 - i}`));
    const second = await listTitles(ctx.db, { page: 2 });
    expect(second.items.map((t) => t.title)).toEqual(["Title 1", "Title 0"]);
    expect((await listTitles(ctx.db, { page: 3 })).items).toEqual([]);
    expect((await listTitles(ctx.db, { page: -4 })).page).toBe(1);
    expect(first.items[0]).toEqual({
      id: expect.any(Number),
      type: "movie",
      slug: "title-16",
      title: "Title 16",
      year: 1968,
      releaseDate: "1968-10-01",
      posterUrl: "https://images.example/poster.jpg",
      rating: 7.8,
    });
  });

  it("lists an empty catalogue as one empty page", async () => {
    expect(await listTitles(ctx.db)).toEqual({ items: [], page: 1, perPage: 15, total: 0, totalPages: 1 });
  });

  it("filters the listing by type", async () => {
    await createSeveral(ctx.db, 4, (i) => (i % 2 ? buildSeries({ title: `Show ${i}` }) : buildMovie({ title: `Film ${i}` })));
    expect((await listTitles(ctx.db, { type: "tv" })).items.map((t) => t.title)).toEqual(["Show 3", "Show 1"]);
    expect((await listTitles(ctx.db, { type: "movie" })).total).toBe(2);
  });

  it("lists featured titles in featured order with the first download's size", async () => {
    await createTitle(ctx.db, buildMovie({ title: "Second", featured: true, featuredOrder: 2 }));
    await createTitle(ctx.db, buildMovie({ title: "Not featured" }));
    await createTitle(ctx.db, buildSeries({ title: "First", featured: true, featuredOrder: 1 }));
    await createTitle(
      ctx.db,
      buildSeries({
        title: "Zip only",
        featured: true,
        featuredOrder: 3,
        releases: [{ season: "Complete", quality: "720p", zipLinks: [{ label: "gdrive", url: "https://z.example/1", size: "9 GB" }] }],
      }),
    );
    const featured = await listFeatured(ctx.db);
    expect(featured.map((f) => [f.title, f.size])).toEqual([
      ["First", "300 MB"],
      ["Second", "1.2 GB"],
      ["Zip only", "9 GB"],
    ]);
    expect(featured[1]).toMatchObject({
      backgroundUrl: "https://images.example/backdrop.jpg",
      trailerUrl: "https://video.example/trailer",
    });
  });

  it("lists the seeded genres and a genre's titles, optionally by type", async () => {
    const genres = await listGenres(ctx.db);
    expect(genres).toHaveLength(21);
    expect(genres.find((g) => g.name === "South Hindi Movies")?.slug).toBe("south-hindi-movies");

    await createSeveral(ctx.db, 3, (i) =>
      i === 1 ? buildSeries({ title: "Crime Show", genres: ["Crime"] }) : buildMovie({ title: `Horror ${i}`, genres: ["Horror"] }),
    );
    const horror = await listGenreTitles(ctx.db, "horror");
    expect(horror?.genre.name).toBe("Horror");
    expect(horror?.titles.items.map((t) => t.title)).toEqual(["Horror 2", "Horror 0"]);
    expect((await listGenreTitles(ctx.db, "crime", { type: "movie" }))?.titles.total).toBe(0);
    expect((await listGenreTitles(ctx.db, "Crime", { type: "tv" }))?.titles.total).toBe(1);
    expect(await listGenreTitles(ctx.db, "no-such-genre")).toBeNull();
  });

  it("adds unknown genre names to the list and matches known ones whatever their case", async () => {
    const title = await createTitle(ctx.db, buildMovie({ genres: ["sci fi", "Film Noir", "HORROR", "horror"] }));
    expect(title.genres.map((g) => g.name)).toEqual(["Sci-Fi", "Film Noir", "Horror"]);
    expect((await listGenres(ctx.db)).map((g) => g.slug)).toContain("film-noir");
  });

  it("gives a new genre a slug of letters, digits and hyphens only, and two names of one slug one genre", async () => {
    const title = await createTitle(ctx.db, buildMovie({ genres: ['Giallo"<>', "Giallo!", "War & Politics"] }));
    expect(title.genres.map((g) => [g.name, g.slug])).toEqual([
      ['Giallo"<>', "giallo"],
      ["War & Politics", "war-politics"],
    ]);
    // Found again by its slug or its name, whatever punctuation the name carries.
    const again = await createTitle(ctx.db, buildMovie({ genres: ["giallo", "War & Politics"] }));
    expect(again.genres.map((g) => g.id)).toEqual(title.genres.map((g) => g.id));
    expect((await listGenreTitles(ctx.db, "giallo"))?.titles.total).toBe(2);
  });

  it("gives a release's episodes for the archive page by its key", async () => {
    const show = await createTitle(ctx.db, buildSeries());
    const archive = await getArchive(ctx.db, show.id, "season-2-480p");
    expect(archive).toEqual({
      title: { id: show.id, type: "tv", slug: show.slug, title: show.title },
      release: { id: show.releases[1]!.id, quality: "480p", season: "Season 2", key: "season-2-480p" },
      episodes: [
        { id: show.releases[1]!.files[0]!.id, title: "S02E01 - Episode 1", size: "300 MB" },
        { id: show.releases[1]!.files[1]!.id, title: "S02E02 - Episode 2", size: "301 MB" },
      ],
    });
    expect(await getArchive(ctx.db, show.id, "season-9-480p")).toBeNull();
    const other = await createTitle(ctx.db, buildSeries());
    expect(await getArchive(ctx.db, other.id + 1000, "season-2-480p")).toBeNull();
  });

  it("gives link details for a movie quality, a TV season's archive and one episode", async () => {
    const movie = await createTitle(ctx.db, buildMovie({ fileFormat: "mp4", uploadedAt: "2026-03-04T05:06:07.000Z" }));
    const movieDetails = await getLinkDetails(ctx.db, movie.id, { kind: "release-key", key: "720p" });
    expect(movieDetails).toMatchObject({
      title: { id: movie.id, type: "movie" },
      release: { quality: "720p", season: null, key: "720p" },
      format: "mp4",
      addedOn: "2026-03-04T05:06:07.000Z",
      firstFileTitle: "Night of the Test 720p",
      size: "1.2 GB",
      zipLinks: [],
    });
    expect(movieDetails!.files[0]!.links.map((l) => l.label)).toEqual(["instant", "gdrive"]);

    const show = await createTitle(ctx.db, buildSeries());
    const season = await getLinkDetails(ctx.db, show.id, { kind: "release", id: show.releases[0]!.id });
    expect(season).toMatchObject({ firstFileTitle: "S01E01 - Episode 1", size: "300 MB", files: [] });
    expect(season!.zipLinks.map((z) => z.url)).toEqual(["https://gdrive.example/s1.zip"]);

    const episode = show.releases[0]!.files[2]!;
    const one = await getLinkDetails(ctx.db, show.id, { kind: "file", id: episode.id });
    expect(one).toMatchObject({ firstFileTitle: "S01E03 - Episode 3", size: "302 MB", zipLinks: [] });
    expect(one!.files.map((f) => f.id)).toEqual([episode.id]);

    // References must belong to the title they are asked under.
    expect(await getLinkDetails(ctx.db, movie.id, { kind: "file", id: episode.id })).toBeNull();
    expect(await getLinkDetails(ctx.db, movie.id, { kind: "release", id: show.releases[0]!.id })).toBeNull();
    expect(await getLinkDetails(ctx.db, movie.id, { kind: "release-key", key: "4k" })).toBeNull();
  });

  it("falls back to the zip size, then to unknown", async () => {
    const show = await createTitle(
      ctx.db,
      buildSeries({
        releases: [
          {
            season: "Season 1",
            quality: "720p",
            files: [{ title: "E1", links: [] }],
            zipLinks: [{ label: "z", url: "https://z.example/a", size: "4 GB" }],
          },
          { season: "Season 2", quality: "720p", files: [{ title: "E1", links: [] }] },
        ],
      }),
    );
    expect((await getLinkDetails(ctx.db, show.id, { kind: "release", id: show.releases[0]!.id }))?.size).toBe("4 GB");
    expect((await getLinkDetails(ctx.db, show.id, { kind: "release", id: show.releases[1]!.id }))?.size).toBeNull();
  });

  it("hides disabled links from visitors but not from the admin view", async () => {
    const movie = await createTitle(
      ctx.db,
      buildMovie({
        releases: [
          {
            quality: "720p",
            files: [
              {
                title: "F",
                links: [
                  { label: "a", url: "https://a.example/", status: "disabled" },
                  { label: "b", url: "https://b.example/", status: "broken" },
                ],
              },
            ],
          },
        ],
      }),
    );
    expect((await getTitle(ctx.db, movie.id))!.releases[0]!.files[0]!.links.map((l) => [l.label, l.status])).toEqual([["b", "broken"]]);
    expect((await getTitle(ctx.db, movie.id, { includeDisabled: true }))!.releases[0]!.files[0]!.links).toHaveLength(2);
    expect((await getLinkDetails(ctx.db, movie.id, { kind: "release-key", key: "720p" }))!.files[0]!.links).toHaveLength(1);
  });

  it("replaces a tree, keeping the ids of rows it keeps", async () => {
    const movie = await createTitle(ctx.db, buildMovie());
    const [r720, r1080] = movie.releases as [(typeof movie.releases)[0], (typeof movie.releases)[0]];
    const file = r720.files[0]!;
    const [keepLink, dropLink] = file.links as [(typeof file.links)[0], (typeof file.links)[0]];

    const updated = await replaceTitle(ctx.db, movie.id, {
      ...buildMovie({ title: "Renamed Feature", genres: ["Comedy"], cast: [], screenshots: ["", "https://images.example/3.jpg", "  "] }),
      releases: [
        {
          id: r720.id,
          quality: "720p",
          files: [
            {
              id: file.id,
              title: "Renamed file",
              size: "1.3 GB",
              links: [
                { id: keepLink.id, label: "instant", url: "https://instant.example/new", status: "broken" },
                { label: "mega", url: "https://mega.example/x" },
              ],
            },
          ],
        },
        { quality: "4k", files: [{ title: "Remaster", links: [{ label: "gofile", url: "https://gofile.example/4k" }] }] },
      ],
    });

    expect(updated.slug).toBe("renamed-feature");
    expect(updated.genres.map((g) => g.name)).toEqual(["Comedy"]);
    expect(updated.cast).toEqual([]);
    expect(updated.screenshots.map((s) => s.url)).toEqual(["https://images.example/3.jpg"]);
    expect(updated.uploadedAt).toBe(movie.uploadedAt);
    expect(updated.releases.map((r) => r.quality)).toEqual(["720p", "4k"]);
    expect(updated.releases[0]!.id).toBe(r720.id);
    expect(updated.releases[0]!.files[0]).toMatchObject({ id: file.id, title: "Renamed file", size: "1.3 GB" });
    const links = updated.releases[0]!.files[0]!.links;
    expect(links[0]).toMatchObject({ id: keepLink.id, url: "https://instant.example/new", status: "broken" });
    expect(links[1]!.label).toBe("mega");
    expect(links.map((l) => l.id)).not.toContain(dropLink.id);
    expect(updated.releases.map((r) => r.id)).not.toContain(r1080.id);
    expect(await rowCounts(ctx.db)).toMatchObject({ releases: 2, files: 2, links: 3 });
  });

  it("refuses ids from another title and leaves the title as it was", async () => {
    const movie = await createTitle(ctx.db, buildMovie());
    const other = await createTitle(ctx.db, buildMovie());
    const before = await getTitle(ctx.db, movie.id, { includeDisabled: true });
    await expectAppError(
      replaceTitle(ctx.db, movie.id, {
        ...buildMovie({ title: "Should not stick" }),
        releases: [{ quality: "720p" }, { id: other.releases[0]!.id, quality: "1080p" }],
      }),
      400,
      "releases.1.id",
    );
    expect(await getTitle(ctx.db, movie.id, { includeDisabled: true })).toEqual(before);
    expect((await getTitle(ctx.db, other.id))!.releases).toHaveLength(2);
  });

  it("answers 404 when replacing a title that does not exist", async () => {
    await expectAppError(replaceTitle(ctx.db, 424_242, buildMovie()), 404);
  });

  it("rejects invalid input with messages per field and writes nothing", async () => {
    await expectAppError(
      createTitle(ctx.db, {
        ...buildMovie(),
        title: "   ",
        rating: 11,
        releaseDate: "1968-02-30",
        trailerUrl: "javascript:alert(1)",
        releases: [{ quality: "720p", files: [{ title: "x", links: [{ label: "evil", url: "data:text/html,hi" }] }] }, { quality: "720P" }],
      }),
      400,
    );
    const error = await createTitle(ctx.db, { ...buildMovie(), title: "", rating: 11, trailerUrl: "javascript:alert(1)" }).catch(
      (e: AppError) => e,
    );
    expect((error as AppError).fields).toMatchObject({
      title: ["Title is required"],
      rating: ["Rating must be between 0 and 10"],
      trailerUrl: ["Must be an http:// or https:// address"],
    });
    const duplicate = await createTitle(ctx.db, { ...buildMovie(), releases: [{ quality: "720p" }, { quality: "720P" }] }).catch(
      (e: AppError) => e,
    );
    expect((duplicate as AppError).fields?.["releases.1.quality"]).toEqual(["Another download group already has this season and quality"]);
    expect((await rowCounts(ctx.db)).titles).toBe(0);
  });

  it("deletes a title with its whole tree and leaves no orphans", async () => {
    const movie = await createTitle(ctx.db, buildMovie());
    const show = await createTitle(ctx.db, buildSeries());
    expect(await deleteTitle(ctx.db, movie.id)).toBe(true);
    expect(await deleteTitle(ctx.db, show.id)).toBe(true);
    expect(await deleteTitle(ctx.db, show.id)).toBe(false);
    expect(Object.values(await rowCounts(ctx.db))).toEqual([0, 0, 0, 0, 0, 0, 0, 0]);
    expect(await listGenres(ctx.db)).toHaveLength(21);
  });

  it("deletes one screenshot, release, link or zip link, only under its own title", async () => {
    const show = await createTitle(ctx.db, buildSeries({ screenshots: ["https://s.example/1", "https://s.example/2"] }));
    const other = await createTitle(ctx.db, buildMovie());
    const season1 = show.releases[0]!;
    const zip = season1.zipLinks[0]!;
    const episodeLink = season1.files[0]!.links[0]!;

    expect(await deleteScreenshot(ctx.db, other.id, show.screenshots[0]!.id)).toBe(false);
    expect(await deleteScreenshot(ctx.db, show.id, show.screenshots[0]!.id)).toBe(true);
    expect(await deleteZipLink(ctx.db, show.id, episodeLink.id)).toBe(false);
    expect(await deleteLink(ctx.db, show.id, zip.id)).toBe(false);
    expect(await deleteLink(ctx.db, other.id, episodeLink.id)).toBe(false);
    expect(await deleteLink(ctx.db, show.id, episodeLink.id)).toBe(true);
    expect(await deleteZipLink(ctx.db, show.id, zip.id)).toBe(true);

    let read = (await getTitle(ctx.db, show.id))!;
    expect(read.screenshots.map((s) => s.url)).toEqual(["https://s.example/2"]);
    expect(read.releases[0]!.zipLinks).toEqual([]);
    expect(read.releases[0]!.files[0]!.links).toEqual([]);
    expect(read.updatedAt >= show.updatedAt).toBe(true);

    expect(await deleteRelease(ctx.db, other.id, season1.id)).toBe(false);
    expect(await deleteRelease(ctx.db, show.id, season1.id)).toBe(true);
    read = (await getTitle(ctx.db, show.id))!;
    expect(read.releases.map((r) => r.season)).toEqual(["Season 2"]);
    expect(await rowCounts(ctx.db)).toMatchObject({ releases: 3, files: 4, links: 5 });
  });
});
