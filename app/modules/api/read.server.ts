import type { z } from "zod";
import { LISTING_PAGE_SIZE } from "#app/constants.ts";
import type { Db } from "#app/db/client.server.ts";
import { genrePath, middlemanPath, titlePath } from "#app/modules/catalogue/paths.ts";
import { getTitle, listGenres, listGenresInUse } from "#app/modules/catalogue/read.server.ts";
import type { Link, TitleCard, TitleDetail } from "#app/modules/catalogue/types.ts";
import type { Page } from "#app/utils/pagination.ts";
import { browseCatalogue, searchCatalogue, suggest } from "#app/modules/catalogue/search.server.ts";
import type { SearchFilters } from "#app/modules/search/types.ts";
import { getSettings } from "#app/modules/settings/settings.server.ts";
import { BANNERS } from "#app/modules/site/banners.ts";
import { AppError } from "#app/utils/errors.ts";
import {
  SUGGESTION_LIMIT,
  type ApiLink,
  type ApiTitle,
  type GenreList,
  type PublicSettings,
  type SearchPage,
  type searchQuerySchema,
  type SuggestionList,
  type TitlePage,
  type titlesQuerySchema,
  type TitleSummary,
} from "./schemas.ts";

/*
 * What the read API returns, built from the catalogue's and search's own read
 * functions (the same rows the site shows) and shaped to the API's schemas:
 * absolute addresses on the site, and links only as the site's download pages.
 */

type TitlesQuery = z.output<typeof titlesQuerySchema>;
type SearchQuery = z.output<typeof searchQuerySchema>;

const absolute = (publicUrl: string, path: string) => `${publicUrl}${path}`;

function summary(publicUrl: string, card: TitleCard): TitleSummary {
  return {
    id: card.id,
    type: card.type,
    slug: card.slug,
    title: card.title,
    year: card.year,
    releaseDate: card.releaseDate,
    posterUrl: card.posterUrl,
    rating: card.rating,
    url: absolute(publicUrl, titlePath(card)),
  };
}

function filtersOf(query: TitlesQuery | SearchQuery): SearchFilters {
  const filters: SearchFilters = {
    type: query.type,
    genre: query.genre,
    quality: query.quality,
    yearFrom: query.yearFrom,
    yearTo: query.yearTo,
  };
  // As on /search: a range given backwards means the same range.
  if (filters.yearFrom !== undefined && filters.yearTo !== undefined && filters.yearFrom > filters.yearTo) {
    [filters.yearFrom, filters.yearTo] = [filters.yearTo, filters.yearFrom];
  }
  return filters;
}

/** The same request at another page, or null past either end. */
function pageLink(publicUrl: string, request: Request, page: number, totalPages: number): string | null {
  if (page < 1 || page > totalPages) return null;
  const url = new URL(request.url);
  url.searchParams.set("page", String(page));
  return `${publicUrl}${url.pathname}?${url.searchParams.toString()}`;
}

function pageOf(publicUrl: string, request: Request, result: Page<TitleCard>): TitlePage {
  const { page, perPage, total, totalPages } = result;
  return {
    items: result.items.map((card) => summary(publicUrl, card)),
    page,
    perPage,
    total,
    totalPages,
    next: pageLink(publicUrl, request, page + 1, totalPages),
    prev: pageLink(publicUrl, request, Math.min(page - 1, totalPages), totalPages),
  };
}

export async function listApiTitles(db: Db, publicUrl: string, request: Request, query: TitlesQuery): Promise<TitlePage> {
  const result = await browseCatalogue(db, {
    filters: filtersOf(query),
    sort: query.sort ?? "newest",
    page: query.page,
    limit: query.perPage ?? LISTING_PAGE_SIZE,
  });
  return pageOf(publicUrl, request, result);
}

/** Searches are not counted in the admin's search statistics: scripts would drown out what visitors look for. */
export async function searchApiTitles(db: Db, publicUrl: string, request: Request, query: SearchQuery): Promise<SearchPage> {
  const result = await searchCatalogue(db, {
    text: query.q,
    filters: filtersOf(query),
    sort: query.sort ?? "relevance",
    page: query.page,
    limit: query.perPage ?? LISTING_PAGE_SIZE,
  });
  const page = pageOf(publicUrl, request, result);
  return {
    ...page,
    items: page.items.map((item, i) => ({ ...item, matchedPerson: result.items[i]!.matchedPerson })),
    query: result.query,
    match: result.match,
    totalCapped: result.capped,
    understood: result.understood.map(({ kind, label, words, applied }) => ({ kind, label, words, applied })),
    corrected: result.corrected,
  };
}

