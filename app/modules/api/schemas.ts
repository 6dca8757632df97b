import { z } from "#app/utils/zod.ts";
import { LISTING_PAGE_SIZE, SEARCH_COUNT_CAP } from "#app/constants.ts";
import { GENRE_SLUG_PATTERN, QUALITY_MAX_LENGTH, YEAR_MESSAGE, YEAR_PATTERN } from "#app/modules/search/params.ts";
import { MAX_QUERY_LENGTH } from "#app/modules/search/text.ts";
import { SEARCH_SORTS } from "#app/modules/search/types.ts";
import { BANNERS } from "#app/modules/site/banners.ts";
import { INBOX_KINDS } from "#app/modules/inbox/events.ts";
import { MAX_ID } from "#app/utils/ids.ts";

/*
 * The read API's contract: the Zod schemas its routes validate query strings and
 * path parameters with, and the schemas of what they return. The OpenAPI document
 * (openapi.ts) is generated from these same objects, so the two cannot drift.
 * Field names are camelCase and stable; dates are ISO 8601.
 */

// ---------------------------------------------------------------------------
// Parameters. Query values arrive as text: a whole number is read as a number
// first, anything else is left as text so the number schema refuses it by name.

const WHOLE_NUMBER = /^-?\d{1,15}$/;
const asNumber = (value: unknown) => (typeof value === "string" && WHOLE_NUMBER.test(value.trim()) ? Number(value.trim()) : value);

function wholeNumber(name: string, min: number, max: number) {
  const message = `${name} must be a whole number from ${min} to ${max}`;
  return z.preprocess(asNumber, z.int({ error: message }).min(min, { error: message }).max(max, { error: message }));
}

export const MAX_PAGE = 100_000;
export const MAX_PER_PAGE = 100;
export const SUGGESTION_LIMIT = { default: 8, max: 20 } as const;

const page = wholeNumber("page", 1, MAX_PAGE)
  .optional()
  .meta({ description: "Page number, from 1. A page past the last one is empty.", example: 1 });
const perPage = wholeNumber("perPage", 1, MAX_PER_PAGE)
  .optional()
  .meta({ description: `Titles per page (default ${LISTING_PAGE_SIZE}).`, example: 20 });

const year = (name: string) =>
  z
    .string()
    .trim()
    .regex(YEAR_PATTERN, { error: YEAR_MESSAGE })
    .transform(Number)
    .optional()
    .meta({ description: `${name}: a 4-digit year. When yearFrom is after yearTo the two are swapped, as on /search.`, example: "1990" });

/** The filters of /search, with its rules (app/modules/search/params.ts). */
const filterParams = {
  type: z.enum(["movie", "tv"], { error: "type must be movie or tv" }).optional().meta({ description: "Only movies or only TV shows." }),
  genre: z
    .string()
    .trim()
    // Checked here, not as a pattern in the document: \p{L} (a letter of any script) is not portable to every
    // client's regex engine (Spectral without the u flag, Python's re), so the rule is given in words.
    .refine((slug) => GENRE_SLUG_PATTERN.test(slug), { error: "genre must be a genre slug (letters, digits and hyphens), e.g. action" })
    .transform((slug) => slug.toLowerCase())
    .optional()
    .meta({
      description:
        "A genre's slug, as listed by /genres (any case): 1 to 60 letters (of any script), digits and hyphens, e.g. action or science-fiction.",
      example: "action",
      minLength: 1,
      maxLength: 60,
    }),
  quality: z
    .string()
    .trim()
    .min(1, { error: "quality must not be empty" })
    .max(QUALITY_MAX_LENGTH, { error: `quality must be at most ${QUALITY_MAX_LENGTH} characters` })
    .optional()
    .meta({ description: "Titles with a release of this quality label (any case), e.g. 1080p.", example: "1080p" }),
  yearFrom: year("First year"),
  yearTo: year("Last year"),
};

const BROWSE_SORTS = ["newest", "rating", "title"] as const;

export const titlesQuerySchema = z.strictObject({
  ...filterParams,
  sort: z
    .enum(BROWSE_SORTS, { error: `sort must be one of ${BROWSE_SORTS.join(", ")}` })
    .optional()
    .meta({ description: "newest (latest upload first, the default), rating (highest first) or title (A–Z)." }),
  page,
  perPage,
});

const searchText = z
  .string({ error: "q is required: the text to search for" })
  .trim()
  .min(1, { error: "q is required: the text to search for" })
  .max(MAX_QUERY_LENGTH, { error: `q must be at most ${MAX_QUERY_LENGTH} characters` });

