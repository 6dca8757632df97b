// Importing a catalogue file into a fresh database: dry run, apply, re-import, then search.
//   npm run bench:import [-- --titles 10000] [--links 3] [--db both|sqlite|postgres]
//                        [--collisions on|off] [--bare-namesakes] [--file FILE] [--searches 200]
// Targets (issue 30): 10,000 titles with 3 links each and realistic name collisions
// (remakes and namesakes with their own TMDB ids) in under 20 s on SQLite and 30 s on
// PostgreSQL (dry run + apply); right after the import, searching 200 of its titles on
// PostgreSQL has a p95 within 1.5× of the same searches after a manual VACUUM ANALYZE.
// Each database runs in its own process, so the memory column is that import's peak RSS.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { sql } from "kysely";
import { stringify } from "csv-stringify/sync";
import { CSV_COLUMNS } from "#app/modules/catalogue/import-format.server.ts";
import * as importer from "#app/modules/catalogue/import.server.ts";
import { searchCatalogue } from "#app/modules/catalogue/search.server.ts";
import { slugify } from "#app/utils/slug.ts";
import { openBenchDatabase } from "./database.ts";
import { random } from "./stats.ts";

const { values } = parseArgs({
  options: {
    titles: { type: "string", default: "10000" },
    links: { type: "string", default: "3" },
    db: { type: "string", default: "both" },
    collisions: { type: "string", default: "on" },
    "bare-namesakes": { type: "boolean", default: false },
    file: { type: "string" },
    searches: { type: "string", default: "200" },
    child: { type: "string" },
    // Old name of --db postgres.
    postgres: { type: "boolean", default: false },
  },
});

const WORDS = (
  "silent crimson last hidden broken golden midnight distant burning frozen lost electric savage quiet restless hollow wild " +
  "northern iron velvet harbor kingdom signal orchard frontier witness garden empire voyage mirror station river compass " +
  "lantern citadel horizon archive tide summit engine shadow winter summer daughter father stranger island city night " +
  "road house storm fire ghost queen king letter promise secret dream heart war game hunt escape return rise fall"
).split(" ");
const GENRES = ["Action", "Drama", "Comedy", "Thriller", "Horror", "Romance", "Science Fiction", "Documentary", "Animation", "Crime"];
const PEOPLE = ["Ava Hart", "Liam Okafor", "Maya Lindqvist", "Noah Moreau", "Zara Tanaka", "Omar Reyes", "Lena Kapoor", "Ravi Novak"];
/** Pairs the slug rule cannot tell apart, as in real catalogues (It / I.T., Dune / Dune). */
const NAMESAKES = ["It", "I.T.", "Dune", "The Lion King", "Crash", "Heat", "Up", "Us", "Rebecca", "Solaris", "Suspiria", "Nosferatu"];

/**
 * The bench file: every 30th title is a remake or namesake of an earlier one (the
 * same title, its own TMDB id and year), 3.3 % like the 349 in 10,000 real films.
 * Unless --bare-namesakes, a namesake carries its own slug (`dune-2021`), as an
 * export does, so a matcher that still keys titles by slug keeps them apart.
 */
function generate(count: number, linksPerTitle: number, collisions: boolean, bareNamesakes: boolean): string {
  const rnd = random(30);
  const pick = <T>(list: readonly T[]) => list[Math.floor(rnd() * list.length)]!;
  const rows: Record<string, string>[] = [];
  const names: string[] = [];
  const slugs = new Set<string>();
  for (let i = 1; i <= count; i++) {
    const year = 1950 + Math.floor(rnd() * 75);
    let title: string;
    let slug = "";
    if (collisions && i % 30 === 0 && names.length > 0) {
      title = i % 60 === 0 ? pick(NAMESAKES) : names[Math.floor(rnd() * names.length)]!;
    } else if (collisions && i <= NAMESAKES.length) {
      title = NAMESAKES[i - 1]!;
    } else {
      const n = 1 + Math.floor(rnd() * 3);
      title = Array.from({ length: n }, () => pick(WORDS))
        .map((w) => w[0]!.toUpperCase() + w.slice(1))
        .join(" ");
      title = `${title} ${i}`;
    }
    names.push(title);
    if (slugs.has(slugify(title)) && !bareNamesakes) slug = slugify(`${title} ${year} ${i}`);
    slugs.add(slugify(slug || title));
    const tv = i % 5 === 0;
    const genres = [...new Set([pick(GENRES), pick(GENRES)])].join("|");
    for (let l = 1; l <= linksPerTitle; l++) {
      const first = l === 1;
      rows.push({
        key: `t${i}`,
        type: tv ? "tv" : "movie",
        title: first ? title : "",
        slug: first ? slug : "",
        tmdb_id: first ? String(100_000 + i) : "",
        imdb_id: first ? `tt${String(2_000_000 + i)}` : "",
        release_date: first ? `${year}-0${1 + (i % 9)}-1${i % 10}` : "",
        runtime_minutes: first ? String(80 + (i % 70)) : "",
        rating: first ? (5 + (i % 50) / 10).toFixed(1) : "",
        genres: first ? genres : "",
        directors: first ? pick(PEOPLE) : "",
        overview: first ? `${title}: ${Array.from({ length: 40 }, () => pick(WORDS)).join(" ")}.` : "",
        quality: "1080p",
        season: tv ? "Season 1" : "",
        file_title: `${title} 1080p`,
        file_size: first ? "1.4 GB" : "",
        link_label: ["gdrive", "mega", "gofile", "instant"][l % 4]!,
        link_url: `https://host${l}.example/files/${i}`,
      });
    }
  }
  return stringify(rows, { header: true, columns: CSV_COLUMNS });
}

