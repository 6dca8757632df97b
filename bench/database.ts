// A throwaway migrated database for a benchmark: a temporary SQLite file, or a fresh schema on PostgreSQL.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { openDatabase, type DatabaseHandle } from "#app/db/client.server.ts";
import { vacuumAfterBulkWrite } from "#app/modules/search/index.server.ts";
import { migrateToLatest } from "#db/migrate.ts";
import { countTitles, seedSynthetic } from "#db/seed/seed.ts";
import { withPgClient } from "#tests/helpers/database.ts";

export interface BenchDatabase {
  handle: DatabaseHandle;
  /** The SQLite file (null on PostgreSQL). */
  file: string | null;
  /** Closes the handle and removes the file or the schema. */
  dispose(): Promise<void>;
}

export async function openBenchDatabase(postgres: boolean): Promise<BenchDatabase> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "cinedex-bench-"));
  const url = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
  const schema = `cinedex_bench_${Date.now()}`;
  if (postgres) await withPgClient(url, (c) => c.query(`create schema ${schema}`));
  const file = postgres ? null : path.join(dir, "bench.db");
  const handle = file ? openDatabase({ dialect: "sqlite", file }) : openDatabase({ dialect: "postgres", url, schema });
  await migrateToLatest(handle.db);
  return {
    handle,
    file,
    async dispose() {
      await handle.close().catch(() => {});
      fs.rmSync(dir, { recursive: true, force: true });
      if (postgres) await withPgClient(url, (c) => c.query(`drop schema if exists ${schema} cascade`));
    },
  };
}

const pgUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const CACHE = path.resolve(process.env.BENCH_CACHE ?? "bench/.cache");

/**
 * A synthetic catalogue of `size` titles, generated once and kept (SQLite files in
 * bench/.cache/ or $BENCH_CACHE, PostgreSQL schemas cinedex_bench_<size> in
 * BENCH_DATABASE_URL, else TEST_DATABASE_URL, else the local test database) and
 * migrated to the latest schema.
 */
export async function openBenchCatalogue(dialect: "sqlite" | "postgres", size: number): Promise<DatabaseHandle> {
  const name = `cinedex_bench_${size}`;
  let handle: DatabaseHandle;
  if (dialect === "sqlite") {
    fs.mkdirSync(CACHE, { recursive: true });
    handle = openDatabase({ dialect: "sqlite", file: path.join(CACHE, `${name}.db`) });
  } else {
    await withPgClient(pgUrl, (c) => c.query(`create schema if not exists ${name}`));
    handle = openDatabase({ dialect: "postgres", url: pgUrl, schema: name });
  }
  const migrated = await migrateToLatest(handle.db);
  const have = await countTitles(handle.db);
  // A migration that rewrote the search tables of a cached catalogue leaves them as a bulk write does.
  if (migrated.length > 0 && have > 0) await vacuumAfterBulkWrite(handle.db);
  if (have < size) {
    const started = performance.now();
    process.stdout.write(`seeding ${(size - have).toLocaleString("en-US")} titles into ${handle.location}…`);
    // Ends with vacuumAfterBulkWrite, like every bulk write: nothing else is run before measuring.
    await seedSynthetic(handle.db, size - have, { seed: 1 + have, batchSize: 1_000 });
    console.log(` ${((performance.now() - started) / 1000).toFixed(0)} s`);
  }
  return handle;
}
