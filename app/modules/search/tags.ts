// The filter words of the search index (ADR 007, "filters as index words"). A title's
// type, genres, release qualities and year are words of a `tags` column beside its
// text, so a filtered search is one full-text intersection (a column of SQLite's FTS5
// table, a tsvector of its own on PostgreSQL) instead of the matches looked up one by
// one and checked against other tables.
import type { TitleType } from "#app/db/schema.ts";

/** A filter word that no title has: a filter on something unknown (a genre slug that does not exist) finds nothing. */
export const NO_TAG = "none";

export const typeTag = (type: TitleType) => `t${type}`;
export const genreTag = (genreId: number) => `g${genreId}`;
/**
 * A release quality as one word: hex of its trimmed lower-case UTF-8, so the filter
 * stays an exact, case-insensitive comparison ("WEB-DL" is not "WEBDL") while the
 * word is [a-z0-9] as both tokenizers need.
 */
export const qualityTag = (quality: string) =>
  `q${Array.from(new TextEncoder().encode(quality.trim().toLowerCase()), (b) => b.toString(16).padStart(2, "0")).join("")}`;

/** A year as a word of each span it falls in: y1994, d199 (decade), c19 (century). */
export function yearTags(year: string): string[] {
  if (!/^\d{4}$/.test(year)) return [];
  return [`y${year}`, `d${year.slice(0, 3)}`, `c${year.slice(0, 2)}`];
}

export function documentTags(title: { type: TitleType; year: string; genreIds: number[]; qualities: string[] }): string {
  const tags = [
    typeTag(title.type),
    ...yearTags(title.year),
    ...title.genreIds.map(genreTag),
    ...title.qualities.filter((q) => q.trim()).map(qualityTag),
  ];
  return [...new Set(tags)].join(" ");
}

/**
 * The fewest year, decade and century words that together cover [from, to] (whole
 * centuries and decades inside it, single years at its ends): 1990–2010 is d199 d200
 * y2010, at most 9 + 9 + 9 + 9 words plus the centuries between.
 */
export function yearRangeTags(from = 0, to = 9999): string[] {
  const tags: string[] = [];
  const pad = (n: number, width: number) => String(n).padStart(width, "0");
  for (let y = Math.max(0, from); y <= Math.min(9999, to);) {
    if (y % 100 === 0 && y + 99 <= to) {
      tags.push(`c${pad(y / 100, 2)}`);
      y += 100;
    } else if (y % 10 === 0 && y + 9 <= to) {
      tags.push(`d${pad(y / 10, 3)}`);
      y += 10;
    } else {
      tags.push(`y${pad(y, 4)}`);
      y += 1;
    }
  }
  return tags;
}

/**
 * A tag as SQLite's full-text table holds it: behind "_", which its tokenizer keeps in
 * a word (tokenchars) and a visitor's words never have (text.ts), so no search word or
 * start of one ("t", "c") reaches a tag, and the 1- and 2-letter prefix lists stay
 * those of the text ("c"* counts in 0.5 ms at 100k titles, not 2.5).
 */
export const ftsTag = (tag: string) => `_${tag}`;

/** Filters as groups of tags: a title matches when it has every group's tag, or one of them (a year range). */
export type TagFilter = string[][];
