import crypto from "node:crypto";
import { Redis } from "ioredis";
import pg from "pg";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createTmdbClient, type TmdbError } from "#app/integrations/tmdb/client.server.ts";
import { describeEachDatabase } from "#tests/helpers/database.ts";
import { MOCK_API_KEY, startTmdbMock, type TmdbMock } from "#tests/mocks/tmdb/server.ts";
import { memoryCache, postgresCache, redisCache, SHARED_CACHE_PRUNE_MS, type SharedCache } from "./cache.server.ts";
import { createRateLimits, type LimitStore, type RateLimits, type RateRule } from "./limiter.server.ts";
import { openSharedState } from "./shared-state.server.ts";

/** Redis tests run when TEST_REDIS_URL names a server (the project's machines have one on 127.0.0.1:6379). */
const redisUrl = process.env.TEST_REDIS_URL;

/** A rule of its own per test: keys never meet another test's (or another run's, in Redis). */
function rule(points = 5, durationSeconds = 60): RateRule {
  return { name: `t${crypto.randomBytes(4).toString("hex")}`, points, durationSeconds };
}

async function attempts(limits: RateLimits, r: RateRule, key: string, n: number): Promise<boolean[]> {
  const out: boolean[] = [];
  for (let i = 0; i < n; i++) out.push((await limits.consume(r, key)).allowed);
  return out;
}

/** What every store must do; `second` is another instance on the same store (null: memory, which is per process). */
function limiterContract(open: () => { first: RateLimits; second: RateLimits | null }) {
  it("allows the rule's points per window and refuses the next, saying how long to wait; other keys and rules are unaffected", async () => {
    const { first } = open();
    const r = rule();
    expect(await attempts(first, r, "1.2.3.4", 6)).toEqual([true, true, true, true, true, false]);
    const refused = await first.consume(r, "1.2.3.4");
    expect(refused.allowed).toBe(false);
    expect(refused.retryAfterMs).toBeGreaterThan(50_000);
    expect(refused.retryAfterMs).toBeLessThanOrEqual(60_000);
    expect((await first.consume(r, "5.6.7.8")).allowed).toBe(true);
    expect((await first.consume(rule(), "1.2.3.4")).allowed).toBe(true);
  });

  it("counts concurrent attempts exactly: 30 at once, 5 allowed", async () => {
    const { first, second } = open();
    const r = rule();
    const verdicts = await Promise.all(Array.from({ length: 30 }, (_, i) => (i % 2 && second ? second : first).consume(r, "burst")));
    expect(verdicts.filter((v) => v.allowed)).toHaveLength(5);
  });

  it("starts a new window once the old one has passed, and forgets a key that is reset", async () => {
    const { first } = open();
    const r = rule(2, 1);
    expect(await attempts(first, r, "k", 3)).toEqual([true, true, false]);
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    expect(await attempts(first, r, "k", 3)).toEqual([true, true, false]);
    await first.reset(r, "k");
    expect((await first.consume(r, "k")).allowed).toBe(true);
  });

  it("is shared by instances on the same store: the sixth attempt is refused whichever instance gets it", async (ctx) => {
    const { first, second } = open();
    if (!second) return ctx.skip();
    const r = rule();
    expect(await attempts(first, r, "shared", 3)).toEqual([true, true, true]);
    expect(await attempts(second, r, "shared", 2)).toEqual([true, true]);
    expect((await second.consume(r, "shared")).allowed).toBe(false);
    expect((await first.consume(r, "shared")).allowed).toBe(false);
  });
}

describeEachDatabase("shared rate limits", (ctx) => {
  limiterContract(() => {
    if (ctx.dialect === "sqlite") return { first: createRateLimits({ kind: "memory" }), second: null };
    const store: LimitStore = { kind: "postgres", pool: ctx.handle.pgPool! };
    return { first: createRateLimits(store), second: createRateLimits(store) };
  });

  it("keeps no client address or e-mail in clear in the store", async (t) => {
    if (ctx.dialect !== "postgres") return t.skip();
    const limits = createRateLimits({ kind: "postgres", pool: ctx.handle.pgPool! });
    await limits.consume(rule(), "203.0.113.9");
    await limits.consume(rule(), "admin@example.com");
    const rows = await ctx.db.selectFrom("rate_limits").select("key").execute();
    expect(rows).toHaveLength(2);
    for (const { key } of rows) expect(key).not.toMatch(/203\.0\.113|example\.com/);
  });

  it("the choice follows the configuration: PostgreSQL when that is the database, memory on SQLite", () => {
    const state = openSharedState(ctx.handle, { redisUrl: null });
    expect(state.limits.kind).toBe(ctx.dialect === "postgres" ? "postgres" : "memory");
    expect(state.cache.kind).toBe(ctx.dialect === "postgres" ? "postgres" : "memory");
  });
});

describe("shared rate limits when the store is away", () => {
  it("each instance counts on its own meanwhile (the insurance limiter): a flood is still refused", async () => {
    const pool = new pg.Pool({ connectionString: "postgres://nobody@127.0.0.1:1/none", connectionTimeoutMillis: 200 });
    pool.on("error", () => {});
    const errors: unknown[] = [];
    const limits = createRateLimits({ kind: "postgres", pool }, (e) => errors.push(e));
    try {
      expect(await attempts(limits, rule(), "x", 6)).toEqual([true, true, true, true, true, false]);
    } finally {
      await pool.end();
    }
  });
});

