// Search relevance on real films: vega-datasets' data/movies.json (3,201 films with
// title, release date, director, IMDb rating and votes) loaded through createTitle,
// asked the judged queries of bench/relevance-queries.json. Each film gets two releases
// (480p/720p before 2000, 720p/1080p from 2000) so quality words have something to filter.
//   npm run bench:relevance [-- --sqlite-only] [--verbose]
// Prints hit@1, hit@5, MRR@10, nonsense left empty and p50/p95 latency per query kind,
// for SQLite, PostgreSQL (BENCH_DATABASE_URL, else TEST_DATABASE_URL; skipped when
// neither is set) and MiniSearch over the same films in the same run; then how often
// the intended title is among the 8 suggestions after 3, 5 and 8 typed characters.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import MiniSearch from "minisearch";
import { openDatabase, type DatabaseHandle } from "#app/db/client.server.ts";
import { createTitle } from "#app/modules/catalogue/write.server.ts";
import { searchCatalogue, suggest } from "#app/modules/catalogue/search.server.ts";
import { setPopularity } from "#app/modules/search/popularity.server.ts";
import { migrateToLatest } from "#db/migrate.ts";
import { withPgClient } from "#tests/helpers/database.ts";
import { percentile } from "./stats.ts";

const { values } = parseArgs({
  options: { "sqlite-only": { type: "boolean", default: false }, verbose: { type: "boolean", default: false } },
});
const pgUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;

interface Film {
  Title: string | number | null;
  "Release Date": string | null;
  Director: string | null;
  "Major Genre": string | null;
  "IMDB Rating": number | null;
  "IMDB Votes": number | null;
}
interface Judged {
  kind: string;
  q: string;
  expect?: string[];
  director?: string;
}

// The package's exports map hides its data folder, so the file is read from node_modules.
const films = (JSON.parse(fs.readFileSync(path.resolve("node_modules/vega-datasets/data/movies.json"), "utf8")) as Film[]).filter(
  (f) => f.Title !== null,
);
const judged = JSON.parse(fs.readFileSync(path.resolve("bench/relevance-queries.json"), "utf8")) as {
  queries: Judged[];
  suggestions: string[];
};

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
/** "Jun 12 1998" → "1998-06-12". */
function isoDate(text: string | null): string | null {
  const m = text?.match(/^([A-Z][a-z]{2}) (\d{2}) (\d{4})$/);
  if (!m) return null;
  const month = MONTHS.indexOf(m[1]!) + 1;
  // The file writes some films of the 1930s as 2030s.
  const year = Number(m[3]) > 2015 ? Number(m[3]) - 100 : Number(m[3]);
  return month ? `${year}-${String(month).padStart(2, "0")}-${m[2]}` : null;
}
const yearOf = (f: Film) => isoDate(f["Release Date"])?.slice(0, 4) ?? "";
const keyOf = (title: string, year: string | number | null) => `${title}|${year ?? ""}`;

/** The judged answers of a query as "title|year" keys (a bare title accepts any year). */
function accepted(q: Judged): (title: string, year: string) => boolean {
  if (q.director) {
    const keys = new Set(films.filter((f) => f.Director === q.director).map((f) => keyOf(String(f.Title), yearOf(f))));
    return (title, year) => keys.has(keyOf(title, year));
  }
  const expect = q.expect ?? [];
  return (title, year) => expect.some((e) => e === title || e === keyOf(title, year));
}

async function load(handle: DatabaseHandle): Promise<void> {
  await migrateToLatest(handle.db);
  for (const f of films) {
    const created = await createTitle(handle.db, {
      type: "movie",
      title: String(f.Title),
      releaseDate: isoDate(f["Release Date"]),
      rating: f["IMDB Rating"],
      directors: f.Director ? [f.Director] : [],
      genres: f["Major Genre"] ? [f["Major Genre"]] : [],
      // Qualities for the "filters" queries ("inception 1080p"): the file has none, so by year.
      releases: (Number(yearOf(f)) >= 2000 ? ["720p", "1080p"] : ["480p", "720p"]).map((quality) => ({
        quality,
        season: null,
        files: [],
        zipLinks: [],
      })),
    });
    if (f["IMDB Votes"]) await setPopularity(handle.db, created.id, { votes: f["IMDB Votes"] });
  }
}

type Searcher = (text: string) => Promise<{ title: string; year: string }[]>;
type Suggester = (text: string) => Promise<string[]>;

interface Row {
  name: string;
  kind: string;
  n: number;
  hit1: number;
  hit5: number;
  mrr: number;
  empty: string;
  p50: number;
  p95: number;
}