interface Result {
  dialect: "sqlite" | "postgres";
  file: string;
  rows: number;
  titles: number;
  dryRunS: number;
  applyS: number;
  reimportS: number;
  reimportChanges: number;
  peakRssMb: number;
  /** This process's CPU time (user + system) in the dry run and the apply: what load on a shared machine does not inflate. */
  dryRunCpuS: number;
  applyCpuS: number;
  errors?: string[];
  search?: { coldP95: number; afterImportP95: number; afterVacuumP95: number };
}

const p95 = (ms: number[]) => [...ms].sort((a, b) => a - b)[Math.min(ms.length - 1, Math.floor(ms.length * 0.95))]!;

/** One database: the import with its timings and memory, then the search check. */
async function child(dialect: "sqlite" | "postgres", file: string): Promise<Result> {
  const bench = await openBenchDatabase(dialect === "postgres");
  const db = bench.handle.db;
  const actor = { id: null, name: "bench" };
  // A CSV is streamed from the file, as the command line does.
  const prepare = () => importer.prepareImport(db, fs.createReadStream(file), { format: "csv" });
  const result: Result = {
    dialect,
    file: path.basename(file),
    rows: 0,
    titles: 0,
    dryRunS: 0,
    applyS: 0,
    reimportS: 0,
    reimportChanges: 0,
    peakRssMb: 0,
    dryRunCpuS: 0,
    applyCpuS: 0,
  };
  const cpu = () => {
    const u = process.cpuUsage();
    return (u.user + u.system) / 1e6;
  };
  try {
    let t = performance.now();
    let c = cpu();
    const prepared = await prepare();
    result.dryRunS = (performance.now() - t) / 1000;
    result.dryRunCpuS = cpu() - c;
    result.titles = prepared.items.length;
    result.peakRssMb = process.resourceUsage().maxRSS / 1024;
    if (prepared.plan.errors.length) {
      result.errors = prepared.plan.errors.slice(0, 3).map((e) => `line ${e.line}: ${e.field}: ${e.message}`);
      result.errors.push(`${prepared.plan.errors.length + prepared.plan.moreErrors} errors in all`);
      return result;
    }
    const run = await importer.createImportRun(db, actor, { name: result.file, format: "csv" }, prepared);
    t = performance.now();
    c = cpu();
    await importer.runImport(db, actor, run.id);
    result.applyS = (performance.now() - t) / 1000;
    result.applyCpuS = cpu() - c;
    result.peakRssMb = process.resourceUsage().maxRSS / 1024;

    // 200 of the imported titles, searched by their names (what a visitor types).
    const want = Number(values.searches);
    const sample = await db
      .selectFrom("titles")
      .select("title")
      .orderBy("id")
      .execute()
      .then((all) => all.filter((_, i) => i % Math.max(1, Math.floor(all.length / want)) === 0).slice(0, want));
    const pass = async () => {
      const ms: number[] = [];
      for (const { title } of sample) {
        const s = performance.now();
        await searchCatalogue(db, { text: title });
        ms.push(performance.now() - s);
      }
      return p95(ms);
    };
    const coldP95 = await pass();
    const afterImportP95 = await pass();
    if (dialect === "postgres") {
      const tables = await db
        .selectFrom("information_schema.tables" as never)
        .select(sql<string>`table_name`.as("name"))
        .where(sql`table_schema`, "=", sql`current_schema()`)
        .execute();
      for (const { name } of tables) await sql`vacuum analyze ${sql.id(name)}`.execute(db);
    } else {
      await sql`analyze`.execute(db);
    }
    await pass();
    const afterVacuumP95 = await pass();
    result.search = { coldP95, afterImportP95, afterVacuumP95 };

    t = performance.now();
    const again = await prepare();
    result.reimportS = (performance.now() - t) / 1000;
    result.reimportChanges = again.plan.counts.titles.create + again.plan.counts.titles.update;
    return result;
  } finally {
    await bench.dispose();
  }
}

