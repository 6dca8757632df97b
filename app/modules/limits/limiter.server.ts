import crypto from "node:crypto";
import type { Redis } from "ioredis";
import type pg from "pg";
import {
  RateLimiterMemory,
  RateLimiterPostgres,
  RateLimiterRedis,
  RateLimiterRes,
  type RateLimiterAbstract,
  type RateLimiterStoreAbstract,
} from "rate-limiter-flexible";

/**
 * Rate limits every instance shares (ADR 027), on rate-limiter-flexible: its
 * PostgreSQL store (table `rate_limits`) on PostgreSQL, its Redis store when
 * REDIS_URL is set, memory on SQLite (one process). Each window is fixed and starts
 * with a key's first attempt, as the per-process counters it replaces did.
 */

export interface RateRule {
  /** Short, unique per rule: it prefixes the keys. */
  name: string;
  /** Attempts allowed per window. */
  points: number;
  /** Whole seconds. */
  durationSeconds: number;
}

export interface RateVerdict {
  allowed: boolean;
  /** Until the window ends (0 when allowed and the store does not say). */
  retryAfterMs: number;
}

export type LimitStoreKind = "memory" | "postgres" | "redis";

export interface RateLimits {
  readonly kind: LimitStoreKind;
  /** Counts one attempt by `key` against the rule; refused once the window's points are used. */
  consume(rule: RateRule, key: string): Promise<RateVerdict>;
  /** Forgets the key's attempts under the rule. */
  reset(rule: RateRule, key: string): Promise<void>;
}

export type LimitStore = { kind: "memory" } | { kind: "postgres"; pool: pg.Pool } | { kind: "redis"; client: Redis };

/**
 * Keys are hashed: fixed length (the PostgreSQL store's key is varchar(255)) and no
 * client address or typed e-mail lands in the store in clear.
 */
function storedKey(key: string): string {
  return crypto.createHash("sha256").update(key).digest("base64url").slice(0, 32);
}

/** rate-limiter-flexible refuses by rejecting with a RateLimiterRes; a store failure rejects with an Error. */
function isRefusal(value: unknown): value is RateLimiterRes {
  return value instanceof RateLimiterRes;
}

export function createRateLimits(store: LimitStore, onError: (error: unknown) => void = () => {}): RateLimits {
  const limiters = new Map<string, RateLimiterAbstract | RateLimiterStoreAbstract>();

  function limiterFor(rule: RateRule) {
    const existing = limiters.get(rule.name);
    if (existing) return existing;
    const options = { keyPrefix: rule.name, points: rule.points, duration: rule.durationSeconds };
    // While the shared store is away each instance counts on its own rather than letting everyone through.
    const insuranceLimiter = new RateLimiterMemory(options);
    let limiter: RateLimiterAbstract | RateLimiterStoreAbstract;
    if (store.kind === "postgres") {
      limiter = new RateLimiterPostgres({
        ...options,
        storeClient: store.pool,
        storeType: "pool",
        tableName: "rate_limits",
        // Made by the migration 2026-11-26T1020_shared_state; the library would otherwise try at every boot.
        tableCreated: true,
        // One table for every rule: only the first limiter runs the library's periodic delete of expired rows.
        clearExpiredByTimeout: limiters.size === 0,
        insuranceLimiter,
      });
    } else if (store.kind === "redis") {
      limiter = new RateLimiterRedis({
        ...options,
        keyPrefix: `cinedex:rl:${rule.name}`,
        storeClient: store.client,
        rejectIfRedisNotReady: true,
        insuranceLimiter,
      });
    } else {
      limiter = new RateLimiterMemory(options);
    }
    limiters.set(rule.name, limiter);
    return limiter;
  }

  return {
    kind: store.kind,
    async consume(rule, key) {
      try {
        const res = await limiterFor(rule).consume(storedKey(key), 1);
        return { allowed: true, retryAfterMs: Math.max(0, res.msBeforeNext) };
      } catch (error) {
        if (isRefusal(error)) return { allowed: false, retryAfterMs: Math.max(0, error.msBeforeNext) };
        // Both the store and its insurance failed: a visitor is not refused for our fault.
        onError(error);
        return { allowed: true, retryAfterMs: 0 };
      }
    },
    async reset(rule, key) {
      try {
        await limiterFor(rule).delete(storedKey(key));
      } catch (error) {
        onError(error);
      }
    },
  };
}
