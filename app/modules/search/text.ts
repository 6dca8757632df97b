/**
 * Search text rules shared by both database implementations: what a word is,
 * how case and accents are folded, and pg_trgm's trigram similarity, computed
 * here the same way PostgreSQL does so both databases rank alike.
 */

export const MAX_QUERY_LENGTH = 200;
export const MAX_QUERY_TOKENS = 8;
/** pg_trgm's default `similarity_threshold`; typo matches must reach it. */
export const SIMILARITY_THRESHOLD = 0.3;

/** Lowercase ASCII letters and digits separated by single spaces: accents folded, everything else a separator. */
export function normalizeText(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/\p{M}+/gu, "")
    .toLowerCase()
    .replace(/ß/g, "ss")
    .replace(/æ/g, "ae")
    .replace(/œ/g, "oe")
    .replace(/ø/g, "o")
    .replace(/đ/g, "d")
    .replace(/ł/g, "l")
    .replace(/[^a-z0-9]+/g, " ")
    .trim();
}

/** The query as searched: normalised, bounded in length, at most 8 distinct words. */
export function parseQuery(text: string): { text: string; tokens: string[] } | null {
  const normalized = normalizeText(text.slice(0, MAX_QUERY_LENGTH));
  if (!normalized) return null;
  const tokens = [...new Set(normalized.split(" "))].slice(0, MAX_QUERY_TOKENS);
  return { text: tokens.join(" "), tokens };
}

/** pg_trgm's trigrams of normalised text: each word padded with two spaces before and one after. */
export function trigrams(normalized: string): Set<string> {
  const set = new Set<string>();
  for (const word of normalized.split(" ")) {
    if (!word) continue;
    const padded = `  ${word} `;
    for (let i = 0; i + 3 <= padded.length; i++) set.add(padded.slice(i, i + 3));
  }
  return set;
}

/** pg_trgm's similarity(): shared trigrams over all distinct trigrams of both. */
export function similarity(a: string | Set<string>, b: string | Set<string>): number {
  const ta = typeof a === "string" ? trigrams(a) : a;
  const tb = typeof b === "string" ? trigrams(b) : b;
  if (ta.size === 0 || tb.size === 0) return 0;
  let shared = 0;
  for (const t of ta) if (tb.has(t)) shared++;
  return shared / (ta.size + tb.size - shared);
}

/** What a title is found by, in normalised form, with what results are filtered and ordered by. */
export interface SearchDocument {
  title: string;
  original: string;
  names: string;
  year: string;
  type: "movie" | "tv";
  uploadedAt: string;
  rating: number | null;
}

export function searchDocument(title: {
  title: string;
  originalTitle: string | null;
  releaseDate: string | null;
  names: string[];
  type: "movie" | "tv";
  uploadedAt: string;
  rating: number | null;
}): SearchDocument {
  const original = normalizeText(title.originalTitle ?? "");
  const main = normalizeText(title.title);
  return {
    title: main,
    original: original === main ? "" : original,
    names: normalizeText(title.names.join(" ")),
    year: title.releaseDate?.slice(0, 4) ?? "",
    type: title.type,
    uploadedAt: title.uploadedAt,
    rating: title.rating,
  };
}