export const searchQuerySchema = z.strictObject({
  q: searchText.meta({ description: "What to search for: words of a title, original title, credited name or year.", example: "night" }),
  ...filterParams,
  sort: z
    .enum(SEARCH_SORTS, { error: `sort must be one of ${SEARCH_SORTS.join(", ")}` })
    .optional()
    .meta({ description: "relevance (the default), newest, rating or title." }),
  page,
  perPage,
});

export const suggestionsQuerySchema = z.strictObject({
  q: searchText.meta({ description: "The text typed so far; the last word may be unfinished.", example: "nig" }),
  limit: wholeNumber("limit", 1, SUGGESTION_LIMIT.max)
    .optional()
    .meta({ description: `How many suggestions at most (default ${SUGGESTION_LIMIT.default}).`, example: 5 }),
});

/** Endpoints that take no query parameters still refuse unknown ones by name. */
export const noQuerySchema = z.strictObject({});

export const titleParamsSchema = z.strictObject({
  id: wholeNumber("id", 1, MAX_ID).meta({ description: "The title's id.", example: 1 }),
});

export const linkParamsSchema = z.strictObject({
  id: wholeNumber("id", 1, MAX_ID).meta({ description: "The link's id.", example: 1 }),
});

export const linkUpdateSchema = z
  .strictObject({
    status: z.enum(["ok", "broken", "disabled"], { error: "status must be ok, broken or disabled." }),
  })
  .meta({ id: "LinkUpdate" });

/** PATCH /titles/{id}: checked as a whole after merging (the merged title is a TitleInput). */
export const titlePatchSchema = z.looseObject({}).meta({
  id: "TitlePatch",
  description:
    "A JSON Merge Patch (RFC 7396) of a TitleInput: any of its members; null removes one, arrays replace the stored ones whole. The merged title must be a valid TitleInput.",
  example: { tagline: "They keep coming back.", featured: true, storyline: null },
});

export const inboxListParamsSchema = z.strictObject({
  kind: z.enum(INBOX_KINDS, { error: `kind must be one of ${INBOX_KINDS.join(", ")}.` }).meta({ description: "The inbox's section." }),
});

export const inboxListQuerySchema = z.strictObject({
  status: z.string().optional().meta({
    description:
      "Only items with this status (requests: pending, fulfilled, declined; reports: open, fixed, invalid; contact: new, answered, archived; dmca: received, actioned, rejected).",
  }),
  q: z.string().max(100, "q must be at most 100 characters.").optional().meta({ description: "Text to look for." }),
  page: wholeNumber("page", 1, 100_000).optional(),
});

export const inboxItemParamsSchema = inboxListParamsSchema.extend({
  id: wholeNumber("id", 1, MAX_ID).meta({ description: "The item's id.", example: 1 }),
});

export const inboxUpdateSchema = z
  .strictObject({
    status: z.string().min(1).meta({ description: "The new status; the item's kind decides which are allowed (see status of listInbox)." }),
    note: z.string().max(1_000).optional().meta({ description: "reports and dmca: a note kept with the decision." }),
    reason: z.string().max(1_000).optional().meta({ description: "requests: why it is declined (required for declined)." }),
    fulfilledTitleId: z
      .int()
      .positive()
      .optional()
      .meta({ description: "requests: the catalogue title that fulfils it (required for fulfilled)." }),
  })
  .meta({ id: "InboxUpdate" });

// ---------------------------------------------------------------------------
// Responses.

const url = z.url().meta({ description: "An absolute URL." });
const dateTime = z.iso.datetime({ offset: true });
const date = z.iso.date();

export const genreSchema = z
  .object({
    id: z.int(),
    name: z.string().meta({ example: "Action" }),
    slug: z.string().meta({ example: "action" }),
  })
  .meta({ id: "Genre" });

export const titleSummarySchema = z
  .object({
    id: z.int().meta({ example: 1 }),
    type: z.enum(["movie", "tv"]),
    slug: z.string().meta({ example: "night-of-the-living-dead" }),
    title: z.string().meta({ example: "Night of the Living Dead" }),
    year: z.int().nullable(),
    releaseDate: date.nullable(),
    posterUrl: url.nullable(),
    rating: z.number().nullable().meta({ description: "Out of 10." }),
    url: url.meta({ description: "The title's page on the site." }),
  })
  .meta({ id: "TitleSummary", description: "A title as listed." });

