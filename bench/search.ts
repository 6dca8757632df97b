// Search latency on synthetic catalogues of 100,000 and 1,000,000 titles.
//   npm run bench:search [-- --sizes 100000,1000000] [--queries 1000] [--sqlite-only]
// Catalogues are generated once and kept (SQLite files in bench/.cache/ or $BENCH_CACHE, PostgreSQL
// schemas cinedex_bench_<size> in BENCH_DATABASE_URL, else TEST_DATABASE_URL, else
// the local test database). A fixed mix of queries (exact titles, prefixes, typos,
// cast names, filtered queries, queries that find nothing) runs against each, and
// p50/p95/p99 are printed per kind, with the home listing's first page as baseline.
import { parseArgs } from "node:util";
import type { Db } from "#app/db/client.server.ts";
import { listTitles } from "#app/modules/catalogue/read.server.ts";
import { searchCatalogue, suggest, suggestGrouped } from "#app/modules/catalogue/search.server.ts";
import type { SearchOptions } from "#app/modules/search/search.server.ts";
import { openBenchCatalogue } from "./database.ts";

const { values } = parseArgs({
  options: {
    sizes: { type: "string", default: "100000,1000000" },
    queries: { type: "string", default: "1000" },
    "sqlite-only": { type: "boolean", default: false },
  },
});
const sizes = values.sizes.split(",").map(Number);
const queryCount = Number(values.queries);

/** mulberry32, so every run asks the same questions. */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

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

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
const fmt = (ms: number) => (ms < 10 ? ms.toFixed(2) : ms.toFixed(1));

async function time<T>(work: () => Promise<T>): Promise<number> {
  const started = performance.now();
  await work();
  return performance.now() - started;
}

for (const size of sizes) {
  for (const dialect of values["sqlite-only"] ? (["sqlite"] as const) : (["sqlite", "postgres"] as const)) {
    const handle = await openBenchCatalogue(dialect, size);
    const mix = await queryMix(handle.db, size);
    for (const q of mix.slice(0, 50)) await searchCatalogue(handle.db, q.options); // warm caches
    const baseline: number[] = [];
    for (let i = 0; i < 200; i++) baseline.push(await time(() => listTitles(handle.db, { page: 1 + (i % 20) })));
    const byKind = new Map<string, number[]>();
    let hits = 0;
    for (const q of mix) {
      let found = 0;
      const ms = await time(async () => {
        found = (await searchCatalogue(handle.db, q.options)).total;
      });
      if (found > 0) hits++;
      byKind.set(q.kind, [...(byKind.get(q.kind) ?? []), ms]);
      byKind.set("all queries", [...(byKind.get("all queries") ?? []), ms]);
    }
    const suggestions: number[] = [];
    const grouped: number[] = [];
    for (const q of mix.filter((m) => m.kind === "prefix" || m.kind === "exact title").slice(0, 300)) {
      const text = q.options.text.slice(0, 3 + (suggestions.length % 6));
      suggestions.push(await time(() => suggest(handle.db, text, 8)));
      // What the search box asks for: titles, then people and genres (reads 20 titles' credits).
      grouped.push(await time(() => suggestGrouped(handle.db, text)));
    }
    byKind.set("suggest (3-8 letters)", suggestions);
    byKind.set("grouped suggestions (search box)", grouped);

    const base = [...baseline].sort((a, b) => a - b);
    const baseP95 = percentile(base, 95);
    console.log(
      `\n${dialect === "sqlite" ? "SQLite" : "PostgreSQL"}, ${size.toLocaleString("en-US")} titles (${hits}/${mix.length} queries found something)`,
    );
    console.log("| queries | n | p50 ms | p95 ms | p99 ms | p95 × baseline |");
    console.log("|---|---|---|---|---|---|");
    console.log(
      `| baseline: home listing page | ${base.length} | ${fmt(percentile(base, 50))} | ${fmt(baseP95)} | ${fmt(percentile(base, 99))} | 1.0 |`,
    );
    for (const [kind, list] of [...byKind].sort(([a], [b]) => (a === "all queries" ? -1 : b === "all queries" ? 1 : 0))) {
      const sorted = [...list].sort((a, b) => a - b);
      console.log(
        `| ${kind} | ${sorted.length} | ${fmt(percentile(sorted, 50))} | ${fmt(percentile(sorted, 95))} | ${fmt(percentile(sorted, 99))} | ${(percentile(sorted, 95) / baseP95).toFixed(1)} |`,
      );
    }
    await handle.close();
  }
}
