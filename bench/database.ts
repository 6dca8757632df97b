// A throwaway migrated database for a benchmark: a temporary SQLite file, or a fresh schema on PostgreSQL.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { openDatabase, type DatabaseHandle } from "#app/db/client.server.ts";
import { migrateToLatest } from "#db/migrate.ts";
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
