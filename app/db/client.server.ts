import fs from "node:fs";
import path from "node:path";
import SQLite from "better-sqlite3";
import { Kysely, PostgresDialect, SqliteDialect, type SqliteDatabase } from "kysely";
import pg from "pg";
import type { Database } from "./schema.ts";

export type Db = Kysely<Database>;
export type DialectName = "sqlite" | "postgres";

export type DatabaseTarget = { dialect: "sqlite"; file: string } | { dialect: "postgres"; url: string; schema?: string };

export interface DatabaseHandle {
  db: Db;
  dialect: DialectName;
  /** Where the data lives, safe to log (no password). */
  location: string;
  close(): Promise<void>;
}

export const SQLITE_BUSY_TIMEOUT_MS = 5_000;
export const POSTGRES_POOL_SIZE = 10;

/**
 * `DATABASE_URL` unset means the default SQLite file; `postgres://` or
 * `postgresql://` means PostgreSQL; `file:` URLs and plain paths mean SQLite.
 * Returns an error message instead of a target when the value is unusable.
 */
export function parseDatabaseUrl(value: string | undefined, defaultFile: string): DatabaseTarget | string {
  const raw = value?.trim();
  if (!raw) return { dialect: "sqlite", file: defaultFile };
  if (/^postgres(ql)?:\/\//i.test(raw)) {
    try {
      new URL(raw);
    } catch {
      return "is not a valid postgres:// URL";
    }
    return { dialect: "postgres", url: raw };
  }
  if (/^file:/i.test(raw)) {
    const file = raw.startsWith("file://") ? new URL(raw).pathname : raw.slice("file:".length);
    return file ? { dialect: "sqlite", file } : "names no SQLite file";
  }
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(raw)) {
    return "must be a postgres:// URL or a path to a SQLite file";
  }
  return { dialect: "sqlite", file: raw };
}

export function openDatabase(target: DatabaseTarget): DatabaseHandle {
  return target.dialect === "sqlite" ? openSqlite(target.file) : openPostgres(target.url, target.schema);
}

function openSqlite(file: string): DatabaseHandle {
  const inMemory = file === ":memory:";
  if (!inMemory) fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const sqlite = new SQLite(file, { timeout: SQLITE_BUSY_TIMEOUT_MS });
  if (!inMemory) sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("foreign_keys = ON");
  sqlite.pragma("synchronous = FULL");
  sqlite.pragma(`busy_timeout = ${SQLITE_BUSY_TIMEOUT_MS}`);
  // SQLite's lower() folds A-Z only; PostgreSQL's folds every letter. One meaning on both.
  sqlite.function(
    "lower",
    { deterministic: true },
    (value: unknown) => (typeof value === "string" ? value.toLowerCase() : value) as string,
  );
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: adaptSqlite(sqlite) }) });
  return {
    db,
    dialect: "sqlite",
    location: inMemory ? "SQLite in memory" : `SQLite ${path.resolve(file)}`,
    close: () => db.destroy(),
  };
}

/**
 * Adapts better-sqlite3 to the app's conventions: booleans are bound as 1/0 (it
 * refuses JS booleans), and transactions begin IMMEDIATE, taking the write lock up
 * front. A deferred transaction that reads first and writes later cannot wait for
 * another process's write (SQLite fails it at once with "database is locked");
 * an immediate one waits for the busy timeout like any other write.
 */
function adaptSqlite(sqlite: SQLite.Database): SqliteDatabase {
  const bind = (params: ReadonlyArray<unknown>) =>
    params.some((p) => typeof p === "boolean") ? params.map((p) => (typeof p === "boolean" ? Number(p) : p)) : params;
  return {
    close: () => sqlite.close(),
    prepare(sql) {
      const stmt = sqlite.prepare(sql === "begin" ? "begin immediate" : sql);
      return {
        reader: stmt.reader,
        all: (params) => stmt.all(bind(params)),
        run: (params) => stmt.run(bind(params)),
        iterate: (params) => stmt.iterate(bind(params)),
      };
    },
  };
}

const PG_INT8 = 20;
const PG_DATE = 1082;
const PG_TIMESTAMP = 1114;
const PG_TIMESTAMPTZ = 1184;

function openPostgres(url: string, schema?: string): DatabaseHandle {
  const parseTimestamp = pg.types.getTypeParser(PG_TIMESTAMPTZ);
  const pool = new pg.Pool({
    connectionString: url,
    max: POSTGRES_POOL_SIZE,
    // random_page_cost 1.1 (the planner's default assumes spinning disks) lets it
    // choose the search indexes over scanning whole tables. A schema of its own lets
    // tests run side by side in one database; public stays on the path for pg_trgm.
    options: `-c random_page_cost=1.1${schema ? ` -c search_path=${schema},public` : ""}`,
    types: {
      getTypeParser: ((oid: number, format?: "text" | "binary") => {
        if (oid === PG_INT8) return (v: string) => Number(v);
        if (oid === PG_DATE) return (v: string) => v;
        if (oid === PG_TIMESTAMP || oid === PG_TIMESTAMPTZ) {
          return (v: string) => (parseTimestamp(v) as Date).toISOString();
        }
        return pg.types.getTypeParser(oid, format);
      }) as typeof pg.types.getTypeParser,
    },
  });
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  const parsed = new URL(url);
  return {
    db,
    dialect: "postgres",
    location: `PostgreSQL ${parsed.hostname}:${parsed.port || 5432}${parsed.pathname}${schema ? ` (schema ${schema})` : ""}`,
    close: () => db.destroy(),
  };
}
