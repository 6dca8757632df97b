// Search latency on synthetic catalogues of 100,000 and 1,000,000 titles, SQLite and
// PostgreSQL side by side (the same queries, one after the other, in the same run).
//   npm run bench:search [-- --sizes 100000,1000000] [--queries 1000] [--sqlite-only]
// Catalogues are generated once and kept (SQLite files in bench/.cache/ or $BENCH_CACHE, PostgreSQL
// schemas cinedex_bench_<size> in BENCH_DATABASE_URL, else TEST_DATABASE_URL, else
// the local test database). A fixed mix of queries (exact titles, prefixes, typos,
// cast names, filtered queries, queries that find nothing) runs against each, and
// p50/p95/p99 are printed per kind, with the home listing's first page as baseline, then
// one table of both databases' p50/p95 per kind and PostgreSQL's p95 over SQLite's. A
// catalogue is measured straight after it is seeded (the seed vacuums and analyses);
// a cached one that a new migration changed is vacuumed first, as a deploy's bulk
// write would be. The load average is printed with each table: the figures move with it.
import os from "node:os";
import { parseArgs } from "node:util";
import type { DatabaseHandle, Db } from "#app/db/client.server.ts";
import { listTitles } from "#app/modules/catalogue/read.server.ts";
import { searchCatalogue, suggest, suggestGrouped } from "#app/modules/catalogue/search.server.ts";
import type { SearchOptions } from "#app/modules/search/search.server.ts";
import { openBenchCatalogue } from "./database.ts";
import { percentile, random } from "./stats.ts";

const { values } = parseArgs({
  options: {
    sizes: { type: "string", default: "100000,1000000" },
    queries: { type: "string", default: "1000" },
    "sqlite-only": { type: "boolean", default: false },
  },
});
const sizes = values.sizes.split(",").map(Number);
const queryCount = Number(values.queries);

type Kind = "exact title" | "prefix" | "typo" | "cast name" | "filtered" | "no hit";

async function queryMix(db: Db, size: number): Promise<{ kind: Kind; options: SearchOptions }[]> {
  const rand = random(20261122);
  const pick = <T>(list: T[]) => list[Math.floor(rand() * list.length)]!;
  const ids = Array.from({ length: 400 }, () => 1 + Math.floor(rand() * size));
  const titles = (await db.selectFrom("titles").select(["id", "title"]).where("id", "in", ids).execute()).map((t) => t.title);
  const names = (await db.selectFrom("credits").select("name").where("title_id", "in", ids).where("role", "=", "cast").execute()).map(
    (c) => c.name,
  );
  const typo = (text: string) => {
    const i = 1 + Math.floor(rand() * (text.length - 2));
    return rand() < 0.5 ? text.slice(0, i) + text.slice(i + 1) : text.slice(0, i) + "xq"[Math.floor(rand() * 2)] + text.slice(i + 1);
  };
  const kinds: Kind[] = ["exact title", "prefix", "typo", "cast name", "filtered", "no hit"];
  return Array.from({ length: queryCount }, (_, i) => {
    const kind = kinds[i % kinds.length]!;
    const title = pick(titles);
    switch (kind) {
      case "exact title":
        return { kind, options: { text: title } };
      case "prefix": {
        const word = pick(title.split(" ").filter((w) => w.length > 3)) ?? title;
        return { kind, options: { text: word.slice(0, 3 + Math.floor(rand() * 3)) } };
      }
      case "typo":
        return { kind, options: { text: typo(title) } };
      case "cast name":
        return { kind, options: { text: pick(names) } };
      case "filtered":
        return {
          kind,
          options: {
            text: pick(title.split(" ")),
            filters: pick([{ type: "tv" as const }, { genre: "drama" }, { yearFrom: 1990, yearTo: 2010 }, { quality: "1080p" }]),
            sort: pick(["relevance", "newest", "rating", "title"] as const),
          },
        };
      default:
        return { kind, options: { text: `${Math.floor(rand() * 1e9).toString(36)}qz wyvern` } };
    }
  });
}

