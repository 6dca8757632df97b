// Time to generate synthetic titles into a fresh database.
//   npm run bench:seed [-- --count 100000] [--postgres]
// The baseline is generating the same rows without writing them, so the ratio
// shows what the database writes cost.
import fs from "node:fs";
import { parseArgs } from "node:util";
import { seedSynthetic } from "#db/seed/seed.ts";
import { syntheticBatch } from "#db/seed/synthetic.ts";
import { GENRES } from "#app/constants.ts";
import { openBenchDatabase } from "./database.ts";

const { values } = parseArgs({ options: { count: { type: "string", default: "100000" }, postgres: { type: "boolean", default: false } } });
const count = Number(values.count);

const genres = GENRES.map((name, i) => ({ id: i + 1, name }));
let t = performance.now();
let generated = 0;
for (let done = 0; done < count; done += 500) {
  const batch = syntheticBatch({ seed: 42 + done, offset: done, size: Math.min(500, count - done), genres });
  generated += batch.titles.length + batch.links.length;
}
const baselineMs = performance.now() - t;

const bench = await openBenchDatabase(values.postgres);
const { handle } = bench;

t = performance.now();
const result = await seedSynthetic(handle.db, count);
const seedMs = performance.now() - t;
await handle.close();
const fileMb = bench.file ? fs.statSync(bench.file).size / 1024 / 1024 : null;
await bench.dispose();

console.log(`${handle.location.split(" ")[0]}: ${count.toLocaleString("en-US")} titles, ${result.rows.toLocaleString("en-US")} rows`);
console.log(`| step | time | × baseline |`);
console.log(`|---|---|---|`);
console.log(
  `| generate only (baseline, ${generated.toLocaleString("en-US")} title+link rows) | ${(baselineMs / 1000).toFixed(1)} s | 1.0 |`,
);
console.log(`| seed into the database | ${(seedMs / 1000).toFixed(1)} s | ${(seedMs / baselineMs).toFixed(1)} |`);
console.log(
  `rows per second: ${Math.round(result.rows / (seedMs / 1000)).toLocaleString("en-US")}${fileMb ? `; database file ${fileMb.toFixed(0)} MB` : ""}`,
);
