import type { z } from "zod";
import { validTmdbId } from "./ids.ts";
import { mapFigures, mapMovie, mapSearch, mapSeason, mapTv } from "./map.ts";
import {
  rawFiguresSchema,
  rawFindSchema,
  rawMovieSchema,
  rawSearchSchema,
  rawSeasonSchema,
  rawTvSchema,
  type RawSeason,
} from "./schema.ts";
import type { ExternalFigures, ExternalSearchItem, ExternalSeason, ExternalTitle, ExternalType } from "./types.ts";
import { validImdbId } from "#app/utils/imdb.ts";
import { memoryCache, type SharedCache } from "#app/modules/limits/cache.server.ts";

/**
 * The one client for the TMDB v3 API (docs/decisions/010-tmdb.md).
 *
 * - Every request has a timeout and a response size cap.
 * - Answers are cached (details for 12 hours, searches for 1 hour) in the shared
 *   cache it is given (ADR 027: the database or Redis, so every instance reuses
 *   them), else in this process's memory.
 * - A 429 is retried once when TMDB asks for a short wait; a longer wait makes
 *   every call fail fast until it has passed, on every instance sharing the cache.
 * - Failure policy: `search` never throws (no external results); the details
 *   lookups throw a TmdbError whose message the admin sees.
 */

export interface TmdbSettings {
  /** v3 API key, sent as the api_key parameter. */
  apiKey: string | null;
  /** v4 read access token, sent as a bearer token (preferred when both are set). */
  readToken: string | null;
  baseUrl: string;
  imageBase: string;
}

export interface TmdbClientOptions {
  timeoutMs?: number;
  maxBytes?: number;
  /** Longest Retry-After (seconds) waited out before retrying once. */
  maxRetryWaitSeconds?: number;
  fetch?: typeof fetch;
  /** Where answers and the back-off are kept; this process's memory when not given. */
  cache?: SharedCache;
  now?: () => number;
  onWarning?: (message: string, error?: unknown) => void;
}

export type TmdbErrorKind = "invalid_id" | "not_found" | "unauthorized" | "rate_limited" | "unavailable" | "bad_response";

const MESSAGES: Record<TmdbErrorKind, string> = {
  invalid_id: "That is not a valid TMDB or IMDb id.",
  not_found: "TMDB has no title with this id.",
  unauthorized: "TMDB refused the configured API key or read token.",
  rate_limited: "TMDB is limiting requests right now; try again in a minute.",
  unavailable: "TMDB did not answer in time or could not be reached.",
  bad_response: "TMDB sent an answer Cinedex could not read.",
};

export class TmdbError extends Error {
  readonly kind: TmdbErrorKind;
  constructor(kind: TmdbErrorKind, options: { cause?: unknown } = {}) {
    super(MESSAGES[kind], options);
    this.name = "TmdbError";
    this.kind = kind;
  }
}

export interface TmdbClient {
  readonly imageBase: string;
  movie(id: unknown): Promise<ExternalTitle>;
  /** A TV show with its numbered seasons and their episodes. */
  tv(id: unknown): Promise<ExternalTitle>;
  details(type: ExternalType, id: unknown): Promise<ExternalTitle>;
  /** A title's popularity, vote average and vote count now (one uncached request, for the hourly refresh). */
  figures(type: ExternalType, id: unknown): Promise<ExternalFigures>;
  season(tvId: unknown, seasonNumber: number): Promise<ExternalSeason>;
  /** The TMDB title an IMDb id belongs to, or null when TMDB knows none. */
  findByImdb(imdbId: unknown): Promise<{ type: ExternalType; tmdbId: number } | null>;
  searchMulti(text: string, page?: number): Promise<{ items: ExternalSearchItem[]; totalPages: number }>;
  /**
   * The editor's search by name: TMDB's search/movie or search/tv, narrowed to a
   * release (first air) year when given. Throws a TmdbError the admin sees.
   */
  searchByType(type: ExternalType, text: string, year?: number | null): Promise<ExternalSearchItem[]>;
  /** Failure policy for visitors: any problem means no external results. */
  search(text: string): Promise<ExternalSearchItem[]>;
}

export const TMDB_TIMEOUT_MS = 5_000;
export const TMDB_MAX_BYTES = 2 * 1024 * 1024;
const DETAILS_TTL_MS = 12 * 60 * 60 * 1000;
const SEARCH_TTL_MS = 60 * 60 * 1000;
const CACHE_ENTRIES = 500;
/** The cache key of the time until which TMDB asked to be left alone (epoch ms). */
const BLOCKED_KEY = "blocked-until";
const MAX_SEASONS = 60;
const SEARCH_MAX_CHARS = 100;