if (values.child) {
  const result = await child(values.child as "sqlite" | "postgres", values.file!);
  console.log(`RESULT ${JSON.stringify(result)}`);
} else {
  const titles = Number(values.titles);
  const linksPerTitle = Number(values.links);
  let file = values.file;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "cinedex-import-bench-"));
  if (!file) {
    file = path.join(dir, `bench-${titles}.csv`);
    fs.writeFileSync(file, generate(titles, linksPerTitle, values.collisions !== "off", values["bare-namesakes"]));
  }
  const dialects = values.postgres ? ["postgres"] : values.db === "both" ? ["sqlite", "postgres"] : [values.db];
  const mb = (fs.statSync(file).size / 1e6).toFixed(1);
  // Lines after the header (the generated files have no line breaks inside cells).
  const rows = fs.readFileSync(file, "utf8").split("\n").filter(Boolean).length - 1;
  console.log(
    `${path.basename(file)}: ${mb} MB; collisions ${values.collisions}${values["bare-namesakes"] ? ", namesakes without slugs" : ""}`,
  );
  const results: Result[] = [];
  for (const dialect of dialects) {
    const out = spawnSync(
      process.execPath,
      [...process.execArgv, process.argv[1]!, "--child", dialect, "--file", file, "--searches", values.searches],
      {
        encoding: "utf8",
        maxBuffer: 64 * 1024 * 1024,
        stdio: ["ignore", "pipe", "inherit"],
      },
    );
    const line = out.stdout.split("\n").find((l) => l.startsWith("RESULT "));
    if (!line) {
      console.error(`${dialect}: the import process failed (exit ${out.status})\n${out.stdout}`);
      process.exitCode = 1;
      continue;
    }
    results.push({ ...(JSON.parse(line.slice(7)) as Result), rows });
  }
  const s = (n: number) => `${n.toFixed(1)} s`;
  console.log(
    "\n| database | file | rows | titles | dry run | apply | dry run + apply | CPU (node) | re-import dry run | re-import changes | memory (peak RSS) |",
  );
  console.log("|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
  for (const r of results) {
    const name = r.dialect === "sqlite" ? "SQLite" : "PostgreSQL";
    console.log(
      `| ${name} | ${r.file} (${mb} MB) | ${r.rows.toLocaleString("en-US")} | ${r.titles.toLocaleString("en-US")} | ${s(r.dryRunS)} | ${s(r.applyS)} | ${s(r.dryRunS + r.applyS)} | ${s(r.dryRunCpuS + r.applyCpuS)} | ${s(r.reimportS)} | ${r.reimportChanges} | ${Math.round(r.peakRssMb)} MB |`,
    );
  }
  for (const r of results) {
    const name = r.dialect === "sqlite" ? "SQLite" : "PostgreSQL";
    if (r.errors) {
      console.log(`${name}: the file was refused: ${r.errors.join("; ")}`);
      process.exitCode = 1;
      continue;
    }
    const total = r.dryRunS + r.applyS;
    const target = r.dialect === "sqlite" ? 20 : 30;
    console.log(`${name}: dry run + apply ${s(total)} (target < ${target} s: ${total < target ? "yes" : "NO"})`);
    if (r.search) {
      const { coldP95, afterImportP95, afterVacuumP95 } = r.search;
      const ratio = afterImportP95 / afterVacuumP95;
      console.log(
        `${name}: search of ${values.searches} imported titles, p95 right after the import ${afterImportP95.toFixed(1)} ms (first pass ${coldP95.toFixed(1)} ms), after a manual VACUUM ANALYZE ${afterVacuumP95.toFixed(1)} ms: ${ratio.toFixed(2)}×${r.dialect === "postgres" ? ` (target ≤ 1.5×: ${ratio <= 1.5 ? "yes" : "NO"})` : ""}`,
      );
    }
  }
  fs.rmSync(dir, { recursive: true, force: true });
}