const fmt = (ms: number) => (ms < 10 ? ms.toFixed(2) : ms.toFixed(1));

async function time<T>(work: () => Promise<T>): Promise<number> {
  const started = performance.now();
  await work();
  return performance.now() - started;
}

const loadAverage = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(", ");

interface Measured {
  hits: number;
  queries: number;
  /** Timings per kind, sorted, the baseline first and "all queries" second. */
  kinds: Map<string, number[]>;
}

async function measure(handle: DatabaseHandle, size: number): Promise<Measured> {
  const mix = await queryMix(handle.db, size);
  for (const q of mix.slice(0, 50)) await searchCatalogue(handle.db, q.options); // warm caches
  const kinds = new Map<string, number[]>();
  const add = (kind: string, ms: number) => kinds.set(kind, [...(kinds.get(kind) ?? []), ms]);
  for (let i = 0; i < 200; i++) add(BASELINE, await time(() => listTitles(handle.db, { page: 1 + (i % 20) })));
  let hits = 0;
  for (const q of mix) {
    let found = 0;
    const ms = await time(async () => {
      found = (await searchCatalogue(handle.db, q.options)).total;
    });
    if (found > 0) hits++;
    add("all queries", ms);
    add(q.kind, ms);
  }
  let n = 0;
  for (const q of mix.filter((m) => m.kind === "prefix" || m.kind === "exact title").slice(0, 300)) {
    const text = q.options.text.slice(0, 3 + (n++ % 6));
    add(SUGGEST, await time(() => suggest(handle.db, text, 8)));
    // What the search box asks for: titles, then people and genres (reads 20 titles' credits).
    add("grouped suggestions (search box)", await time(() => suggestGrouped(handle.db, text)));
  }
  for (const list of kinds.values()) list.sort((a, b) => a - b);
  return { hits, queries: mix.length, kinds };
}

const BASELINE = "baseline: home listing page";
const SUGGEST = "suggest (3-8 letters)";
const NAMES = { sqlite: "SQLite", postgres: "PostgreSQL" } as const;

for (const size of sizes) {
  const measured = new Map<"sqlite" | "postgres", Measured>();
  for (const dialect of values["sqlite-only"] ? (["sqlite"] as const) : (["sqlite", "postgres"] as const)) {
    const handle = await openBenchCatalogue(dialect, size);
    const m = await measure(handle, size);
    measured.set(dialect, m);
    await handle.close();
    const baseP95 = percentile(m.kinds.get(BASELINE)!, 95);
    console.log(
      `\n${NAMES[dialect]}, ${size.toLocaleString("en-US")} titles (${m.hits}/${m.queries} queries found something; load average ${loadAverage()})`,
    );
    console.log("| queries | n | p50 ms | p95 ms | p99 ms | p95 × baseline |");
    console.log("|---|---|---|---|---|---|");
    for (const [kind, sorted] of m.kinds)
      console.log(
        `| ${kind} | ${sorted.length} | ${fmt(percentile(sorted, 50))} | ${fmt(percentile(sorted, 95))} | ${fmt(percentile(sorted, 99))} | ${(percentile(sorted, 95) / baseP95).toFixed(1)} |`,
      );
  }
  const [lite, pg] = [measured.get("sqlite"), measured.get("postgres")];
  if (!lite || !pg) continue;
  console.log(`\nSide by side, ${size.toLocaleString("en-US")} titles (p50 / p95 ms; load average ${loadAverage()})`);
  console.log("| queries | SQLite p50 | SQLite p95 | PostgreSQL p50 | PostgreSQL p95 | PostgreSQL p95 ÷ SQLite p95 |");
  console.log("|---|---|---|---|---|---|");
  for (const [kind, a] of lite.kinds) {
    const b = pg.kinds.get(kind)!;
    const [a95, b95] = [percentile(a, 95), percentile(b, 95)];
    console.log(
      `| ${kind} | ${fmt(percentile(a, 50))} | ${fmt(a95)} | ${fmt(percentile(b, 50))} | ${fmt(b95)} | ${(b95 / a95).toFixed(1)} |`,
    );
  }
}
