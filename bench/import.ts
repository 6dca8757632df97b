// Importing a catalogue file into a fresh database: parse, validate, plan, apply.
//   npm run bench:import [-- --titles 10000] [--links 3] [--postgres]
// Target (issue 19): 10,000 titles with 3 links each in under a minute on SQLite.
import { parseArgs } from "node:util";
import { stringify } from "csv-stringify/sync";
import { CSV_COLUMNS } from "#app/modules/catalogue/import-format.server.ts";
import { createImportRun, prepareImport, runImport } from "#app/modules/catalogue/import.server.ts";
import { openBenchDatabase } from "./database.ts";

const { values } = parseArgs({
  options: {
    titles: { type: "string", default: "10000" },
    links: { type: "string", default: "3" },
    postgres: { type: "boolean", default: false },
  },
});
const titles = Number(values.titles);
const linksPerTitle = Number(values.links);

const rows: Record<string, string>[] = [];
for (let i = 1; i <= titles; i++) {
  for (let l = 1; l <= linksPerTitle; l++) {
    const first = l === 1;
    rows.push({
      key: `t${i}`,
      type: i % 5 === 0 ? "tv" : "movie",
      title: first ? `Benchmark Title ${i}` : "",
      tmdb_id: first ? String(100_000 + i) : "",
      release_date: first ? `${1950 + (i % 70)}-0${1 + (i % 9)}-1${i % 10}` : "",
      genres: first ? ["Action", "Drama", "Comedy"][i % 3]! : "",
      overview: first ? `Synthetic overview of title ${i}, long enough to look like a real one.` : "",
      quality: "1080p",
      season: i % 5 === 0 ? "Season 1" : "",
      file_title: `Benchmark Title ${i} 1080p`,
      file_size: first ? "1.4 GB" : "",
      link_label: ["gdrive", "mega", "gofile", "instant"][l % 4]!,
      link_url: `https://host${l}.example/files/${i}`,
    });
  }
}
const csv = stringify(rows, { header: true, columns: CSV_COLUMNS });

const bench = await openBenchDatabase(values.postgres);
const { handle } = bench;
const actor = { id: null, name: "bench" };

try {
  let t = performance.now();
  const prepared = await prepareImport(handle.db, csv, { format: "csv" });
  const planMs = performance.now() - t;
  if (prepared.plan.errors.length) throw new Error(`unexpected errors: ${JSON.stringify(prepared.plan.errors.slice(0, 3))}`);
  const run = await createImportRun(handle.db, actor, { name: "bench.csv", format: "csv" }, prepared);
  t = performance.now();
  const done = await runImport(handle.db, actor, run.id);
  const applyMs = performance.now() - t;
  t = performance.now();
  const again = await prepareImport(handle.db, csv, { format: "csv" });
  const replanMs = performance.now() - t;

  const total = (planMs + applyMs) / 1000;
  const dialect = values.postgres ? "PostgreSQL" : "SQLite";
  console.log(`${dialect}: ${titles.toLocaleString("en-US")} titles × ${linksPerTitle} links (${(csv.length / 1e6).toFixed(1)} MB of CSV)`);
  console.log(`  dry run (parse, validate, plan): ${(planMs / 1000).toFixed(1)} s`);
  console.log(`  apply: ${(applyMs / 1000).toFixed(1)} s (${done.created} added)`);
  console.log(
    `  total: ${total.toFixed(1)} s, ${Math.round(titles / total).toLocaleString("en-US")} titles/s, ${Math.round((titles * linksPerTitle) / total).toLocaleString("en-US")} links/s`,
  );
  console.log(`  re-import dry run: ${(replanMs / 1000).toFixed(1)} s (${again.plan.counts.titles.skip} unchanged)`);
  console.log(total < 60 ? "  under a minute: yes" : "  under a minute: NO");
} finally {
  await bench.dispose();
}
