import { slugify } from "#app/utils/slug.ts";

/** Genre URL segment: the spec's rule, lowercase with spaces as hyphens. */
export function genreSlug(name: string): string {
  return name.trim().toLowerCase().replace(/\s+/g, "-");
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
