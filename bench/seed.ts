// Time to generate synthetic titles into a fresh database.
//   npm run bench:seed [-- --count 100000] [--postgres]
// The baseline is generating the same rows without writing them, so the ratio
// shows what the database writes cost.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { openDatabase } from "#app/db/client.server.ts";
import { migrateToLatest } from "#db/migrate.ts";
import { seedSynthetic } from "#db/seed/seed.ts";
import { syntheticBatch } from "#db/seed/synthetic.ts";
import { GENRES } from "#app/constants.ts";
import { withPgClient } from "#tests/helpers/database.ts";

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

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "cinedex-bench-"));
const url = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const schema = `cinedex_bench_${Date.now()}`;
if (values.postgres) await withPgClient(url, (c) => c.query(`create schema ${schema}`));
const handle = values.postgres
  ? openDatabase({ dialect: "postgres", url, schema })
  : openDatabase({ dialect: "sqlite", file: path.join(dir, "bench.db") });
await migrateToLatest(handle.db);

t = performance.now();
const result = await seedSynthetic(handle.db, count);
const seedMs = performance.now() - t;
await handle.close();
const fileMb = values.postgres ? null : fs.statSync(path.join(dir, "bench.db")).size / 1024 / 1024;
fs.rmSync(dir, { recursive: true, force: true });
if (values.postgres) await withPgClient(url, (c) => c.query(`drop schema ${schema} cascade`));

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
