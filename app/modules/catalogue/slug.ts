import { MAX_SLUG_LENGTH, slugify } from "#app/utils/slug.ts";

/** The longest genre slug the search pages accept (GENRE_SLUG_PATTERN). */
const MAX_GENRE_SLUG_LENGTH = 60;

/**
 * Genre URL segment: the spec's rule, lowercase with spaces as hyphens, keeping
 * only letters (of any script, accents too), digits and hyphens, as the genre
 * filter's pattern accepts: `"`, `<`, `>`, `&` and other punctuation are dropped.
 * Genres made before keep their stored slug (ADR 033); they are found by name too.
 */
export function genreSlug(name: string): string {
  const slug = name
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\s-]+/gu, "")
    .replace(/[\s-]+/g, "-")
    .slice(0, MAX_GENRE_SLUG_LENGTH)
    .replace(/^-+|-+$/g, "");
  return slug || "genre";
}

/**
 * The segment that names a release on its title's pages (archive, link details):
 * its quality, preceded by its season for TV, e.g. `720p` or `season-1-1080p-10bit`.
 */
export function releaseKey(release: { quality: string; season: string | null }): string {
  return slugify(release.season ? `${release.season} ${release.quality}` : release.quality);
}

/** Suffixes tried after the base: the release year first, then 2, 3, …; bounded so a lookup can cover them. */
const MAX_SUFFIX_LENGTH = 9;

/** `base` with `-suffix`, the base cut so the whole stays within MAX_SLUG_LENGTH (an export's slugs re-import as they are). */
function withSuffix(base: string, suffix: string): string {
  const stem = base.slice(0, MAX_SLUG_LENGTH - suffix.length - 1).replace(/-+$/, "");
  return stem ? `${stem}-${suffix}` : suffix;
}

/**
 * The slugs a title may get, in order: `it`, then `it-2017` (its release year, when
 * it has one), then `it-2`, `it-3`, … Deterministic, so the same catalogue always
 * gives the same addresses, and each one fits MAX_SLUG_LENGTH.
 */
export function* slugCandidates(base: string, year: string | null = null): Generator<string> {
  yield base;
  if (year) yield withSuffix(base, year);
  for (let n = 2; String(n).length < MAX_SUFFIX_LENGTH; n++) yield withSuffix(base, String(n));
}

/** What every candidate of `base` starts with (a prefix to look the taken ones up by). */
export function slugCandidatesPrefix(base: string): string {
  return base.slice(0, MAX_SLUG_LENGTH - MAX_SUFFIX_LENGTH - 1).replace(/-+$/, "");
}

/** The first free slug among slugCandidates(base, year) given the slugs already taken. */
export function firstFreeSlug(base: string, taken: Iterable<string>, year: string | null = null): string {
  const used = new Set(taken);
  for (const candidate of slugCandidates(base, year)) if (!used.has(candidate)) return candidate;
  throw new Error(`No free slug for ${base}`);
}