async function readCapped(response: Response, maxBytes: number): Promise<string> {
  const declared = Number(response.headers.get("content-length"));
  if (Number.isFinite(declared) && declared > maxBytes) throw new TmdbError("bad_response");
  if (!response.body) return "";
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      throw new TmdbError("bad_response");
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString("utf8");
}

function retryAfterSeconds(value: string | null, now: number): number {
  if (!value) return 10;
  if (/^\d+$/.test(value.trim())) return Number(value.trim());
  const at = Date.parse(value);
  return Number.isNaN(at) ? 10 : Math.max(0, Math.ceil((at - now) / 1000));
}

export function createTmdbClient(settings: TmdbSettings, options: TmdbClientOptions = {}): TmdbClient {
  const timeoutMs = options.timeoutMs ?? TMDB_TIMEOUT_MS;
  const maxBytes = options.maxBytes ?? TMDB_MAX_BYTES;
  const maxRetryWait = options.maxRetryWaitSeconds ?? 2;
  const doFetch = options.fetch ?? fetch;
  const now = options.now ?? Date.now;
  const cache = options.cache ?? memoryCache({ maxEntries: CACHE_ENTRIES, now });
  const base = settings.baseUrl.replace(/\/+$/, "");
  // This instance's copy of the back-off, so a blocked instance does not ask the store on every call.
  let blockedUntil = 0;

  /** The shared store failing costs a cache miss (or an unshared back-off), never the lookup. */
  async function fromCache<T>(key: string): Promise<T | undefined> {
    try {
      return await cache.get<T>(`tmdb:${key}`);
    } catch (error) {
      options.onWarning?.("TMDB cache unavailable; asking TMDB", error);
      return undefined;
    }
  }

  async function toCache(key: string, value: unknown, ttlMs: number): Promise<void> {
    try {
      await cache.set(`tmdb:${key}`, value, ttlMs);
    } catch (error) {
      options.onWarning?.("TMDB cache unavailable; answer not kept", error);
    }
  }

  async function blockFor(seconds: number): Promise<never> {
    blockedUntil = now() + seconds * 1000;
    if (seconds > 0) await toCache(BLOCKED_KEY, blockedUntil, seconds * 1000);
    throw new TmdbError("rate_limited");
  }

  async function once(url: URL): Promise<Response> {
    const headers: Record<string, string> = { Accept: "application/json" };
    if (settings.readToken) headers.Authorization = `Bearer ${settings.readToken}`;
    try {
      return await doFetch(url, { headers, signal: AbortSignal.timeout(timeoutMs), redirect: "error" });
    } catch (error) {
      throw new TmdbError("unavailable", { cause: error });
    }
  }

  /** GET a path built only from validated parts; returns the parsed body. */
  async function get<S extends z.ZodType>(path: string, params: Record<string, string>, schema: S): Promise<z.output<S>> {
    if (now() < blockedUntil) throw new TmdbError("rate_limited");
    // Another instance may have been told to wait.
    const sharedUntil = (await fromCache<number>(BLOCKED_KEY)) ?? 0;
    if (now() < sharedUntil) {
      blockedUntil = sharedUntil;
      throw new TmdbError("rate_limited");
    }
    const url = new URL(`${base}${path}`);
    for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
    if (!settings.readToken && settings.apiKey) url.searchParams.set("api_key", settings.apiKey);

    let response = await once(url);
    if (response.status === 429) {
      const wait = retryAfterSeconds(response.headers.get("retry-after"), now());
      await response.body?.cancel();
      if (wait > maxRetryWait) await blockFor(wait);
      await new Promise((r) => setTimeout(r, wait * 1000));
      response = await once(url);
      if (response.status === 429) {
        await response.body?.cancel();
        await blockFor(retryAfterSeconds(response.headers.get("retry-after"), now()));
      }
    }
    if (!response.ok) {
      await response.body?.cancel();
      if (response.status === 404) throw new TmdbError("not_found");
      if (response.status === 401 || response.status === 403) throw new TmdbError("unauthorized");
      throw new TmdbError("unavailable");
    }
    let body: unknown;
    try {
      body = JSON.parse(await readCapped(response, maxBytes));
    } catch (error) {
      if (error instanceof TmdbError) throw error;
      // A timeout while reading the body is the network's fault, not TMDB's format.
      if (error instanceof DOMException && (error.name === "TimeoutError" || error.name === "AbortError"))
        throw new TmdbError("unavailable", { cause: error });
      throw new TmdbError("bad_response", { cause: error });
    }
    const parsed = schema.safeParse(body);
    if (!parsed.success) throw new TmdbError("bad_response", { cause: parsed.error });
    return parsed.data;
  }

  async function cached<T>(key: string, ttl: number, load: () => Promise<T>): Promise<T> {
    const hit = await fromCache<T>(key);
    if (hit !== undefined) return hit;
    const value = await load();
    await toCache(key, value, ttl);
    return value;
  }

  function requireId(id: unknown): number {
    const valid = validTmdbId(id);
    if (valid === null) throw new TmdbError("invalid_id");
    return valid;
  }

  async function rawSeason(tvId: number, n: number): Promise<RawSeason> {
    return cached(`season:${tvId}:${n}`, DETAILS_TTL_MS, () => get(`/tv/${tvId}/season/${n}`, {}, rawSeasonSchema));
  }

  const client: TmdbClient = {
    imageBase: settings.imageBase,
    async movie(id) {
      const valid = requireId(id);
      return cached(`movie:${valid}`, DETAILS_TTL_MS, async () =>
        mapMovie(await get(`/movie/${valid}`, { append_to_response: "credits,videos,external_ids" }, rawMovieSchema), settings.imageBase),
      );
    },
    async tv(id) {
      const valid = requireId(id);
      return cached(`tv:${valid}`, DETAILS_TTL_MS, async () => {
        const raw = await get(`/tv/${valid}`, { append_to_response: "credits,videos,external_ids" }, rawTvSchema);
        const numbers = (raw.seasons ?? [])
          .map((s) => s.season_number)
          .filter((n) => Number.isInteger(n) && n > 0)
          .slice(0, MAX_SEASONS);
        const seasons = await Promise.all(numbers.map((n) => rawSeason(valid, n)));
        return mapTv(raw, seasons, settings.imageBase);
      });
    },
    details(type, id) {
      return type === "tv" ? client.tv(id) : client.movie(id);
    },
    async figures(type, id) {
      const valid = requireId(id);
      return mapFigures(await get(`/${type === "tv" ? "tv" : "movie"}/${valid}`, {}, rawFiguresSchema));
    },
    async season(tvId, seasonNumber) {
      const valid = requireId(tvId);
      if (!Number.isInteger(seasonNumber) || seasonNumber < 0 || seasonNumber > 10_000) throw new TmdbError("invalid_id");
      return mapSeason(await rawSeason(valid, seasonNumber));
    },
    async findByImdb(imdbId) {
      const valid = validImdbId(imdbId);
      if (!valid) throw new TmdbError("invalid_id");
      return cached(`find:${valid}`, DETAILS_TTL_MS, async () => {
        const found = await get(`/find/${valid}`, { external_source: "imdb_id" }, rawFindSchema);
        const movie = found.movie_results?.[0];
        if (movie) return { type: "movie" as const, tmdbId: movie.id };
        const tv = found.tv_results?.[0];
        return tv ? { type: "tv" as const, tmdbId: tv.id } : null;
      });
    },
    async searchMulti(text, page = 1) {
      const query = text.trim().slice(0, SEARCH_MAX_CHARS);
      const p = Number.isInteger(page) && page >= 1 && page <= 500 ? page : 1;
      if (!query) return { items: [], totalPages: 0 };
      return cached(`search:${p}:${query.toLowerCase()}`, SEARCH_TTL_MS, async () => {
        const raw = await get("/search/multi", { query, page: String(p), include_adult: "false" }, rawSearchSchema);
        return { items: mapSearch(raw, settings.imageBase), totalPages: raw.total_pages ?? 1 };
      });
    },
    async searchByType(type, text, year) {
      const query = text.trim().slice(0, SEARCH_MAX_CHARS);
      if (!query) return [];
      const params: Record<string, string> = { query, page: "1", include_adult: "false" };
      const y = typeof year === "number" && Number.isInteger(year) && year >= 1800 && year <= 2200 ? year : null;
      if (y !== null) params[type === "tv" ? "first_air_date_year" : "year"] = String(y);
      return cached(`search-${type}:${y ?? ""}:${query.toLowerCase()}`, SEARCH_TTL_MS, async () =>
        mapSearch(await get(`/search/${type}`, params, rawSearchSchema), settings.imageBase, type),
      );
    },
    async search(text) {
      try {
        return (await client.searchMulti(text)).items;
      } catch (error) {
        options.onWarning?.("TMDB search failed; showing no external results", error);
        return [];
      }
    },
  };
  return client;
}
