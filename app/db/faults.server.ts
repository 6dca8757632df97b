import type { CompiledQuery, DatabaseConnection, Dialect, Driver, QueryCompiler, QueryResult, TransactionSettings } from "kysely";
import { DatabaseUnavailableError } from "#app/utils/errors.ts";

/**
 * Tells "the database is away" from a bug. Connection failures and refusals, connections
 * the server dropped (restart, failover, pg_terminate_backend, a pooler, a maintenance
 * window), timeouts, a server out of resources and SQLite storage that cannot be written
 * are all the same to a visitor: try again shortly (503). Everything else (constraint
 * violations, bad SQL) stays what it is. ADR 022 has the table of what counts.
 */
const UNAVAILABLE_CODES = new Set([
  // Node sockets
  "ECONNREFUSED",
  "ECONNRESET",
  "ECONNABORTED",
  "EPIPE",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ENETDOWN",
  "ENOTFOUND",
  "EAI_AGAIN",
  // PostgreSQL class 57: admin_shutdown, crash_shutdown, cannot_connect_now, database_dropped,
  // idle_session_timeout; query_canceled (statement_timeout).
  "57P01",
  "57P02",
  "57P03",
  "57P04",
  "57P05",
  "57014",
  // PostgreSQL class 53, the server out of resources: insufficient_resources, disk_full,
  // out_of_memory, too_many_connections. Not 53400 (configuration_limit_exceeded: a query
  // that needs more locks or temp space than configured fails the same way on retry).
  "53000",
  "53100",
  "53200",
  "53300",
  // PostgreSQL 3D000: the database does not exist (renamed or dropped; only a connection names it).
  "3D000",
]);

/**
 * PostgreSQL ends the session with FATAL (PANIC when the server itself stops) for every
 * refusal at connect (55000 ALLOW_CONNECTIONS false, 3D000, 28xxx, 53300) and every
 * termination; a query's own error is ERROR. So a FATAL is the database being away
 * whatever its code, while the same code as ERROR may be a bug (55000 is also "lastval
 * is not yet defined in this session").
 */
const SESSION_ENDING = new Set(["FATAL", "PANIC"]);

/** better-sqlite3's codes (extended ones start with the primary): the file locked, unreadable, unwritable or gone. */
const SQLITE_UNAVAILABLE = /^SQLITE_(BUSY|LOCKED|IOERR|FULL|CANTOPEN|PROTOCOL|READONLY_DBMOVED)(_|$)/;

const UNAVAILABLE_MESSAGES = [
  /^Connection terminated/,
  /^timeout exceeded when trying to connect/,
  // pg.Client's own connect timeout (the pool passes connectionTimeoutMillis on).
  /^timeout expired$/,
  /^Query read timeout/,
  /is not queryable/,
  /^Client was closed and is not queryable/,
  /^Cannot use a pool after calling end on the pool/,
  // PostgreSQL's 55000 at connect, should it come without its severity (a pooler relaying it).
  /is not currently accepting connections/,
  // better-sqlite3 after close() (a request still running as the process stops).
  /^The database connection is not open$/,
];

export function isUnavailable(error: unknown): boolean {
  if (error instanceof DatabaseUnavailableError) return true;
  if (!(error instanceof Error)) return false;
  const { code, severity } = error as { code?: unknown; severity?: unknown };
  if (typeof code === "string") {
    // PostgreSQL class 08: connection exception.
    if (UNAVAILABLE_CODES.has(code) || /^08/.test(code) || SQLITE_UNAVAILABLE.test(code)) return true;
    if (/^[0-9A-Z]{5}$/.test(code) && typeof severity === "string" && SESSION_ENDING.has(severity)) return true;
  }
  if (UNAVAILABLE_MESSAGES.some((pattern) => pattern.test(error.message))) return true;
  return error instanceof AggregateError && error.errors.some(isUnavailable);
}

export type FaultListener = (error: unknown) => void;

/** Rethrows database outages as DatabaseUnavailableError (reported to `onFault` first). */
async function mapped<T>(work: () => Promise<T>, onFault: FaultListener): Promise<T> {
  try {
    // Awaited inside the try: Kysely's SQLite connection throws synchronously.
    return await work();
  } catch (error) {
    if (error instanceof DatabaseUnavailableError || !isUnavailable(error)) throw error;
    onFault(error);
    throw new DatabaseUnavailableError(error);
  }
}

class FaultMappingConnection implements DatabaseConnection {
  constructor(
    readonly inner: DatabaseConnection,
    private readonly onFault: FaultListener,
  ) {}

  executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    return mapped(() => this.inner.executeQuery<R>(query), this.onFault);
  }

  streamQuery<R>(query: CompiledQuery, chunkSize?: number): AsyncIterableIterator<QueryResult<R>> {
    return this.inner.streamQuery<R>(query, chunkSize);
  }
}

class FaultMappingDriver implements Driver {
  constructor(
    private readonly inner: Driver,
    private readonly onFault: FaultListener,
  ) {}

  init() {
    return mapped(() => this.inner.init(), this.onFault);
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    const connection = await mapped(() => this.inner.acquireConnection(), this.onFault);
    return new FaultMappingConnection(connection, this.onFault);
  }

  beginTransaction(connection: DatabaseConnection, settings: TransactionSettings) {
    return mapped(() => this.inner.beginTransaction(unwrap(connection), settings), this.onFault);
  }

  commitTransaction(connection: DatabaseConnection) {
    return mapped(() => this.inner.commitTransaction(unwrap(connection)), this.onFault);
  }

  rollbackTransaction(connection: DatabaseConnection) {
    return mapped(() => this.inner.rollbackTransaction(unwrap(connection)), this.onFault);
  }

  async savepoint(connection: DatabaseConnection, name: string, compile: QueryCompiler["compileQuery"]) {
    if (!this.inner.savepoint) throw new Error("savepoints are not supported by this dialect");
    return mapped(() => this.inner.savepoint!(unwrap(connection), name, compile), this.onFault);
  }

  async rollbackToSavepoint(connection: DatabaseConnection, name: string, compile: QueryCompiler["compileQuery"]) {
    if (!this.inner.rollbackToSavepoint) throw new Error("savepoints are not supported by this dialect");
    return mapped(() => this.inner.rollbackToSavepoint!(unwrap(connection), name, compile), this.onFault);
  }

  async releaseSavepoint(connection: DatabaseConnection, name: string, compile: QueryCompiler["compileQuery"]) {
    if (!this.inner.releaseSavepoint) throw new Error("savepoints are not supported by this dialect");
    return mapped(() => this.inner.releaseSavepoint!(unwrap(connection), name, compile), this.onFault);
  }

  releaseConnection(connection: DatabaseConnection) {
    return this.inner.releaseConnection(unwrap(connection));
  }

  destroy() {
    return this.inner.destroy();
  }
}

function unwrap(connection: DatabaseConnection): DatabaseConnection {
  return connection instanceof FaultMappingConnection ? connection.inner : connection;
}

/** The dialect with every database outage surfacing as DatabaseUnavailableError (HTTP 503). */
export function withFaultMapping(dialect: Dialect, onFault: FaultListener): Dialect {
  return {
    createAdapter: () => dialect.createAdapter(),
    createDriver: () => new FaultMappingDriver(dialect.createDriver(), onFault),
    createIntrospector: (db) => dialect.createIntrospector(db),
    createQueryCompiler: () => dialect.createQueryCompiler(),
  };
}
