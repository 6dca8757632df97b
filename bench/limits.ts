// Cost of one shared rate-limit check (ADR 027): memory vs PostgreSQL vs Redis, and
// of one shared-cache read, as the server pays it per limited request.
//   npm run bench:limits [-- --ops 5000] [--concurrency 32]
// PostgreSQL from BENCH_DATABASE_URL or TEST_DATABASE_URL (a schema of its own,
// dropped after); Redis from BENCH_REDIS_URL (default redis://127.0.0.1:6379),
// skipped when unreachable. Keys are spread over 1,000 clients, so most checks
// are allowed, as in real traffic.
import { parseArgs } from "node:util";
import { Redis } from "ioredis";
import { memoryCache, postgresCache, redisCache, SHARED_CACHE_BOUNDS, type SharedCache } from "#app/modules/limits/cache.server.ts";
import { createRateLimits, type LimitStore, type RateRule } from "#app/modules/limits/limiter.server.ts";
import { createTestDatabase, type TestDatabase } from "#tests/helpers/database.ts";

const { values } = parseArgs({
  options: { ops: { type: "string", default: "5000" }, concurrency: { type: "string", default: "32" } },
});
const OPS = Number(values.ops);
const CONCURRENCY = Number(values.concurrency);
const pgUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const redisUrl = process.env.BENCH_REDIS_URL ?? "redis://127.0.0.1:6379";
const rule: RateRule = { name: `bench${process.pid}`, points: 1_000_000, durationSeconds: 60 };

interface Figures {
  store: string;
  what: string;
  serialP50Us: number;
  serialP99Us: number;
  concurrentOpsPerS: number;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

/** One at a time (the latency a request pays), then CONCURRENCY in flight (the throughput an instance gets). */
async function measure(store: string, what: string, op: (i: number) => Promise<unknown>): Promise<Figures> {
  for (let i = 0; i < 200; i++) await op(i); // warm-up: connections, prepared statements, JIT
  const times: number[] = [];
  for (let i = 0; i < OPS; i++) {
    const t = process.hrtime.bigint();
    await op(i);
    times.push(Number(process.hrtime.bigint() - t) / 1000);
  }
  times.sort((x, y) => x - y);
  let next = 0;
  const started = process.hrtime.bigint();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < OPS) await op(next++);
    }),
  );
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  return {
    store,
    what,
    serialP50Us: Math.round(percentile(times, 50)),
    serialP99Us: Math.round(percentile(times, 99)),
    concurrentOpsPerS: Math.round(OPS / seconds),
  };
}

async function benchStore(store: string, limits: LimitStore, cache: SharedCache): Promise<Figures[]> {
  const rl = createRateLimits(limits, (e) => console.error(store, e));
  const out = [await measure(store, "rate-limit consume", (i) => rl.consume(rule, `10.0.${(i >> 8) & 3}.${i & 255}`))];
  await cache.set("bench:hit", { title: "The Matrix", year: 1999, genres: ["Action", "Sci-Fi"], overview: "x".repeat(600) }, 600_000);
  out.push(await measure(store, "cache get (hit)", () => cache.get("bench:hit")));
  return out;
}

const results: Figures[] = [];
results.push(...(await benchStore("memory", { kind: "memory" }, memoryCache(SHARED_CACHE_BOUNDS))));

let pg: TestDatabase | undefined;
try {
  process.env.TEST_DATABASE_URL = pgUrl;
  pg = await createTestDatabase("postgres");
  results.push(...(await benchStore("postgres", { kind: "postgres", pool: pg.pgPool! }, postgresCache(pg.db, SHARED_CACHE_BOUNDS))));
} catch (error) {
  console.error(`PostgreSQL skipped: ${(error as Error).message}`);
} finally {
  await pg?.destroy();
}

const redis = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1 });
try {
  await redis.connect();
  results.push(
    ...(await benchStore(
      "redis",
      { kind: "redis", client: redis },
      redisCache(redis, SHARED_CACHE_BOUNDS, `cinedex-bench:${process.pid}:`),
    )),
  );
  const keys = await redis.keys(`cinedex:rl:${rule.name}:*`);
  if (keys.length) await redis.del(...keys);
} catch (error) {
  console.error(`Redis skipped: ${(error as Error).message}`);
} finally {
  redis.disconnect();
}

console.log(`\n${OPS} operations each; concurrency ${CONCURRENCY} for the throughput column\n`);
console.table(results);
