import { describe, expect, it } from "vitest";
import { buildMovie, buildSeries } from "#tests/factories/titles.ts";
import {
  adminTypeOfPath,
  checkEditor,
  emptyEditorValues,
  emptyFile,
  emptyGroup,
  emptyLink,
  emptyScreenshot,
  emptyZip,
  INVALID_RATING,
  INVALID_RUNTIME,
  INVALID_TMDB_ID,
  labelFromUrl,
  LINK_STATUS_LABELS,
  linksFromPaste,
  mapEditor,
  splitList,
  TITLE_AND_TMDB_REQUIRED,
  unresolvedErrors,
  valuesFromTitle,
  type EditorValues,
} from "./admin-form.ts";
import { titleInputSchema } from "./schema.ts";
import type { TitleDetail } from "./types.ts";
import { SOME_FIELDS_INVALID } from "#app/utils/validation.ts";

const NOW = "2026-03-01T10:00:00.000Z";

/** A TitleDetail as the catalogue would return it for a factory input (ids counted up from 1). */
function detailOf(input: ReturnType<typeof buildMovie>, id = 7): TitleDetail {
  const parsed = titleInputSchema.parse(input);
  let next = 100;
  return {
    id,
    type: parsed.type,
    slug: "the-slug",
    title: parsed.title,
    year: 1968,
    releaseDate: parsed.releaseDate,
    posterUrl: parsed.posterUrl,
    rating: parsed.rating,
    originalTitle: parsed.originalTitle,
    tmdbId: parsed.tmdbId,
    imdbId: parsed.imdbId,
    overview: parsed.overview,
    tagline: parsed.tagline,
    storyline: parsed.storyline,
    runtimeMinutes: parsed.runtimeMinutes,
    adult: parsed.adult,
    language: parsed.language,
    backgroundUrl: parsed.backgroundUrl,
    trailerUrl: parsed.trailerUrl,
    fileFormat: parsed.fileFormat,
    featured: parsed.featured,
    featuredOrder: parsed.featuredOrder,
    tmdbPopularity: null,
    tmdbVoteAverage: null,
    tmdbVoteCount: null,
    uploadedAt: NOW,
    createdAt: NOW,
    updatedAt: NOW,
    genres: parsed.genres.map((name, i) => ({ id: i + 1, name, slug: name.toLowerCase() })),
    directors: parsed.directors,
    cast: parsed.cast.map((c) => ({ name: c.name, character: c.character })),
    subtitles: parsed.subtitles,
    screenshots: parsed.screenshots.map((url) => ({ id: next++, url })),
    releases: parsed.releases.map((r) => ({
      id: next++,
      quality: r.quality,
      season: r.season,
      key: r.quality,
      files: r.files.map((f) => ({
        id: next++,
        title: f.title,
        size: f.size,
        links: f.links.map((l) => ({ id: next++, kind: "file" as const, label: l.label, url: l.url, size: null, status: l.status })),
      })),
      zipLinks: r.zipLinks.map((l) => ({ id: next++, kind: "zip" as const, label: l.label, url: l.url, size: l.size, status: l.status })),
    })),
  };
}

function filledMovie(): EditorValues {
  const values = emptyEditorValues("movie", NOW);
  const group = values.groups[0]!;
  return {
    ...values,
    title: "  Night Film ",
    tmdbId: " 42 ",
    genres: " Horror , , Thriller ",
    directors: "Ada, Bo",
    actors: "Cy ,Di",
    rating: "7.5",
    runtime: "96",
    subtitles: ["English"],
    screenshots: [
      { ...emptyScreenshot(), url: " " },
      { ...emptyScreenshot(), url: "https://img.example/1.jpg" },
    ],
    groups: [
      {
        ...group,
        quality: "720p",
        season: "ignored for a movie",
        files: [
          {
            ...group.files[0]!,
            title: "Night 720p",
            size: " 1 GB ",
            links: [{ ...emptyLink(), label: "instant", url: "https://a.example/1" }, emptyLink()],
          },
        ],
        zipLinks: [{ ...emptyZip(), label: "zip", url: "https://zip.example" }],
      },
      emptyGroup(),
    ],
  };
}

