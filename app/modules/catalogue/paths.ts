/** Site paths of catalogue pages: one place for each URL shape (docs/product/spec.md section 2). */

import type { LinkDetailsRef } from "./types.ts";
import { parseId } from "#app/utils/ids.ts";

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** One path segment, percent-encoded; never throws (encodeURIComponent does on a lone surrogate). */
export function encodeSegment(segment: string): string {
  return encodeURIComponent(segment.replace(LONE_SURROGATE, "\uFFFD"));
}

export function titlePath(title: { id: number; slug: string }): string {
  return `/movie/${title.id}/${encodeSegment(title.slug)}`;
}

/** The search page for a text (what a credited person's suggestion and a search with no results lead to). */
export function searchPath(q: string): string {
  return `/search?${new URLSearchParams({ q }).toString()}`;
}

export function genrePath(genre: { slug: string }, type?: "movie" | "tv"): string {
  return `/genre/${encodeSegment(genre.slug)}${type ? `/${type}` : ""}`;
}

export function archivePath(titleId: number, releaseKey: string): string {
  return `/archive/${titleId}/${encodeSegment(releaseKey)}`;
}

/** Marks an episode (file) id in a link-details path, as opposed to a release id. */
const EPISODE_REF_PREFIX = "e";

/** Link details: a movie's release, a TV release's archive links, or one episode. */
export function linkDetailsPath(
  titleId: number,
  releaseKey: string,
  ref: { kind: "movie" } | { kind: "release"; id: number } | { kind: "episode"; id: number },
): string {
  const segment = ref.kind === "movie" ? "null" : ref.kind === "release" ? String(ref.id) : `${EPISODE_REF_PREFIX}${ref.id}`;
  return `/desksync/${titleId}/${segment}/${encodeSegment(releaseKey)}/${ref.kind === "movie" ? "movie" : "tv"}`;
}

/**
 * Reads a link-details path's segments back: `null` with type movie names a movie
 * release by its key; a number with type tv a TV release; `e{id}` one episode.
 * Null when the segments name nothing.
 */
export function parseLinkDetailsRef(type: string, seasonId: string, key: string): LinkDetailsRef | null {
  if (type === "movie") return seasonId === "null" ? { kind: "release-key", key } : null;
  if (type !== "tv") return null;
  const episode = new RegExp(`^${EPISODE_REF_PREFIX}([1-9]\\d{0,9})$`).exec(seasonId);
  if (episode) return { kind: "file", id: Number(episode[1]) };
  const id = parseId(seasonId);
  return id === null ? null : { kind: "release", id };
}

export function middlemanPath(linkId: number): string {
  return `/middleman?id=${linkId}`;
}

export function outlinkPath(linkId: number): string {
  return `/page3?id=${linkId}`;
}
