import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "kysely";
import pg from "pg";
import { afterAll, beforeAll, beforeEach, describe } from "vitest";
import { openDatabase, type DatabaseHandle, type Db, type DialectName } from "#app/db/client.server.ts";
import { migrateToLatest } from "#db/migrate.ts";

export const TEST_SCHEMA_PREFIX = "cinedex_test_";
/** Longer than any test run: a test schema this old was left by an interrupted one. */
const LEFT_BEHIND_MS = 3 * 60 * 60 * 1000;

/**
 * A PostgreSQL schema name for one test's database: the prefix, the time it was made
 * (so a run clearing what interrupted runs left never drops those of a run beside
 * it), an optional label, and a random part.
 */
export function testSchemaName(label = ""): string {
  return `${TEST_SCHEMA_PREFIX}${Date.now().toString(36)}_${label ? `${label}_` : ""}${crypto.randomBytes(4).toString("hex")}`;
}

/** True for a test schema made more than LEFT_BEHIND_MS ago, or named before names carried their time. */
export function isLeftBehind(schema: string, now = Date.now()): boolean {
  const made = Number.parseInt(schema.slice(TEST_SCHEMA_PREFIX.length).split("_")[0] ?? "", 36);
  return !Number.isFinite(made) || made > now || now - made > LEFT_BEHIND_MS;
}

/** SQLite always; PostgreSQL too when TEST_DATABASE_URL names one (CI sets it). */
export const testDialects: DialectName[] = process.env.TEST_DATABASE_URL ? ["sqlite", "postgres"] : ["sqlite"];

export interface TestDatabase extends DatabaseHandle {
  /** Closes the connection and removes the database. */
  destroy(): Promise<void>;
}

/**
 * A new, migrated, empty database: a temporary SQLite file, or a schema of its own
 * in the PostgreSQL database, so test files can run side by side.
 */
export async function createTestDatabase(dialect: DialectName): Promise<TestDatabase> {
  let handle: DatabaseHandle;
  let cleanup: () => Promise<void>;
  if (dialect === "sqlite") {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "cinedex-test-"));
    handle = openDatabase({ dialect: "sqlite", file: path.join(dir, "test.db") });
    cleanup = async () => fs.rmSync(dir, { recursive: true, force: true });
  } else {
    const url = process.env.TEST_DATABASE_URL!;
    const schema = testSchemaName();
    await withPgClient(url, (client) => client.query(`create schema ${schema}`));
    handle = openDatabase({ dialect: "postgres", url, schema });
    cleanup = async () => {
      await withPgClient(url, (client) => client.query(`drop schema if exists ${schema} cascade`));
    };
    try {
      await migrateToLatest(handle.db);
    } catch (error) {
      // Seen a few times per run on PostgreSQL with two workers: the migration of a new schema
      // fails with "schema … does not exist" naming the schema of the worker's previous test
      // file, already dropped, as if a connection still had that file's search_path. The cause
      // (in pg, Kysely or our handle) is not found; a second try migrates the right schema.
      // Said out loud in the log; any other failure stands.
      if (!(error instanceof Error && /schema "[^"]+" does not exist/.test(error.message))) throw error;
      console.warn(`${schema}: migration failed on another schema (${error.message}); trying again`);
      await withPgClient(url, (client) => client.query(`create schema if not exists ${schema}`));
      await migrateToLatest(handle.db);
    }
    return withDestroy(handle, cleanup);
  }
  await migrateToLatest(handle.db);
  return withDestroy(handle, cleanup);
}

function withDestroy(handle: DatabaseHandle, cleanup: () => Promise<void>): TestDatabase {
  return {
    ...handle,
    async destroy() {
      await handle.close();
      await cleanup();
    },
  };
}

export async function withPgClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** Kysely's own bookkeeping: never emptied. */
const MIGRATION_TABLES = new Set(["kysely_migration", "kysely_migration_lock"]);

/** The tables the schema has now (read from the database, so a new migration's tables are included). */
async function userTables(db: Db, dialect: DialectName): Promise<string[]> {
  const { rows } =
    dialect === "sqlite"
      ? // Full-text tables are emptied through themselves (their shadow tables follow); fts5vocab views are read-only.
        await sql<{ name: string }>`select l.name from pragma_table_list l join sqlite_master m on m.name = l.name
          where l.schema = 'main' and l.name not like 'sqlite_%'
            and (l.type = 'table' or (l.type = 'virtual' and lower(m.sql) like '%using fts5(%'))`.execute(db)
      : await sql<{ name: string }>`select table_name as name from information_schema.tables
          where table_schema = current_schema() and table_type = 'BASE TABLE'`.execute(db);
  return rows.map((r) => r.name).filter((name) => !MIGRATION_TABLES.has(name));
}

/** What the migrations themselves put in the tables (e.g. the spec's genres), to put back after each reset. */
export type Snapshot = { table: string; rows: Record<string, unknown>[] }[];

export async function takeSnapshot(db: Db, dialect: DialectName): Promise<Snapshot> {
  const snapshot: Snapshot = [];
  for (const table of await userTables(db, dialect)) {
    const { rows } = await sql<Record<string, unknown>>`select * from ${sql.table(table)}`.execute(db);
    if (rows.length) snapshot.push({ table, rows });
  }
  return snapshot;
}

/**
 * Puts the database back to how the migrations left it: every table emptied, then
 * the migrations' own rows restored. Derived from the schema, so nothing leaks
 * between tests when a table is added. Sequences keep counting (ids stay unique).
 */
export async function resetDatabase(db: Db, dialect: DialectName, snapshot: Snapshot): Promise<void> {
  const tables = await userTables(db, dialect);
  if (dialect === "postgres") {
    await sql`truncate ${sql.join(tables.map((t) => sql.table(t)))} cascade`.execute(db);
  } else {
    await sql`pragma foreign_keys = off`.execute(db);
    try {
      for (const table of tables) await sql`delete from ${sql.table(table)}`.execute(db);
    } finally {
      await sql`pragma foreign_keys = on`.execute(db);
    }
  }
  for (const { table, rows } of snapshot)
    await db
      .insertInto(table as never)
      .values(rows as never)
      .execute();
  // A content version no earlier test reached, so nothing kept per version (perContentVersion) outlives the reset.
  resets += 1;
  await db
    .updateTable("content_version")
    .set({ version: resets * 100_000 })
    .where("id", "=", 1)
    .execute();
}

let resets = 0;

/**
 * Runs a suite once per test dialect against a fresh database that is emptied
 * before each test. The suite reads the handle through `ctx.db` inside its tests.
 */
export function describeEachDatabase(
  name: string,
  suite: (ctx: { readonly db: Db; readonly dialect: DialectName; readonly handle: TestDatabase }) => void,
): void {
  for (const dialect of testDialects) {
    describe(`${name} [${dialect}]`, () => {
      let handle: TestDatabase | undefined;
      let snapshot: Snapshot = [];
      beforeAll(async () => {
        handle = await createTestDatabase(dialect);
        snapshot = await takeSnapshot(handle.db, dialect);
      });
      afterAll(async () => {
        await handle?.destroy();
      });
      beforeEach(async () => {
        await resetDatabase(handle!.db, dialect, snapshot);
      });
      suite({
        get db() {
          return handle!.db;
        },
        get handle() {
          return handle!;
        },
        dialect,
      });
    });
  }
}
