import type { ExternalType } from "./types.ts";
import { imdbIdFromUrl, validImdbId } from "#app/utils/imdb.ts";
import { slugify } from "#app/utils/slug.ts";

/** TMDB ids are positive integers; anything else is refused before a request is built. */
export function validTmdbId(value: unknown): number | null {
  const text = typeof value === "number" ? String(value) : typeof value === "string" ? value : "";
  if (!/^[1-9]\d{0,9}$/.test(text)) return null;
  const n = Number(text);
  return Number.isSafeInteger(n) && n <= 2_147_483_647 ? n : null;
}

export type TmdbLookup = { kind: "tmdb"; id: number; type: ExternalType | null } | { kind: "imdb"; id: string };

/**
 * What the admin typed in the TMDB ID field: a TMDB id (603), an IMDb id
 * (tt0133093), or a pasted TMDB or IMDb address. Null when it is none of these.
 */
export function parseLookup(text: string): TmdbLookup | null {
  const t = text.trim();
  const id = validTmdbId(t);
  if (id) return { kind: "tmdb", id, type: null };
  const imdb = validImdbId(t.toLowerCase()) ?? imdbIdFromUrl(t);
  if (imdb) return { kind: "imdb", id: imdb };
  let url: URL;
  try {
    url = new URL(t);
  } catch {
    return null;
  }
  const host = url.hostname.toLowerCase().replace(/^www\./, "");
  if (host === "themoviedb.org") {
    const m = /^\/(movie|tv)\/(\d+)(?:-[^/]*)?(?:\/|$)/.exec(url.pathname);
    const found = m ? validTmdbId(m[2]) : null;
    return found ? { kind: "tmdb", id: found, type: m![1] as ExternalType } : null;
  }
  return null;
}

/** Where a title only TMDB knows is shown: /movie/tmdb-603/the-matrix, /movie/tmdb-tv-1399/game-of-thrones. */
export function externalTitlePath(item: { type: ExternalType; tmdbId: number; title: string }): string {
  return `/movie/tmdb-${item.type === "tv" ? "tv-" : ""}${item.tmdbId}/${encodeURIComponent(slugify(item.title))}`;
}

/** The TMDB reference in a title route's id segment, if it is one. */
export function parseExternalRouteId(segment: string): { type: ExternalType; tmdbId: number } | null {
  const m = /^tmdb-(tv-)?(\d+)$/.exec(segment);
  const id = m ? validTmdbId(m[2]) : null;
  return id ? { type: m![1] ? "tv" : "movie", tmdbId: id } : null;
}

/** One TMDB title as a string ("movie-603", "tv-1399"): which of a page's Request buttons a post was for. */
export function externalKey(item: { type: string; tmdbId: number | string }): string {
  return `${item.type}-${item.tmdbId}`;
}
