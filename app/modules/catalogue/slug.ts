import { slugify } from "#app/utils/slug.ts";

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

/** The first free slug among base, base-2, base-3, … given the slugs already taken. */
export function firstFreeSlug(base: string, taken: Iterable<string>): string {
  const used = new Set(taken);
  if (!used.has(base)) return base;
  for (let n = 2; ; n++) {
    const candidate = `${base}-${n}`;
    if (!used.has(candidate)) return candidate;
  }
}