async function evaluate(name: string, search: Searcher): Promise<Row[]> {
  for (const q of judged.queries.slice(0, 30)) await search(q.q); // warm caches
  const byKind = new Map<string, { hit1: number; hit5: number; rr: number; n: number; empty: number; ms: number[] }>();
  const misses: string[] = [];
  for (const q of judged.queries) {
    const started = performance.now();
    const found = (await search(q.q)).slice(0, 10);
    const ms = performance.now() - started;
    for (const kind of [q.kind, "all"]) {
      const k = byKind.get(kind) ?? { hit1: 0, hit5: 0, rr: 0, n: 0, empty: 0, ms: [] };
      k.n++;
      k.ms.push(ms);
      if (q.kind === "nonsense") {
        if (found.length === 0) k.empty++;
      } else {
        const ok = accepted(q);
        const rank = found.findIndex((r) => ok(r.title, r.year));
        if (rank === 0) k.hit1++;
        if (rank >= 0 && rank < 5) k.hit5++;
        if (rank >= 0) k.rr += 1 / (rank + 1);
      }
      byKind.set(kind, k);
    }
    if (values.verbose) {
      const ok = accepted(q);
      const rank = found.findIndex((r) => ok(r.title, r.year));
      if (q.kind === "nonsense" ? found.length > 0 : rank !== 0)
        misses.push(
          `  ${q.kind}: "${q.q}" → ${rank < 0 ? "miss" : `#${rank + 1}`}: ${found
            .slice(0, 3)
            .map((r) => `${r.title} (${r.year})`)
            .join("; ")}`,
        );
    }
  }
  if (misses.length) console.log(`${name}, queries not answered first:\n${misses.join("\n")}`);
  return [...byKind].map(([kind, k]) => {
    const judgedN = kind === "nonsense" ? 0 : kind === "all" ? k.n - (byKind.get("nonsense")?.n ?? 0) : k.n;
    const sorted = [...k.ms].sort((a, b) => a - b);
    const nonsense = byKind.get("nonsense");
    return {
      name,
      kind,
      n: k.n,
      hit1: judgedN ? k.hit1 / judgedN : NaN,
      hit5: judgedN ? k.hit5 / judgedN : NaN,
      mrr: judgedN ? k.rr / judgedN : NaN,
      empty: kind === "nonsense" || kind === "all" ? `${nonsense?.empty ?? 0}/${nonsense?.n ?? 0}` : "",
      p50: percentile(sorted, 50),
      p95: percentile(sorted, 95),
    };
  });
}

async function suggestionRates(name: string, suggestFor: Suggester): Promise<string> {
  const rates = [];
  for (const typed of [3, 5, 8]) {
    let hits = 0;
    for (const title of judged.suggestions) if ((await suggestFor(title.slice(0, typed))).includes(title)) hits++;
    rates.push(`${((100 * hits) / judged.suggestions.length).toFixed(0)} %`);
  }
  return `| ${name} | ${rates.join(" | ")} |`;
}

const pct = (x: number) => (Number.isNaN(x) ? "" : `${(100 * x).toFixed(1)} %`);
const ms = (x: number) => (x < 10 ? x.toFixed(2) : x.toFixed(1));

const rows: Row[] = [];
const suggestionLines: string[] = [];

async function database(name: string, handle: DatabaseHandle, before?: () => Promise<unknown>) {
  const started = performance.now();
  await load(handle);
  await before?.();
  console.log(`${name}: loaded ${films.length} films in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  rows.push(
    ...(await evaluate(name, async (text) =>
      (await searchCatalogue(handle.db, { text, limit: 10 })).items.map((c) => ({ title: c.title, year: c.year ? String(c.year) : "" })),
    )),
  );
  suggestionLines.push(await suggestionRates(name, async (text) => (await suggest(handle.db, text, 8)).map((c) => c.title)));
  await handle.close();
}

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "cinedex-relevance-"));
try {
  await database("Cinedex, SQLite", openDatabase({ dialect: "sqlite", file: path.join(dir, "relevance.db") }));
} finally {
  fs.rmSync(dir, { recursive: true, force: true });
}

if (pgUrl && !values["sqlite-only"]) {
  const schema = "cinedex_relevance";
  await withPgClient(pgUrl, (c) => c.query(`drop schema if exists ${schema} cascade; create schema ${schema}`));
  try {
    await database("Cinedex, PostgreSQL", openDatabase({ dialect: "postgres", url: pgUrl, schema }), () =>
      withPgClient(pgUrl, (c) => c.query(`analyze ${schema}.search_documents; analyze ${schema}.titles`)),
    );
  } finally {
    await withPgClient(pgUrl, (c) => c.query(`drop schema if exists ${schema} cascade`));
  }
}

// A general-purpose library on the same films, configured as its documentation suggests for search-as-you-type.
const mini = new MiniSearch<{ id: number; title: string; director: string; year: string }>({
  fields: ["title", "director"],
  storeFields: ["title", "year"],
  searchOptions: { boost: { title: 2 }, prefix: true, fuzzy: 0.2 },
});
mini.addAll(films.map((f, id) => ({ id, title: String(f.Title), director: f.Director ?? "", year: yearOf(f) })));
const miniSearch = async (text: string) => mini.search(text).map((r) => ({ title: String(r.title), year: String(r.year) }));
rows.push(...(await evaluate("MiniSearch", miniSearch)));
suggestionLines.push(await suggestionRates("MiniSearch", async (text) => (await miniSearch(text)).slice(0, 8).map((r) => r.title)));

const kinds = [...new Set(judged.queries.map((q) => q.kind)), "all"];
console.log(`\n${judged.queries.length} judged queries over ${films.length} films`);
console.log("| search | kind | n | hit@1 | hit@5 | MRR@10 | nonsense empty | p50 ms | p95 ms |");
console.log("|---|---|---|---|---|---|---|---|---|");
for (const kind of kinds)
  for (const r of rows.filter((x) => x.kind === kind))
    console.log(
      `| ${r.name} | ${r.kind} | ${r.n} | ${pct(r.hit1)} | ${pct(r.hit5)} | ${Number.isNaN(r.mrr) ? "" : r.mrr.toFixed(3)} | ${r.empty} | ${ms(r.p50)} | ${ms(r.p95)} |`,
    );
console.log(`\nSuggestions: the intended title among the first 8 after typing (${judged.suggestions.length} titles)`);
console.log("| search | 3 characters | 5 characters | 8 characters |\n|---|---|---|---|");
for (const line of suggestionLines) console.log(line);