describe("the editor's start state", () => {
  it("is the spec's reset: one empty group, option, URL and zip row, one screenshot row, format mkv, upload date now", () => {
    const values = emptyEditorValues("tv", NOW);
    expect(values.type).toBe("tv");
    expect(values.fileFormat).toBe("mkv");
    expect(values.uploadedAt).toBe(NOW);
    expect(values.screenshots).toHaveLength(1);
    expect(values.groups).toHaveLength(1);
    expect(values.groups[0]!.files).toHaveLength(1);
    expect(values.groups[0]!.files[0]!.links).toHaveLength(1);
    expect(values.groups[0]!.zipLinks).toHaveLength(1);
    // Saving it untouched saves no download rows.
    expect(mapEditor(values).input.releases).toEqual([]);
    expect(mapEditor(values).input.screenshots).toEqual([]);
  });

  it("gives every new row its own key", () => {
    const keys = [emptyLink(), emptyLink(), emptyFile(), emptyGroup(), emptyZip(), emptyScreenshot()].map((r) => r.key);
    expect(new Set(keys).size).toBe(keys.length);
  });
});

describe("mapEditor", () => {
  it("trims, splits comma lists, drops blank rows and movie-only leftovers", () => {
    const { input } = mapEditor(filledMovie());
    expect(input).toMatchObject({
      type: "movie",
      title: "Night Film",
      tmdbId: 42,
      genres: ["Horror", "Thriller"],
      directors: ["Ada", "Bo"],
      cast: [
        { name: "Cy", character: null },
        { name: "Di", character: null },
      ],
      rating: 7.5,
      runtimeMinutes: 96,
      subtitles: ["English"],
      fileFormat: "mkv",
      uploadedAt: NOW,
      screenshots: ["https://img.example/1.jpg"],
      releases: [
        {
          quality: "720p",
          season: null,
          files: [{ title: "Night 720p", size: "1 GB", links: [{ label: "instant", url: "https://a.example/1", status: "ok" }] }],
          zipLinks: [],
        },
      ],
    });
  });

  it("keeps a TV group's season and zip links", () => {
    const values = { ...filledMovie(), type: "tv" as const };
    const { input } = mapEditor(values);
    expect(input.releases![0]).toMatchObject({
      season: "ignored for a movie",
      zipLinks: [{ label: "zip", url: "https://zip.example", size: null, status: "ok" }],
    });
  });

  it("names the editor field a catalogue path was typed into, even after blank rows were dropped", () => {
    const values = filledMovie();
    const mapping = mapEditor(values);
    const shot = values.screenshots[1]!;
    const group = values.groups[0]!;
    const link = group.files[0]!.links[0]!;
    expect(mapping.fieldOf("screenshots.0")).toBe(`${shot.key}`);
    expect(mapping.fieldOf("releases.0.quality")).toBe(`${group.key}.quality`);
    expect(mapping.fieldOf("releases.0.files.0.title")).toBe(`${group.files[0]!.key}.title`);
    expect(mapping.fieldOf("releases.0.files.0.links.0.url")).toBe(`${link.key}.url`);
    expect(mapping.fieldOf("runtimeMinutes")).toBe("runtime");
    expect(mapping.fieldOf("cast.1.name")).toBe("actors");
    expect(mapping.fieldOf("genres.3")).toBe("genres");
    // The IMDb id comes with Fetch details: its message sits under the TMDB ID field.
    expect(mapping.fieldOf("imdbId")).toBe("tmdbId");
    expect(mapping.fieldOf("slug")).toBe("form");
  });

  it("round-trips a saved title through the edit form unchanged (ids kept)", () => {
    for (const build of [buildMovie, buildSeries]) {
      const input = build({ tmdbId: 99 });
      const detail = detailOf(input);
      const values = valuesFromTitle(detail);
      expect(values.noTmdb).toBe(false);
      const mapped = titleInputSchema.parse(mapEditor(values).input);
      const original = titleInputSchema.parse(input);
      expect(mapped.title).toBe(original.title);
      expect(mapped.genres).toEqual(original.genres);
      expect(mapped.cast.map((c) => c.name)).toEqual(original.cast.map((c) => c.name));
      expect(mapped.screenshots).toEqual(original.screenshots);
      expect(
        mapped.releases.map((r) => [r.id, r.quality, r.season, r.files.map((f) => [f.id, f.title, f.links.map((l) => [l.id, l.url])])]),
      ).toEqual(
        detail.releases.map((r) => [r.id, r.quality, r.season, r.files.map((f) => [f.id, f.title, f.links.map((l) => [l.id, l.url])])]),
      );
    }
  });

  it("ticks 'no TMDB entry' for a saved title without one", () => {
    expect(valuesFromTitle(detailOf(buildMovie({ tmdbId: null }))).noTmdb).toBe(true);
  });
});