export const linkSchema = z
  .object({
    id: z.int(),
    kind: z.enum(["file", "zip"]).meta({ description: "file: one episode or download option; zip: a whole release at once." }),
    label: z.string().meta({ description: "The file host's label, e.g. gdrive.", example: "gdrive" }),
    size: z.string().nullable().meta({ example: "1.2 GB" }),
    status: z.enum(["ok", "broken", "disabled"]).meta({
      description:
        "broken: a visitor reported it and it is not fixed yet. disabled: hidden from visitors; only the write API's answers include disabled links.",
    }),
    url: url.meta({
      description:
        "For a token with the catalogue:write scope (and in write answers), the file host's own address: what PUT and PATCH take back. For anyone else, the site's download page for this link, as `href`: the host's address is not published.",
    }),
    href: url.meta({
      description: "The site's download page for this link (/middleman), which counts the click and leads to the file host.",
    }),
  })
  .meta({ id: "Link" });

export const fileSchema = z
  .object({
    id: z.int(),
    title: z.string(),
    size: z.string().nullable(),
    links: z.array(linkSchema),
  })
  .meta({ id: "File", description: "An episode (TV) or a download option (movie)." });

export const releaseSchema = z
  .object({
    id: z.int(),
    quality: z.string().meta({ example: "1080p" }),
    season: z.string().nullable().meta({ example: "Season 1" }),
    key: z.string().meta({ description: "Names the release in the site's addresses.", example: "1080p" }),
    files: z.array(fileSchema),
    zipLinks: z.array(linkSchema),
  })
  .meta({ id: "Release", description: "One quality of a movie, or one season in one quality of a TV show." });

export const titleSchema = titleSummarySchema
  .extend({
    originalTitle: z.string().nullable(),
    tmdbId: z.int().nullable(),
    imdbId: z.string().nullable().meta({ example: "tt0063350" }),
    overview: z.string().nullable(),
    tagline: z.string().nullable(),
    storyline: z.string().nullable(),
    runtimeMinutes: z.int().nullable(),
    tmdbPopularity: z
      .number()
      .nullable()
      .meta({ description: "TMDB's popularity as last reported; refreshed hourly for titles with a TMDB id." }),
    tmdbVoteAverage: z.number().nullable().meta({ description: "TMDB's vote average (0 to 10) as last reported." }),
    tmdbVoteCount: z.int().nullable().meta({ description: "TMDB's vote count as last reported." }),
    adult: z.boolean(),
    language: z.string().nullable(),
    backgroundUrl: url.nullable(),
    trailerUrl: url.nullable(),
    fileFormat: z.string().meta({ example: "mkv" }),
    featured: z.boolean(),
    featuredOrder: z
      .int()
      .nullable()
      .meta({ description: "Place among the featured titles on the home page; null: after those with one." }),
    uploadedAt: dateTime,
    createdAt: dateTime,
    updatedAt: dateTime,
    genres: z.array(genreSchema),
    directors: z.array(z.string()),
    cast: z.array(z.object({ name: z.string(), character: z.string().nullable() })),
    subtitles: z.array(z.string()).meta({ description: "Subtitle languages." }),
    screenshots: z.array(z.object({ id: z.int(), url })),
    releases: z.array(releaseSchema),
  })
  .meta({
    id: "Title",
    description:
      "A title with its releases, files and links. Anonymous and read-scope callers get the public view: disabled links and hidden genres are left out and links carry only the site's download page. A catalogue:write token gets the whole title as stored (disabled links, hidden genres, the hosts' addresses): sent back unchanged with PUT, it changes nothing.",
  });

const pageFields = {
  items: z.array(titleSummarySchema),
  page: z.int().min(1),
  perPage: z.int().min(1),
  total: z.int().min(0).meta({ description: "Titles in all pages." }),
  totalPages: z.int().min(1).meta({ description: "At least 1, even when there is nothing." }),
  next: url.nullable().meta({ description: "The next page's address, null on the last page." }),
  prev: url.nullable().meta({ description: "The previous page's address, null on the first page." }),
};

export const titlePageSchema = z.object(pageFields).meta({ id: "TitlePage" });

