import fs from "node:fs";
import path from "node:path";
import SQLite from "better-sqlite3";
import { Kysely, PostgresDialect, SqliteDialect, type SqliteDatabase } from "kysely";
import pg from "pg";
import { withFaultMapping, type FaultListener } from "./faults.server.ts";
import type { Database } from "./schema.ts";

export type Db = Kysely<Database>;
export type DialectName = "sqlite" | "postgres";

export type DatabaseTarget = { dialect: "sqlite"; file: string } | { dialect: "postgres"; url: string; schema?: string };

export interface DatabaseHandle {
  db: Db;
  dialect: DialectName;
  /** Where the data lives, safe to log (no password). */
  location: string;
  /** PostgreSQL: the pool's connections (total, idle) and requests waiting for one, for metrics. */
  poolStats?: () => { total: number; idle: number; waiting: number };
  /** PostgreSQL only: the pool under `db`, for libraries that speak to pg themselves (shared rate limits). */
  pgPool?: pg.Pool;
  close(): Promise<void>;
}

export const SQLITE_BUSY_TIMEOUT_MS = 5_000;
/** Prepared statements kept per SQLite connection (see adaptSqlite). */
const SQLITE_STATEMENT_CACHE = 500;
export const POSTGRES_POOL_SIZE = 10;
/**
 * PostgreSQL waits are bounded so a database that is away answers 503 quickly
 * instead of holding requests: connecting, a statement on the server, the reply
 * on the client (for a server that no longer answers at all), idle connections.
 */
export const POSTGRES_TIMEOUTS = {
  connectMs: 5_000,
  statementMs: 15_000,
  queryMs: 20_000,
  idleMs: 30_000,
};

export interface OpenOptions {
  /**
   * Told of every database fault: an idle connection the server dropped (which would
   * otherwise crash the process) and each query that failed because the database
   * is away (the caller then gets a DatabaseUnavailableError).
   */
  onFault?: FaultListener;
}

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

export function openDatabase(target: DatabaseTarget, { onFault = () => {} }: OpenOptions = {}): DatabaseHandle {
  return target.dialect === "sqlite" ? openSqlite(target.file, onFault) : openPostgres(target.url, onFault, target.schema);
}

function openSqlite(file: string, onFault: FaultListener): DatabaseHandle {
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
  const db = new Kysely<Database>({ dialect: withFaultMapping(new SqliteDialect({ database: adaptSqlite(sqlite) }), onFault) });
  sqliteConnections.set(db, sqlite);
  return {
    db,
    dialect: "sqlite",
    location: inMemory ? "SQLite in memory" : `SQLite ${path.resolve(file)}`,
    close: () => db.destroy(),
  };
}

const sqliteConnections = new WeakMap<Db, SQLite.Database>();
const quickStatements = new WeakMap<SQLite.Database, Map<string, SQLite.Statement>>();

/**
 * The rows of a small read on SQLite, run at once on the connection under `db`,
 * past Kysely's promise chain and connection queue: on the page cache's hit path
 * that machinery cost more than the rest of the hit (ADR 014). Null when the read
 * must go through Kysely instead: PostgreSQL, a transaction (a Kysely one holds
 * the connection across awaits, and its uncommitted writes would be read here),
 * or a failure (Kysely's path maps faults).
 */
export function quickSqliteRead<T>(db: Db, sql: string, params: readonly unknown[] = []): T[] | null {
  const sqlite = sqliteConnections.get(db);
  if (!sqlite?.open || sqlite.inTransaction) return null;
  let statements = quickStatements.get(sqlite);
  if (!statements) quickStatements.set(sqlite, (statements = new Map()));
  try {
    let statement = statements.get(sql);
    if (!statement) statements.set(sql, (statement = sqlite.prepare(sql)));
    if (statement.busy) return null;
    return statement.all(...params) as T[];
  } catch {
    return null;
  }
}

/**
 * Adapts better-sqlite3 to the app's conventions: booleans are bound as 1/0 (it
 * refuses JS booleans), and transactions begin IMMEDIATE, taking the write lock up
 * front. A deferred transaction that reads first and writes later cannot wait for
 * another process's write (SQLite fails it at once with "database is locked");
 * an immediate one waits for the busy timeout like any other write.
 *
 * Prepared statements are kept (least recently used out past SQLITE_STATEMENT_CACHE):
 * Kysely prepares every query anew, and compiling the SQL cost more than running it
 * on the read paths a page uses. A statement still iterating is busy, so a second
 * reader of the same SQL gets a statement of its own.
 */
function adaptSqlite(sqlite: SQLite.Database): SqliteDatabase {
  const bind = (params: ReadonlyArray<unknown>) =>
    params.some((p) => typeof p === "boolean") ? params.map((p) => (typeof p === "boolean" ? Number(p) : p)) : params;
  const statements = new Map<string, SQLite.Statement>();
  const statementFor = (sql: string) => {
    let stmt = statements.get(sql);
    if (stmt?.busy) return sqlite.prepare(sql);
    if (stmt) statements.delete(sql);
    else {
      stmt = sqlite.prepare(sql);
      if (statements.size >= SQLITE_STATEMENT_CACHE) statements.delete(statements.keys().next().value!);
    }
    statements.set(sql, stmt);
    return stmt;
  };
  return {
    close: () => sqlite.close(),
    prepare(sql) {
      const stmt = statementFor(sql === "begin" ? "begin immediate" : sql);
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

function openPostgres(url: string, onFault: FaultListener, schema?: string): DatabaseHandle {
  const parseTimestamp = pg.types.getTypeParser(PG_TIMESTAMPTZ);
  const pool = new pg.Pool({
    connectionString: url,
    max: POSTGRES_POOL_SIZE,
    connectionTimeoutMillis: POSTGRES_TIMEOUTS.connectMs,
    idleTimeoutMillis: POSTGRES_TIMEOUTS.idleMs,
    statement_timeout: POSTGRES_TIMEOUTS.statementMs,
    query_timeout: POSTGRES_TIMEOUTS.queryMs,
    keepAlive: true,
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
  // A client whose connection the server ends emits 'error'; unheard, it would crash the
  // process. An idle one is reported on the pool, which has already dropped it and opens
  // a new connection on the next checkout.
  pool.on("error", onFault);
  // A checked-out client (e.g. inside a transaction, between two queries) emits 'error'
  // itself; the query it was running fails and the pool discards it on release.
  pool.on("connect", (client) => client.on("error", onFault));
  const db = new Kysely<Database>({ dialect: withFaultMapping(new PostgresDialect({ pool }), onFault) });
  const parsed = new URL(url);
  return {
    db,
    dialect: "postgres",
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    location: `PostgreSQL ${parsed.hostname}:${parsed.port || 5432}${parsed.pathname}${schema ? ` (schema ${schema})` : ""}`,
    pgPool: pool,
    close: () => db.destroy(),
  };
}
