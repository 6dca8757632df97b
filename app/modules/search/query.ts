// What a visitor types, understood before it is ranked (issue 31, ADR 007 "query
// understanding"). Visitors of a download catalogue add words that are not part of a
// title: noise ("full movie", "download", "hd") and filters ("2000", "series",
// "1080p", "hindi dubbed", "season 2"). Pure and browser-safe: /search, the
// suggestions and the API read the same interpretation, and the results page shows it.
import type { TitleType } from "#app/db/schema.ts";
import { at } from "./chips.ts";
import type { InterpretedQuery, QueryFilters, Understood } from "./query-types.ts";
import { normalizeText } from "./text.ts";

export type { InterpretedQuery, QueryFilters, Understood } from "./query-types.ts";

/** Words that name no title on their own. */
const LITTLE_WORDS = new Set("the a an of and or in on at to for with by from is it its my your this that vs".split(" "));

const phrases = (list: string) => list.split(",").map((p) => p.trim().split(" "));

/** Words and phrases that say nothing about which title: stripped unless they are all there is. */
const NOISE = phrases(
  "full movie, full movies, full film, full hd movie, watch online, watch free, free download, download free, download, downloads, " +
    "watch, free, hd, online, stream, streaming, torrent, full, mkv, mp4, avi, hdrip, bluray, blu ray, brrip, webrip, web dl, webdl, " +
    "dvdrip, hdtv, x264, x265, hevc, 10bit, esub, esubs, with subtitles, subtitles, subs, english subtitles, google drive, gdrive, " +
    "direct link, link, links, 300mb, 400mb, 500mb, 700mb, 1gb",
);

const TYPES: [string[], TitleType, string][] = [
  ...phrases("tv shows, tv show, tv series, web series, series, tv").map((p) => [p, "tv", "TV shows"] as [string[], TitleType, string]),
  ...phrases("movies, movie, films, film").map((p) => [p, "movie", "Movies"] as [string[], TitleType, string]),
];

/** Release qualities as the catalogue labels them (lower case, as its filter compares). */
const QUALITIES: [string[], string][] = [
  ...["360p", "480p", "720p", "1080p", "2160p", "4k"].map((q) => [[q], q] as [string[], string]),
  [["full", "hd"], "1080p"],
  [["fhd"], "1080p"],
  [["uhd"], "4k"],
];

/** The spec's six subtitle languages and the ones dubbed releases are searched in. */
const LANGUAGES = "english,hindi,spanish,japanese,french,german,tamil,telugu,malayalam,kannada,bengali,punjabi,marathi,korean,chinese";
const LANGUAGE_PHRASES: [string[], string][] = [
  [["dual", "audio"], "Dual audio"],
  [["multi", "audio"], "Multi audio"],
  ...LANGUAGES.split(",").flatMap((l) => {
    const name = l[0]!.toUpperCase() + l.slice(1);
    return [
      [[l, "dubbed"], `${name} dubbed`],
      [["dubbed", "in", l], `${name} dubbed`],
      [[l, "dub"], `${name} dubbed`],
      [[l, "audio"], name],
      [[l], name],
    ] as [string[], string][];
  }),
  [["dubbed"], "Dubbed"],
];

const NUMBER_WORDS = "one two three four five six seven eight nine ten".split(" ");
/** A season number: "2", "02", "two". */
const seasonNumber = (w: string | undefined) =>
  w === undefined ? null : /^\d{1,2}$/.test(w) ? Number(w) : NUMBER_WORDS.includes(w) ? NUMBER_WORDS.indexOf(w) + 1 : null;

/** The first year a film can have (Roundhay Garden Scene) up to next year's announcements. */
export const FIRST_YEAR = 1888;
export const lastYear = (now = new Date()) => now.getUTCFullYear() + 1;

/** Whether `words` starts at position i of `tokens`. */

/**
 * Reads a query: which words are the title's, which are noise, and which are
 * filters. Filters are read only once (the first year, type and quality); a second
 * one stays a word. When nothing would be left to match, the query is taken as
 * typed ("the movie", "hindi", "2012" are titles), with no filters and no noise.
 */
export function interpretQuery(text: string, now = new Date()): InterpretedQuery {
  const tokens = normalizeText(text).split(" ").filter(Boolean);
  const roles: InterpretedQuery["roles"] = tokens.map(() => "word");
  const filters: QueryFilters = {};
  const understood: Understood[] = [];
  const take = (i: number, length: number, role: "noise" | "filter") => {
    for (let k = i; k < i + length; k++) roles[k] = role;
    return tokens.slice(i, i + length);
  };
  for (let i = 0; i < tokens.length; i++) {
    const w = tokens[i]!;
    // Seasons: "season 2", "season two", "s02", "s2", "s02e05", "complete season".
    const season = w === "season" || w === "seasons" ? seasonNumber(tokens[i + 1]) : null;
    if (season !== null) {
      understood.push({ kind: "season", label: `Season ${season}`, words: take(i, 2, "filter"), applied: false });
      i += 1;
      continue;
    }
    const short = /^s(\d{1,2})(?:e(\d{1,3}))?$/.exec(w);
    if (short) {
      const label = `Season ${Number(short[1])}${short[2] ? `, episode ${Number(short[2])}` : ""}`;
      understood.push({ kind: "season", label, words: take(i, 1, "filter"), applied: false });
      continue;
    }
    if (/^\d{4}$/.test(w) && filters.year === undefined && Number(w) >= FIRST_YEAR && Number(w) <= lastYear(now)) {
      filters.year = Number(w);
      understood.push({ kind: "year", label: `Year: ${w}`, words: take(i, 1, "filter"), applied: true });
      continue;
    }
    const quality = filters.quality === undefined ? QUALITIES.find(([p]) => at(tokens, i, p)) : undefined;
    if (quality) {
      filters.quality = quality[1];
      understood.push({ kind: "quality", label: `Quality: ${quality[1]}`, words: take(i, quality[0].length, "filter"), applied: true });
      i += quality[0].length - 1;
      continue;
    }
    const language = LANGUAGE_PHRASES.find(([p]) => at(tokens, i, p));
    if (language) {
      understood.push({ kind: "language", label: language[1], words: take(i, language[0].length, "filter"), applied: false });
      i += language[0].length - 1;
      continue;
    }
    const noise = NOISE.find((p) => at(tokens, i, p));
    if (noise) {
      take(i, noise.length, "noise");
      i += noise.length - 1;
      continue;
    }
    const type = filters.type === undefined ? TYPES.find(([p]) => at(tokens, i, p)) : undefined;
    if (type) {
      filters.type = type[1];
      understood.push({ kind: "type", label: type[2], words: take(i, type[0].length, "filter"), applied: true });
      i += type[0].length - 1;
    }
  }
  if (!roles.includes("word")) return asTyped(tokens);
  const onlyLittleWords = roles.some((r) => r !== "word") && tokens.every((t, i) => roles[i] !== "word" || LITTLE_WORDS.has(t));
  return { text: tokens.join(" "), tokens, roles, filters, understood, onlyLittleWords };
}

/** The query with every word a word: no filters, no noise. */
export function asTyped(tokens: string[]): InterpretedQuery {
  return { text: tokens.join(" "), tokens, roles: tokens.map(() => "word"), filters: {}, understood: [], onlyLittleWords: false };
}
