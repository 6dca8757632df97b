export const MAX_SLUG_LENGTH = 80;

/**
 * URL slug of a title: lowercase, whitespace to hyphens, letters of any script and
 * digits kept, accents and everything else stripped. Never empty. Stored titles'
 * addresses were made with it, so it must not change; TMDB-only pages use it too.
 */
export function slugify(text: string): string {
  const slug = text
    .normalize("NFKD")
    .replace(/\p{M}+/gu, "")
    .toLowerCase()
    .replace(/&/g, " and ")
    .replace(/[^\p{L}\p{N}\s-]+/gu, "")
    .trim()
    .replace(/[\s-]+/g, "-")
    .slice(0, MAX_SLUG_LENGTH)
    .replace(/^-+|-+$/g, "");
  return slug || "title";
}