export async function suggestApiTitles(db: Db, publicUrl: string, text: string, limit?: number): Promise<SuggestionList> {
  const cards = await suggest(db, text, limit ?? SUGGESTION_LIMIT.default);
  return {
    items: cards.map((card) => {
      const { id, type, title, year, posterUrl, url } = summary(publicUrl, card);
      return { id, type, title, year, posterUrl, url };
    }),
  };
}

/**
 * Who a title is shaped for (ADR 034): `public` for anonymous and read-scope
 * callers (the host's address stays hidden, as on the site, ADR 031); `writer` for
 * a catalogue:write token, which may set those addresses anyway and gets the title
 * as stored, so what it reads it can send back.
 */
export type TitleView = "public" | "writer";

export function apiLink(publicUrl: string, link: Link, view: TitleView): ApiLink {
  // Disabled links reach here only for writers (getTitle leaves them out for visitors).
  const href = absolute(publicUrl, middlemanPath(link.id));
  return {
    id: link.id,
    kind: link.kind,
    label: link.label,
    size: link.size,
    status: link.status,
    url: view === "writer" ? link.url : href,
    href,
  };
}

function apiTitle(publicUrl: string, title: TitleDetail, view: TitleView): ApiTitle {
  const link = (l: Link) => apiLink(publicUrl, l, view);
  return {
    ...summary(publicUrl, title),
    originalTitle: title.originalTitle,
    tmdbId: title.tmdbId,
    imdbId: title.imdbId,
    overview: title.overview,
    tagline: title.tagline,
    storyline: title.storyline,
    runtimeMinutes: title.runtimeMinutes,
    tmdbPopularity: title.tmdbPopularity,
    tmdbVoteAverage: title.tmdbVoteAverage,
    tmdbVoteCount: title.tmdbVoteCount,
    adult: title.adult,
    language: title.language,
    backgroundUrl: title.backgroundUrl,
    trailerUrl: title.trailerUrl,
    fileFormat: title.fileFormat,
    featured: title.featured,
    featuredOrder: title.featuredOrder,
    uploadedAt: title.uploadedAt,
    createdAt: title.createdAt,
    updatedAt: title.updatedAt,
    genres: title.genres,
    directors: title.directors,
    cast: title.cast,
    subtitles: title.subtitles,
    screenshots: title.screenshots,
    releases: title.releases.map((r) => ({
      id: r.id,
      quality: r.quality,
      season: r.season,
      key: r.key,
      files: r.files.map((f) => ({ id: f.id, title: f.title, size: f.size, links: f.links.map(link) })),
      zipLinks: r.zipLinks.map(link),
    })),
  };
}

/** A title for its view: a writer's has disabled links and hidden genres too, so a client can send the whole tree back. */
export async function getApiTitle(db: Db, publicUrl: string, id: number, view: TitleView = "public"): Promise<ApiTitle> {
  const title = await getTitle(db, id, { includeDisabled: view === "writer" });
  if (!title) throw new AppError(404, `No title has the id ${id}.`);
  return apiTitle(publicUrl, title, view);
}

/** A title as the write API answers it. */
export function writtenTitle(publicUrl: string, title: TitleDetail): ApiTitle {
  return apiTitle(publicUrl, title, "writer");
}

export async function listApiGenres(db: Db, publicUrl: string): Promise<GenreList> {
  const [genres, inUse] = await Promise.all([listGenres(db), listGenresInUse(db)]);
  const counts = new Map(inUse.map((g) => [g.id, g.titles]));
  return {
    items: genres.map((g) => ({ ...g, titleCount: counts.get(g.id) ?? 0, url: absolute(publicUrl, genrePath(g)) })),
  };
}

/** The settings visitors' pages receive, named one by one so a private setting added later is not published by accident. */
export async function getPublicSettings(db: Db): Promise<PublicSettings> {
  const settings = await getSettings(db);
  return {
    siteName: settings.siteName,
    supportEmail: settings.supportEmail,
    telegramGroupUrl: settings.telegramGroupUrl,
    socialLinks: { ...settings.socialLinks },
    banners: BANNERS.map(({ id }) => ({ id, enabled: settings.banners[id].enabled, text: settings.banners[id].text })),
    bannerAutoClose: { enabled: settings.bannerAutoClose.enabled, delayMs: settings.bannerAutoClose.delayMs },
    middlemanCountdownSeconds: settings.middlemanCountdownSeconds,
  };
}
