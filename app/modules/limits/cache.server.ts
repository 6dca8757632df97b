import type { Redis } from "ioredis";
import type { Db } from "#app/db/client.server.ts";
import { toCount } from "#app/db/dialect.server.ts";

/**
 * A time-limited key/value cache for answers of external APIs (ADR 027): in
 * process on SQLite, table `shared_cache` on PostgreSQL, Redis when REDIS_URL is
 * set, so every instance sees what one of them fetched. Values are plain JSON data.
 */
export interface SharedCache {
  readonly kind: "memory" | "postgres" | "redis";
  get<T>(key: string): Promise<T | undefined>;
  set(key: string, value: unknown, ttlMs: number): Promise<void>;
}

export interface CacheBounds {
  /** Most entries kept; the soonest to expire go first. */
  maxEntries: number;
  /** Larger values (as JSON) are not kept. */
  maxValueBytes: number;
  now?: () => number;
}

export const SHARED_CACHE_BOUNDS: CacheBounds = { maxEntries: 5_000, maxValueBytes: 1024 * 1024 };

/** Expired rows are swept at most this often per instance (and the table trimmed to its bound). */
export const SHARED_CACHE_PRUNE_MS = 60_000;

/** The per-process cache: insertion-ordered, oldest dropped first. */
export function memoryCache({ maxEntries, now = Date.now }: Pick<CacheBounds, "maxEntries" | "now">): SharedCache {
  const entries = new Map<string, { expires: number; value: unknown }>();
  return {
    kind: "memory",
    async get<T>(key: string) {
      const hit = entries.get(key);
      if (!hit) return undefined;
      if (hit.expires <= now()) {
        entries.delete(key);
        return undefined;
      }
      return hit.value as T;
    },
    async set(key, value, ttlMs) {
      entries.delete(key);
      if (entries.size >= maxEntries) entries.delete(entries.keys().next().value!);
      entries.set(key, { expires: now() + ttlMs, value });
    },
  };
}

/** `shared_cache` on PostgreSQL; expired rows are removed, and the table trimmed, once a minute per instance. */
export function postgresCache(db: Db, { maxEntries, maxValueBytes, now = Date.now }: CacheBounds): SharedCache {
  let nextPrune = 0;
  async function prune(at: number) {
    nextPrune = at + SHARED_CACHE_PRUNE_MS;
    await db.deleteFrom("shared_cache").where("expires_at", "<=", at).execute();
    const { n } = await db
      .selectFrom("shared_cache")
      .select((eb) => eb.fn.countAll().as("n"))
      .executeTakeFirstOrThrow();
    const over = toCount(n as number | string) - maxEntries;
    if (over > 0) {
      await db
        .deleteFrom("shared_cache")
        .where("key", "in", db.selectFrom("shared_cache").select("key").orderBy("expires_at").orderBy("key").limit(over))
        .execute();
    }
  }
  return {
    kind: "postgres",
    async get<T>(key: string) {
      const row = await db
        .selectFrom("shared_cache")
        .select("value")
        .where("key", "=", key)
        .where("expires_at", ">", now())
        .executeTakeFirst();
      return row ? (JSON.parse(row.value) as T) : undefined;
    },
    async set(key, value, ttlMs) {
      const json = JSON.stringify(value);
      if (Buffer.byteLength(json) > maxValueBytes) return;
      const at = now();
      const expires = at + ttlMs;
      await db
        .insertInto("shared_cache")
        .values({ key, value: json, expires_at: expires })
        .onConflict((oc) => oc.column("key").doUpdateSet({ value: json, expires_at: expires }))
        .execute();
      if (at >= nextPrune) await prune(at);
    },
  };
}

/** Redis expires keys itself; its own memory policy bounds the size. */
export function redisCache(client: Redis, { maxValueBytes }: Pick<CacheBounds, "maxValueBytes">, prefix = "cinedex:cache:"): SharedCache {
  return {
    kind: "redis",
    async get<T>(key: string) {
      const json = await client.get(`${prefix}${key}`);
      return json === null ? undefined : (JSON.parse(json) as T);
    },
    async set(key, value, ttlMs) {
      const json = JSON.stringify(value);
      if (Buffer.byteLength(json) > maxValueBytes) return;
      await client.set(`${prefix}${key}`, json, "PX", Math.max(1, Math.round(ttlMs)));
    },
  };
}
