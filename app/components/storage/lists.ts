import { RECENTLY_VIEWED_CAP, VISITED_LINK_TTL_MS } from "#app/constants.ts";
import type { TitleCard } from "#app/modules/catalogue/types.ts";
import { createLocalStore } from "./local-store.ts";

/** A title as remembered in the browser's lists. */
export interface SavedTitle {
  id: number;
  slug: string;
  title: string;
  poster: string | null;
  year: number | null;
  type: "movie" | "tv";
  timestamp: number;
}

function isSavedTitle(value: unknown): value is SavedTitle {
  const v = value as SavedTitle;
  return (
    typeof v === "object" &&
    v !== null &&
    Number.isSafeInteger(v.id) &&
    typeof v.slug === "string" &&
    typeof v.title === "string" &&
    (v.poster === null || typeof v.poster === "string") &&
    (v.year === null || typeof v.year === "number") &&
    (v.type === "movie" || v.type === "tv") &&
    typeof v.timestamp === "number"
  );
}

const titleList = (raw: unknown): SavedTitle[] => (Array.isArray(raw) ? raw.filter(isSavedTitle) : []);

/** Puts a title at the front of a list, without duplicates (by id), keeping at most `cap`. */
export function pushFront(list: SavedTitle[], item: SavedTitle, cap = RECENTLY_VIEWED_CAP): SavedTitle[] {
  return [item, ...list.filter((t) => t.id !== item.id)].slice(0, cap);
}

/** Adds a title to a list, or removes it when it is there; says which. */
export function toggleIn(list: SavedTitle[], item: SavedTitle): { list: SavedTitle[]; added: boolean } {
  return list.some((t) => t.id === item.id)
    ? { list: list.filter((t) => t.id !== item.id), added: false }
    : { list: [item, ...list], added: true };
}

export const recentlyViewed = createLocalStore<SavedTitle[]>("cinedex:recently-viewed", titleList, []);
export const favorites = createLocalStore<SavedTitle[]>("cinedex:favorites", titleList, []);
export const watchlist = createLocalStore<SavedTitle[]>("cinedex:watchlist", titleList, []);

/** Download pages a visitor has opened: path → time of the click (ms). */
export type VisitedLinks = Record<string, number>;

export const visitedLinks = createLocalStore<VisitedLinks>(
  "cinedex:visited-links",
  (raw) =>
    raw && typeof raw === "object" && !Array.isArray(raw)
      ? Object.fromEntries(Object.entries(raw as Record<string, unknown>).filter(([, t]) => typeof t === "number") as [string, number][])
      : {},
  {},
);

/** Whether a path was visited within the marker's lifetime (2 hours). */
export function isVisited(map: VisitedLinks, path: string, now: number): boolean {
  const at = map[path];
  return at !== undefined && now - at < VISITED_LINK_TTL_MS;
}

/** Records a visit and drops expired entries. */
export function markVisited(map: VisitedLinks, path: string, now: number): VisitedLinks {
  const kept = Object.fromEntries(Object.entries(map).filter(([, at]) => now - at < VISITED_LINK_TTL_MS));
  return { ...kept, [path]: now };
}

/** A saved title as a card: what the browser kept (no release date or rating). */
export function savedTitleCard(item: SavedTitle): TitleCard {
  return {
    id: item.id,
    type: item.type,
    slug: item.slug,
    title: item.title,
    year: item.year,
    releaseDate: null,
    posterUrl: item.poster,
    rating: null,
  };
}