export const searchPageSchema = z
  .object({
    ...pageFields,
    items: z.array(
      titleSummarySchema
        .extend({
          matchedPerson: z.string().nullable().meta({
            description:
              "The credited name that holds the searched words the title lacks (Buster Keaton for general keaton); null when the title has them all.",
            example: "Buster Keaton",
          }),
        })
        .meta({ id: "SearchHit", description: "A title found, and why when its name alone does not say." }),
    ),
    query: z.string().nullable().meta({ description: "The query as searched (normalised), null when it had no searchable word." }),
    totalCapped: z.boolean().meta({
      description: `True when more titles match than \`total\`: a search counts up to ${SEARCH_COUNT_CAP.toLocaleString("en-US")} matches and pages through those, the best first.`,
    }),
    match: z.enum(["words", "similar", "none"]).meta({
      description:
        "words: every word was found; similar: nothing had every word, so titles with a similar name are listed; none: nothing found.",
    }),
    understood: z
      .array(
        z
          .object({
            kind: z.enum(["type", "year", "quality", "language", "season"]),
            label: z.string().meta({ example: "Year: 1926" }),
            words: z.array(z.string()).meta({ description: "The normalised words it was read from." }),
            applied: z.boolean().meta({
              description: "Applied as a filter; false when understood but there is nothing to filter by (audio languages, seasons).",
            }),
          })
          .meta({ id: "SearchChip" }),
      )
      .meta({
        description:
          "What the search read from the words besides the title's: the chips the site shows (2001 odyssey 1080p → Quality: 1080p).",
      }),
    corrected: z.string().nullable().meta({
      description: "The query with the best result's corrected words (the site's Did you mean), null when it needed none.",
      example: "nosferatu",
    }),
  })
  .meta({ id: "SearchPage" });

export const genreListSchema = z
  .object({
    items: z.array(
      genreSchema.extend({
        titleCount: z.int().min(0),
        url: url.meta({ description: "The genre's page on the site." }),
      }),
    ),
  })
  .meta({ id: "GenreList" });

export const suggestionListSchema = z
  .object({
    items: z.array(titleSummarySchema.pick({ id: true, type: true, title: true, year: true, posterUrl: true, url: true })),
  })
  .meta({ id: "SuggestionList" });

const BANNER_IDS = BANNERS.map((b) => b.id) as [(typeof BANNERS)[number]["id"], ...(typeof BANNERS)[number]["id"][]];

export const publicSettingsSchema = z
  .object({
    siteName: z.string().meta({ example: "Cinedex" }),
    supportEmail: z.string(),
    telegramGroupUrl: url,
    socialLinks: z.object({ facebook: url, x: url, instagram: url, telegram: url }),
    banners: z.array(z.object({ id: z.enum(BANNER_IDS), enabled: z.boolean(), text: z.string() })).meta({
      description: "The notices at the top of the site's pages.",
    }),
    bannerAutoClose: z.object({ enabled: z.boolean(), delayMs: z.int() }),
    middlemanCountdownSeconds: z.int().meta({ description: "Seconds the download page counts down before its button; 0 skips it." }),
  })
  .meta({ id: "PublicSettings", description: "The site's settings that visitors' pages show." });

export const inboxItemSchema = z
  .object({
    id: z.int(),
    kind: z.enum(INBOX_KINDS),
    title: z.string().meta({ description: "What it is about: the wanted title, the reported content, the subject, the notice's URL." }),
    detail: z.string().nullable().meta({ description: "Who sent it, or a second line." }),
    status: z.string(),
    unread: z.boolean(),
    createdAt: dateTime,
    count: z.int().meta({ description: "How many asked (requests) or reported (reports); 1 otherwise." }),
  })
  .meta({ id: "InboxItem" });

export const inboxChangeSchema = z
  .object({ kind: z.enum(INBOX_KINDS), id: z.int(), status: z.string() })
  .meta({ id: "InboxChange", description: "The item's status after the change." });

export const inboxPageSchema = z
  .object({
    items: z.array(inboxItemSchema),
    page: z.int().min(1),
    perPage: z.int().min(1),
    total: z.int().min(0),
    totalPages: z.int().min(1),
  })
  .meta({ id: "InboxPage" });

/** RFC 9457 problem details, as every error of the API is answered. */
export const problemSchema = z
  .object({
    type: url.meta({ description: "Identifies the kind of problem; the reference page describes each." }),
    title: z.string().meta({ description: "A short summary of the kind of problem." }),
    status: z.int(),
    detail: z.string().meta({ description: "What went wrong this time, in words fit to show." }),
    invalidParams: z
      .array(
        z.object({
          name: z.string().meta({ description: "The parameter's name." }),
          in: z.enum(["query", "path", "body", "header"]),
          reason: z.string(),
        }),
      )
      .optional()
      .meta({ description: "With invalid-parameter: each parameter that was refused, and why." }),
  })
  .meta({ id: "Problem" });

export type Problem = z.output<typeof problemSchema>;
export type TitleSummary = z.output<typeof titleSummarySchema>;
export type ApiTitle = z.output<typeof titleSchema>;
export type ApiLink = z.output<typeof linkSchema>;
export type TitlePage = z.output<typeof titlePageSchema>;
export type SearchPage = z.output<typeof searchPageSchema>;
export type GenreList = z.output<typeof genreListSchema>;
export type SuggestionList = z.output<typeof suggestionListSchema>;
export type PublicSettings = z.output<typeof publicSettingsSchema>;