describe.runIf(redisUrl)("shared rate limits on Redis", () => {
  // Two connections, as two instances would have; until a connection is ready each instance counts on its own.
  const clients: Redis[] = [];
  beforeAll(async () => {
    for (let i = 0; i < 2; i++) clients.push(new Redis(redisUrl!, { maxRetriesPerRequest: 1 }));
    await Promise.all(clients.map((c) => c.ping()));
  });
  afterAll(() => clients.forEach((c) => c.disconnect()));
  limiterContract(() => ({
    first: createRateLimits({ kind: "redis", client: clients[0]! }),
    second: createRateLimits({ kind: "redis", client: clients[1]! }),
  }));
});

/** The cache contract on a clock the test moves. */
function cacheContract(open: (bounds: { maxEntries: number; maxValueBytes: number; now: () => number }) => SharedCache) {
  let clock = 1_700_000_000_000;
  const now = () => clock;
  beforeEach(() => {
    clock += 10 * SHARED_CACHE_PRUNE_MS;
  });

  it("keeps plain data until its time is up", async () => {
    const cache = open({ maxEntries: 100, maxValueBytes: 10_000, now });
    const key = `k${crypto.randomBytes(4).toString("hex")}`;
    expect(await cache.get(key)).toBeUndefined();
    await cache.set(key, { title: "The Matrix", year: 1999, genres: ["Sci-Fi"], poster: null }, 1_000);
    expect(await cache.get(key)).toEqual({ title: "The Matrix", year: 1999, genres: ["Sci-Fi"], poster: null });
    await cache.set(`${key}-null`, null, 1_000);
    expect(await cache.get(`${key}-null`)).toBeNull();
    clock += 1_001;
    expect(await cache.get(key)).toBeUndefined();
  });
}

describeEachDatabase("shared cache", (ctx) => {
  cacheContract((bounds) => (ctx.dialect === "postgres" ? postgresCache(ctx.db, bounds) : memoryCache(bounds)));

  it("stays within its bounds: expired rows are swept, the soonest to expire go first, oversized values are not kept", async (t) => {
    if (ctx.dialect !== "postgres") return t.skip();
    let clock = 1_700_000_000_000;
    const cache = postgresCache(ctx.db, { maxEntries: 3, maxValueBytes: 100, now: () => clock });
    await cache.set("old", 1, 1_000);
    for (const [i, key] of ["a", "b", "c", "d"].entries()) await cache.set(key, i, 60_000 * (i + 2));
    clock += 2_000;
    expect(await ctx.db.selectFrom("shared_cache").select("key").execute()).toHaveLength(5);
    clock += SHARED_CACHE_PRUNE_MS;
    await cache.set("e", 5, 3_600_000);
    const keys = (await ctx.db.selectFrom("shared_cache").select("key").orderBy("key").execute()).map((r) => r.key);
    expect(keys).toEqual(["c", "d", "e"]);
    await cache.set("big", "x".repeat(200), 60_000);
    expect(await cache.get("big")).toBeUndefined();
  });

  it("one instance's TMDB answer and 429 back-off are what another instance uses", async () => {
    const mock: TmdbMock = await startTmdbMock();
    try {
      const shared =
        ctx.dialect === "postgres" ? postgresCache(ctx.db, { maxEntries: 100, maxValueBytes: 2 ** 20 }) : memoryCache({ maxEntries: 100 });
      const settings = { apiKey: MOCK_API_KEY, readToken: null, baseUrl: mock.origin, imageBase: "https://img.test/t/p" };
      const a = createTmdbClient(settings, { cache: shared });
      const b = createTmdbClient(settings, { cache: shared });
      expect((await a.movie(603)).title).toBe("The Matrix");
      expect((await b.movie(603)).title).toBe("The Matrix");
      expect(mock.requests).toHaveLength(1);

      mock.override("/tv/1399", { kind: "status", status: 429, headers: { "Retry-After": "30" } });
      expect((await a.tv(1399).catch((e: unknown) => e)) as TmdbError).toMatchObject({ kind: "rate_limited" });
      expect(mock.requests).toHaveLength(2);
      expect((await b.tv(1399).catch((e: unknown) => e)) as TmdbError).toMatchObject({ kind: "rate_limited" });
      expect((await b.findByImdb("tt0133093").catch((e: unknown) => e)) as TmdbError).toMatchObject({ kind: "rate_limited" });
      // B held back without asking TMDB; a cached answer is still served.
      expect(mock.requests).toHaveLength(2);
      expect((await b.movie(603)).title).toBe("The Matrix");
    } finally {
      await mock.close();
    }
  });
});

describe.runIf(redisUrl)("shared cache on Redis", () => {
  let client: Redis;
  beforeAll(() => {
    client = new Redis(redisUrl!);
  });
  afterAll(() => client.disconnect());
  it("keeps plain data until its time is up (Redis's own clock)", async () => {
    const cache = redisCache(client, { maxValueBytes: 100 }, `cinedex-test:${crypto.randomBytes(4).toString("hex")}:`);
    await cache.set("k", { a: [1, "two", null] }, 300);
    expect(await cache.get("k")).toEqual({ a: [1, "two", null] });
    await cache.set("big", "x".repeat(200), 60_000);
    expect(await cache.get("big")).toBeUndefined();
    await new Promise((r) => setTimeout(r, 400));
    expect(await cache.get("k")).toBeUndefined();
  });
});