describe("checkEditor", () => {
  it("accepts a complete form", () => {
    const check = checkEditor(filledMovie());
    expect(check.ok).toBe(true);
  });

  it("requires the title and the TMDB id with the spec's message, on both fields", () => {
    const check = checkEditor(emptyEditorValues("movie", NOW));
    expect(check).toMatchObject({ ok: false, message: TITLE_AND_TMDB_REQUIRED });
    expect(check.ok ? null : check.fields).toMatchObject({ title: [TITLE_AND_TMDB_REQUIRED], tmdbId: [TITLE_AND_TMDB_REQUIRED] });
  });

  it("allows an empty TMDB id only with 'no TMDB entry' ticked", () => {
    const values = { ...filledMovie(), tmdbId: "" };
    expect(checkEditor(values).ok).toBe(false);
    const ticked = checkEditor({ ...values, noTmdb: true });
    expect(ticked.ok).toBe(true);
    expect(ticked.ok && ticked.input.tmdbId).toBe(null);
    // Ticked, a typed id is not saved either.
    const typed = checkEditor({ ...values, tmdbId: "55", noTmdb: true });
    expect(typed.ok && typed.input.tmdbId).toBe(null);
  });

  it("explains numbers that are not numbers", () => {
    const check = checkEditor({ ...filledMovie(), tmdbId: "12ab", rating: "seven", runtime: "1.5" });
    expect(check.ok ? null : check.fields).toEqual({ tmdbId: [INVALID_TMDB_ID], rating: [INVALID_RATING], runtime: [INVALID_RUNTIME] });
    expect(check.ok ? null : check.message).toBe(SOME_FIELDS_INVALID);
    expect(checkEditor({ ...filledMovie(), rating: "11" }).ok ? null : "refused").toBe("refused");
  });

  it("refuses javascript: addresses on the trailer and on links, on the field typed into", () => {
    const values = filledMovie();
    const link = values.groups[0]!.files[0]!.links[0]!;
    const check = checkEditor({
      ...values,
      trailerUrl: "javascript:alert(1)",
      groups: values.groups.map((g, i) =>
        i === 0
          ? {
              ...g,
              files: g.files.map((f) => ({
                ...f,
                links: f.links.map((l) => (l.key === link.key ? { ...l, url: "javascript:alert(1)" } : l)),
              })),
            }
          : g,
      ),
    });
    expect(check.ok).toBe(false);
    if (check.ok) return;
    expect(check.fields.trailerUrl).toEqual(["Must be an http:// or https:// address"]);
    expect(check.fields[`${link.key}.url`]).toEqual(["Must be an http:// or https:// address"]);
  });

  it("asks for a quality and a label where a group or link is half filled", () => {
    const values = filledMovie();
    const group = values.groups[1]!;
    const file = group.files[0]!;
    const link = file.links[0]!;
    const check = checkEditor({
      ...values,
      groups: [
        values.groups[0]!,
        { ...group, files: [{ ...file, title: "Only a title", links: [{ ...link, url: "https://x.example" }] }] },
      ],
    });
    expect(check.ok ? null : check.fields).toEqual({
      [`${group.key}.quality`]: ["Enter the quality"],
      [`${link.key}.label`]: ["Enter the provider label"],
    });
  });

  it("names two groups of the same quality", () => {
    const values = filledMovie();
    const twin = { ...values.groups[0]!, key: "twin" };
    const check = checkEditor({ ...values, groups: [values.groups[0]!, twin] });
    expect(check.ok ? null : check.fields).toEqual({ "twin.quality": ["Another download group already has this season and quality"] });
  });
});

