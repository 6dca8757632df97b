import { Redis } from "ioredis";
import type { DatabaseHandle } from "#app/db/client.server.ts";
import { memoryCache, postgresCache, redisCache, SHARED_CACHE_BOUNDS, type SharedCache } from "./cache.server.ts";
import { createRateLimits, type LimitStore, type RateLimits } from "./limiter.server.ts";

/**
 * What instances must agree on, chosen once at boot (ADR 027): Redis when
 * REDIS_URL is set, else PostgreSQL when that is the database, else this process's
 * memory (SQLite runs as one process).
 */
export interface SharedState {
  limits: RateLimits;
  cache: SharedCache;
  /** Where it lives, safe to log. */
  location: string;
  close(): Promise<void>;
}

/** Redis answers in well under a millisecond; a slower one is treated as away. */
const REDIS_TIMEOUT_MS = 1_000;

export function openSharedState(
  database: Pick<DatabaseHandle, "db" | "dialect" | "pgPool">,
  { redisUrl, onError = () => {} }: { redisUrl: string | null; onError?: (error: unknown) => void },
): SharedState {
  if (redisUrl) {
    const client = new Redis(redisUrl, {
      // Fail fast while Redis is away: the limits fall back to per-process counts, the cache to a miss.
      enableOfflineQueue: false,
      maxRetriesPerRequest: 1,
      connectTimeout: REDIS_TIMEOUT_MS,
      commandTimeout: REDIS_TIMEOUT_MS,
      lazyConnect: false,
    });
    client.on("error", onError);
    const store: LimitStore = { kind: "redis", client };
    const url = new URL(redisUrl);
    return {
      limits: createRateLimits(store, onError),
      cache: redisCache(client, SHARED_CACHE_BOUNDS),
      location: `Redis ${url.hostname}:${url.port || 6379}`,
      close: async () => {
        client.disconnect();
      },
    };
  }
  if (database.dialect === "postgres" && database.pgPool) {
    return {
      limits: createRateLimits({ kind: "postgres", pool: database.pgPool }, onError),
      cache: postgresCache(database.db, SHARED_CACHE_BOUNDS),
      location: "PostgreSQL (the site's database)",
      close: async () => {},
    };
  }
  return {
    limits: createRateLimits({ kind: "memory" }, onError),
    cache: memoryCache(SHARED_CACHE_BOUNDS),
    location: "this process's memory",
    close: async () => {},
  };
}
