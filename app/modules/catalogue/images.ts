/**
 * Responsive sources for catalogue artwork. TMDB serves every image in fixed
 * widths under one path (`…/t/p/w500/abc.jpg`), so a stored TMDB address can be
 * offered in the widths a layout needs; any other address is used as it is.
 */

export type ArtworkKind = "poster" | "backdrop";

export interface ImageSources {
  src: string;
  srcSet?: string;
}

/** `…/t/p/{size}/{file}` with a TMDB size name (w92…w780, h632, original). */
const TMDB_SIZED = /^(https?:\/\/[^?#]+\/t\/p)\/(?:w\d{2,4}|h\d{2,4}|original)(\/[\w.-]+\.(?:jpe?g|png|webp|svg))$/i;

const WIDTHS: Record<ArtworkKind, { widths: number[]; fallback: number }> = {
  poster: { widths: [185, 342, 500], fallback: 342 },
  // Backdrops are never served as `original` (often 4K, several MB).
  backdrop: { widths: [780, 1280], fallback: 1280 },
};

export function imageSources(url: string, kind: ArtworkKind): ImageSources {
  const match = TMDB_SIZED.exec(url);
  if (!match) return { src: url };
  const [, base, file] = match;
  const { widths, fallback } = WIDTHS[kind];
  return {
    src: `${base}/w${fallback}${file}`,
    srcSet: widths.map((w) => `${base}/w${w}${file} ${w}w`).join(", "),
  };
}

/** The backdrop as one address, for CSS backgrounds (TMDB's w1280 rather than `original`). */
export function backdropUrl(url: string): string {
  return imageSources(url, "backdrop").src;
}

/**
 * A poster large enough for social previews (`og:image`): TMDB posters at w500.
 * Other hosts' images have no size we can rely on (the Internet Archive's item
 * image is a small thumbnail), so they get the generated share card instead.
 */
export function sharePosterUrl(url: string | null): string | null {
  if (!url || !TMDB_SIZED.test(url)) return null;
  return url.replace(TMDB_SIZED, "$1/w500$2");
}

/** A stable hue per title, so a generated poster (and share card) always looks the same. */
export function titleHue(title: string): number {
  let hash = 2166136261;
  for (const ch of title) {
    hash ^= ch.codePointAt(0)!;
    hash = Math.imul(hash, 16777619);
  }
  return (hash >>> 0) % 360;
}

/** The share card's address: its version changes whenever the title is saved, so caches never keep an old card. */
export function shareCardPath(title: { id: number; updatedAt: string }): string {
  return `/share/${title.id}.png?v=${Date.parse(title.updatedAt).toString(36)}`;
}

/** A title's `og:image`: its TMDB poster, else its share card (an absolute address on `origin`). */
export function shareImage(title: { id: number; updatedAt: string; posterUrl: string | null }, origin: string): string {
  return sharePosterUrl(title.posterUrl) ?? `${origin}${shareCardPath(title)}`;
}
