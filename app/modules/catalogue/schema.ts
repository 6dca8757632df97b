import { storableText, z } from "#app/utils/zod.ts";
import { DEFAULT_FILE_FORMAT, MAX_URL_LENGTH } from "#app/constants.ts";
import { slugify } from "#app/utils/slug.ts";
import { GENRE_NAME_MAX } from "./genres.ts";
import { releaseKey } from "./slug.ts";
import { isHttpUrl } from "#app/utils/url.ts";

const text = storableText;
/** Optional text: blank becomes null. */
const optionalText = (max: number) =>
  storableText(max)
    .nullish()
    .transform((v) => (v ? v : null));
// The API's OpenAPI document (ADR 031) shows these rules as its `format` and `pattern`.
const URL_META = { format: "uri", example: "https://files.example/movie.mkv" } as const;
const httpUrl = text(MAX_URL_LENGTH).refine(isHttpUrl, "Must be an http:// or https:// address").meta(URL_META);
const optionalHttpUrl = optionalText(MAX_URL_LENGTH)
  .refine((v) => v === null || isHttpUrl(v), "Must be an http:// or https:// address")
  .meta(URL_META);
const rowId = z.number().int().positive().optional();

const isoDate = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "Must be a date like 1968-10-01")
  .refine((v) => {
    const d = new Date(`${v}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(v);
  }, "Must be a real calendar date");

/** Trimmed, blank entries dropped, duplicates (ignoring case) removed. */
const nameList = (max: number, itemMax = 200, item: z.ZodType<string, unknown> = z.string()) =>
  z
    .array(item)
    .max(max)
    .default([])
    .transform((names) => {
      const seen = new Set<string>();
      const out: string[] = [];
      for (const raw of names) {
        const name = raw.trim();
        const key = name.toLowerCase();
        if (name && !seen.has(key)) {
          seen.add(key);
          out.push(name);
        }
      }
      return out;
    })
    .pipe(z.array(text(itemMax)));

const linkStatus = z.enum(["ok", "broken", "disabled"]).default("ok");

export const fileLinkInputSchema = z.object({
  id: rowId,
  label: text(60).min(1, "Enter the provider label"),
  url: httpUrl,
  status: linkStatus,
});

export const zipLinkInputSchema = fileLinkInputSchema.extend({
  size: optionalText(40),
});

export const fileInputSchema = z.object({
  id: rowId,
  title: text(300).min(1, "Enter the file or episode title"),
  size: optionalText(40),
  links: z.array(fileLinkInputSchema).max(50).default([]),
});

export const releaseInputSchema = z.object({
  id: rowId,
  quality: text(60).min(1, "Enter the quality"),
  season: optionalText(60),
  files: z.array(fileInputSchema).max(1_000).default([]),
  zipLinks: z.array(zipLinkInputSchema).max(50).default([]),
});

export const POPULARITY_MESSAGE = "TMDB popularity must be a number of 0 or more";
export const VOTE_AVERAGE_MESSAGE = "TMDB vote average must be between 0 and 10";
export const VOTE_COUNT_MESSAGE = "TMDB vote count must be a whole number of 0 or more";

/** A title with its whole tree, as created by the admin, the seed or an import. */
export const titleInputSchema = z
  .object({
    type: z.enum(["movie", "tv"]),
    title: text(300).min(1, "Title is required"),
    /**
     * Derived from the title when absent. Stored as made URL-safe (slugify), so a
     * file's slug compares with the stored one: a long one is cut as it would be.
     */
    slug: optionalText(120).transform((v) => (v === null ? null : slugify(v))),
    originalTitle: optionalText(300),
    tmdbId: z
      .number()
      .int()
      .positive()
      .nullish()
      .transform((v) => v ?? null),
    imdbId: optionalText(12)
      .refine((v) => v === null || /^tt\d{7,10}$/.test(v), "Must be an IMDb id like tt0063350")
      .meta({ pattern: "^tt\\d{7,10}$", example: "tt0063350" }),
    overview: optionalText(10_000),
    tagline: optionalText(500),
    storyline: optionalText(20_000),
    releaseDate: isoDate.nullish().transform((v) => v ?? null),
    runtimeMinutes: z
      .number()
      .int()
      .min(0)
      .max(10_000)
      .nullish()
      .transform((v) => v ?? null),
    rating: z
      .number()
      .min(0, "Rating must be between 0 and 10")
      .max(10, "Rating must be between 0 and 10")
      .nullish()
      .transform((v) => v ?? null),
    /**
     * TMDB's figures (search popularity, ADR 007). Absent leaves the stored ones as
     * they are (the admin editor never sends them); null clears them.
     */
    tmdbPopularity: z.number(POPULARITY_MESSAGE).min(0, POPULARITY_MESSAGE).nullish(),
    tmdbVoteAverage: z.number(VOTE_AVERAGE_MESSAGE).min(0, VOTE_AVERAGE_MESSAGE).max(10, VOTE_AVERAGE_MESSAGE).nullish(),
    tmdbVoteCount: z
      .number(VOTE_COUNT_MESSAGE)
      .int(VOTE_COUNT_MESSAGE)
      .min(0, VOTE_COUNT_MESSAGE)
      .max(2_000_000_000, VOTE_COUNT_MESSAGE)
      .nullish(),
    adult: z.boolean().default(false),
    language: optionalText(60),
    posterUrl: optionalHttpUrl,
    backgroundUrl: optionalHttpUrl,
    trailerUrl: optionalHttpUrl,
    fileFormat: text(10).min(1).default(DEFAULT_FILE_FORMAT),
    featured: z.boolean().default(false),
    featuredOrder: z
      .number()
      .int()
      .nullish()
      .transform((v) => v ?? null),
    /** ISO timestamp; now when absent. */
    uploadedAt: z.iso
      .datetime({ offset: true })
      .nullish()
      .transform((v) => (v ? new Date(v).toISOString() : null)),
    /**
     * Names within the genre list's limit, so each slug is one the genre filters take; a genre as
     * the API answers it ({ id, name, slug }) counts as its name, so a title read can be sent back.
     */
    genres: nameList(30, GENRE_NAME_MAX, z.union([z.string(), z.looseObject({ name: z.string() }).transform((g) => g.name)])),
    directors: nameList(30),
    cast: z
      .array(z.object({ name: text(200).min(1, "Enter the actor's name"), character: optionalText(200) }))
      .max(200)
      .default([]),
    subtitles: nameList(60),
    /** Blank entries are dropped, as the spec's add and edit forms do. */
    screenshots: z
      // A screenshot as the API answers it ({ id, url }) counts as its address.
      .array(z.union([z.string().meta(URL_META), z.looseObject({ url: z.string() }).transform((s) => s.url)]))
      .max(100)
      .default([])
      .transform((urls) => urls.map((u) => u.trim()).filter(Boolean))
      .pipe(z.array(httpUrl)),
    releases: z.array(releaseInputSchema).max(200).default([]),
  })
  .superRefine((input, ctx) => {
    const keys = new Map<string, number>();
    input.releases.forEach((release, i) => {
      const key = releaseKey(release);
      if (keys.has(key)) {
        ctx.addIssue({
          code: "custom",
          path: ["releases", i, "quality"],
          message: "Another download group already has this season and quality",
        });
      }
      keys.set(key, i);
    });
  });

export type TitleInput = z.input<typeof titleInputSchema>;
export type ParsedTitleInput = z.output<typeof titleInputSchema>;
export type ParsedReleaseInput = z.output<typeof releaseInputSchema>;
