import type { CompiledQuery, DatabaseConnection, Dialect, Driver, QueryCompiler, QueryResult, TransactionSettings } from "kysely";
import { DatabaseUnavailableError } from "#app/utils/errors.ts";

/**
 * Tells "the database is away" from a bug. Connection failures, connections the
 * server dropped (restart, failover, pg_terminate_backend, a pooler), timeouts
 * and SQLite's lock still held after the busy timeout are all the same to a
 * visitor: try again shortly (503). Everything else (constraint violations, bad
 * SQL) stays what it is.
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
  "ENOTFOUND",
  "EAI_AGAIN",
  // PostgreSQL: admin_shutdown, crash_shutdown, cannot_connect_now, too_many_connections, query_canceled (statement_timeout)
  "57P01",
  "57P02",
  "57P03",
  "53300",
  "57014",
  // object_not_in_prerequisite_state (ALLOW_CONNECTIONS false: a maintenance window), invalid_catalog_name (database renamed away)
  "55000",
  "3D000",
]);

const UNAVAILABLE_MESSAGES = [
  /^Connection terminated/,
  /^timeout exceeded when trying to connect/,
  /^Query read timeout/,
  /is not queryable/,
  /^Client was closed and is not queryable/,
  /^Cannot use a pool after calling end on the pool/,
];

export function isUnavailable(error: unknown): boolean {
  if (error instanceof DatabaseUnavailableError) return true;
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === "string") {
    // PostgreSQL class 08: connection exception; SQLite: busy or locked past the busy timeout.
    if (UNAVAILABLE_CODES.has(code) || /^08/.test(code) || /^SQLITE_(BUSY|LOCKED)/.test(code)) return true;
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