describe("pasting URLs", () => {
  it("labels a link by its site", () => {
    expect(labelFromUrl("https://gofile.io/d/abc")).toBe("gofile");
    expect(labelFromUrl("https://www.pixeldrain.com/u/x")).toBe("pixeldrain");
    expect(labelFromUrl("https://drive.google.com/file/d/1")).toBe("gdrive");
    expect(labelFromUrl("https://files.example.co.uk/a")).toBe("example");
    expect(labelFromUrl("not a url")).toBe("");
  });

  it("makes one row a line, blank lines ignored", () => {
    const rows = linksFromPaste("https://gofile.io/d/a\r\n\n  https://instant.example/b  \nnonsense");
    expect(rows.map((r) => [r.label, r.url, r.status])).toEqual([
      ["gofile", "https://gofile.io/d/a", "unchecked"],
      ["instant", "https://instant.example/b", "unchecked"],
      ["", "nonsense", "unchecked"],
    ]);
  });

  it("starts new links as Not checked yet, stored as working (the link checker has no result for them yet)", () => {
    const values = emptyEditorValues("tv", "2026-01-01T00:00:00.000Z");
    const group = values.groups[0]!;
    expect(LINK_STATUS_LABELS[group.files[0]!.links[0]!.status]).toBe("Not checked yet");
    group.quality = "720p";
    group.files[0]!.links[0] = { ...group.files[0]!.links[0]!, label: "a", url: "https://a.example/x" };
    group.zipLinks[0] = { ...group.zipLinks[0]!, label: "z", url: "https://z.example/x" };
    const release = mapEditor(values).input.releases?.[0];
    expect(release?.files?.[0]?.links?.[0]?.status).toBe("ok");
    expect(release?.zipLinks?.[0]?.status).toBe("ok");
  });

  it("splits comma lists", () => {
    expect(splitList(" a, ,b ,c,")).toEqual(["a", "b", "c"]);
  });
});

describe("admin paths", () => {
  it("tells the list of a path", () => {
    expect(adminTypeOfPath("/dashboard/tv/4")).toBe("tv");
    expect(adminTypeOfPath("/dashboard/tv/4.data")).toBe("tv");
    expect(adminTypeOfPath("/dashboard/movies/4")).toBe("movie");
  });
});

describe("unresolvedErrors: what a refused save still shows after edits", () => {
  it("drops the message of a field changed since (typed or fetched), keeps the others, and the form's while any is left", () => {
    const refused = emptyEditorValues("movie", NOW);
    const errors = { title: [TITLE_AND_TMDB_REQUIRED], tmdbId: [TITLE_AND_TMDB_REQUIRED], form: [SOME_FIELDS_INVALID] };
    expect(unresolvedErrors(errors, refused, refused)).toBe(errors);
    const typed = { ...refused, title: "Nosferatu" };
    expect(unresolvedErrors(errors, refused, typed)).toEqual({ tmdbId: [TITLE_AND_TMDB_REQUIRED], form: [SOME_FIELDS_INVALID] });
    const fetched = { ...typed, tmdbId: "653" };
    expect(unresolvedErrors(errors, refused, fetched)).toEqual({});
  });

  it("follows nested paths into the download tree", () => {
    const refused = { ...emptyEditorValues("movie", NOW), groups: [emptyGroup()] };
    const errors = { "groups.0.quality": ["Choose a quality"] };
    const same = { ...refused, groups: [{ ...refused.groups[0]! }] };
    expect(unresolvedErrors(errors, refused, same)).toEqual(errors);
    const edited = { ...refused, groups: [{ ...refused.groups[0]!, quality: "1080p" }] };
    expect(unresolvedErrors(errors, refused, edited)).toEqual({});
  });
});
