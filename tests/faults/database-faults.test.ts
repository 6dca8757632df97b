import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import express from "express";
import { sql } from "kysely";
import pg from "pg";
import pino from "pino";
import { UNSAFE_ErrorResponseImpl as ErrorResponseImpl } from "react-router";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { z } from "#app/utils/zod.ts";
import { openDatabase, SQLITE_BUSY_TIMEOUT_MS, type DatabaseHandle } from "#app/db/client.server.ts";
import { isUnavailable } from "#app/db/faults.server.ts";
import {
  AppError,
  DATABASE_UNAVAILABLE,
  DatabaseUnavailableError,
  errorStatus,
  logLevelFor,
  RETRY_AFTER_SECONDS,
} from "#app/utils/errors.ts";
import { handleSubmission } from "#app/http/form.server.ts";
import { withPgClient } from "#tests/helpers/database.ts";
import { migrateToLatest } from "#db/migrate.ts";
import { rawRequest, startInProcessApp, type InProcessApp } from "./fuzz-app.ts";
import { databaseFaultLogger } from "#server/db-faults.ts";
import { ALLOWED_METHODS, knownMethods } from "#server/methods.ts";

const handles: DatabaseHandle[] = [];
afterEach(async () => {
  await Promise.all(handles.splice(0).map((h) => h.close().catch(() => {})));
});

function codeError(code: string, message = "x"): Error {
  return Object.assign(new Error(message), { code });
}

describe("what counts as the database being away", () => {
  it("connection failures, dropped connections, timeouts and a lock past the busy timeout; not bugs or bad data", () => {
    for (const error of [
      codeError("ECONNREFUSED"),
      codeError("ECONNRESET"),
      codeError("57P01", "terminating connection due to administrator command"),
      codeError("08006"),
      codeError("57014", "canceling statement due to statement timeout"),
      codeError("SQLITE_BUSY", "database is locked"),
      codeError("SQLITE_LOCKED_SHAREDCACHE"),
      new Error("Connection terminated unexpectedly"),
      new Error("timeout exceeded when trying to connect"),
      new Error("Query read timeout"),
      new AggregateError([codeError("ECONNREFUSED")]),
    ]) {
      expect(isUnavailable(error), String(error)).toBe(true);
    }
    for (const error of [
      codeError("23505", "duplicate key value violates unique constraint"),
      codeError("SQLITE_CONSTRAINT_UNIQUE"),
      codeError("42P01", 'relation "x" does not exist'),
      new TypeError("x is undefined"),
      "a string",
    ]) {
      expect(isUnavailable(error), String(error)).toBe(false);
    }
  });

  it("is a 503 the router shows as such, and the server's fault in the log", () => {
    const error = new DatabaseUnavailableError(codeError("ECONNREFUSED"));
    expect(errorStatus(error)).toBe(503);
    expect(error.status).toBe(503);
    expect(error.data).toBe(DATABASE_UNAVAILABLE);
    expect(logLevelFor(error)).toBe("error");
    expect(String(error)).toBe("DatabaseUnavailableError: x");
    // A POST to a page without an action: the router's own 405 is the client's mistake.
    expect(logLevelFor(new ErrorResponseImpl(405, "Method Not Allowed", null))).toBe("warn");
    expect(logLevelFor(new AppError(400, "bad"))).toBe("warn");
    expect(logLevelFor(new TypeError("bug"))).toBe("error");
  });

  it("a form whose write meets it comes back 503 with the message and everything typed", async () => {
    const request = new Request("http://localhost/contact-us", {
      method: "POST",
      body: new URLSearchParams({ name: "Ada", message: "Hello there" }),
    });
    const result = await handleSubmission(request, z.object({ name: z.string(), message: z.string() }), () => {
      throw new DatabaseUnavailableError(codeError("ECONNRESET"));
    });
    expect(result).toMatchObject({
      init: { status: 503 },
      data: { ok: false, error: DATABASE_UNAVAILABLE, values: { name: "Ada", message: "Hello there" } },
    });
  });
});

describe("SQLite", () => {
  it("a write lock held past the busy timeout is a DatabaseUnavailableError (503); the write works once it is released", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "cinedex-fault-"));
    const file = path.join(dir, "test.db");
    const onFault = vi.fn();
    const handle = openDatabase({ dialect: "sqlite", file }, { onFault });
    handles.push(handle);
    await sql`create table notes (body text)`.execute(handle.db);
    const holder = new Database(file);
    try {
      holder.exec("begin immediate");
      const started = Date.now();
      const error = await handle.db
        .transaction()
        .execute((trx) => sql`insert into notes values ('held')`.execute(trx))
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(DatabaseUnavailableError);
      expect(Date.now() - started).toBeGreaterThanOrEqual(SQLITE_BUSY_TIMEOUT_MS - 100);
      expect(onFault).toHaveBeenCalledWith(expect.objectContaining({ code: "SQLITE_BUSY" }));
      holder.exec("rollback");
      await handle.db.transaction().execute((trx) => sql`insert into notes values ('after')`.execute(trx));
      const { rows } = await sql<{ body: string }>`select body from notes`.execute(handle.db);
      expect(rows).toEqual([{ body: "after" }]);
    } finally {
      if (holder.inTransaction) holder.exec("rollback");
      holder.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

const PG_URL = process.env.TEST_DATABASE_URL;

describe.skipIf(!PG_URL)("PostgreSQL", () => {
  it("terminated connections, idle or inside a transaction, do not crash the process; the pool replaces them", async () => {
    const application = `cinedex_fault_unit_${process.pid}`;
    const url = new URL(PG_URL!);
    url.searchParams.set("application_name", application);
    const onFault = vi.fn();
    const handle = openDatabase({ dialect: "postgres", url: url.toString() }, { onFault });
    handles.push(handle);
    await sql`select 1`.execute(handle.db);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let inTransaction!: () => void;
    const started = new Promise<void>((resolve) => (inTransaction = resolve));
    // One connection idle in the pool, one checked out between two queries of a transaction.
    const transaction = handle.db
      .transaction()
      .execute(async (trx) => {
        await sql`select 1`.execute(trx);
        inTransaction();
        await held;
        await sql`select 2`.execute(trx);
      })
      .catch((e: unknown) => e);
    await started;
    const terminated = await withPgClient(PG_URL!, async (c) => {
      const { rowCount } = await c.query(
        "select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and application_name = $1",
        [application],
      );
      return rowCount;
    });
    expect(terminated).toBeGreaterThanOrEqual(1);
    await vi.waitFor(() => expect(onFault).toHaveBeenCalled());
    release();
    expect(await transaction).toBeInstanceOf(DatabaseUnavailableError);
    const { rows } = await sql<{ n: number }>`select 41 + 1 as n`.execute(handle.db);
    expect(rows).toEqual([{ n: 42 }]);
  });

  it("a database that refuses connections is a DatabaseUnavailableError, answered at once", async () => {
    const onFault = vi.fn();
    const handle = openDatabase({ dialect: "postgres", url: "postgres://nobody@127.0.0.1:1/none" }, { onFault });
    handles.push(handle);
    const started = Date.now();
    const error = await sql`select 1`.execute(handle.db).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DatabaseUnavailableError);
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(onFault).toHaveBeenCalledWith(expect.objectContaining({ code: "ECONNREFUSED" }));
  });
});

describe("fault logging", () => {
  it("logs the first fault at once, then at most one line per interval with the number left out", () => {
    const lines: { level: string; obj: Record<string, unknown> }[] = [];
    const logger = pino({ level: "info" }, { write: (line: string) => lines.push(JSON.parse(line)) });
    vi.useFakeTimers({ now: 0 });
    try {
      const log = databaseFaultLogger(logger, 1_000);
      for (let i = 0; i < 10; i++) log(codeError("ECONNREFUSED"));
      vi.setSystemTime(1_500);
      log(codeError("ECONNREFUSED"));
    } finally {
      vi.useRealTimers();
    }
    expect(lines).toHaveLength(2);
    expect(lines.map((l) => (l as unknown as { level: number; suppressed?: number }).level)).toEqual([50, 50]);
    expect((lines[1] as unknown as { suppressed: number }).suppressed).toBe(9);
  });
});

describe("unknown methods", () => {
  it("TRACE, PROPFIND and CONNECT are 405 with Allow; known methods pass", async () => {
    const app = express();
    app.use(knownMethods);
    app.all("*splat", (_req, res) => void res.send("ok"));
    const server = http.createServer(app);
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as { port: number };
    const send = (method: string) =>
      new Promise<{ status: number; allow: string | undefined }>((resolve, reject) => {
        const req = http.request({ host: "127.0.0.1", port, method, path: "/search" }, (res) => {
          res.resume();
          resolve({ status: res.statusCode!, allow: res.headers.allow });
        });
        req.on("error", reject);
        req.end();
      });
    try {
      for (const method of ["TRACE", "PROPFIND", "MKCOL"]) {
        expect(await send(method)).toEqual({ status: 405, allow: ALLOWED_METHODS.join(", ") });
      }
      for (const method of ["GET", "POST", "DELETE"]) expect((await send(method)).status).toBe(200);
    } finally {
      server.close();
    }
  });
});

/** How the error reaching the classifier was made: by the database or socket itself, or built with the code the driver uses. */
type Source = "real" | "built";
interface Case {
  code: string;
  what: string;
  source: Source;
  unavailable: boolean;
  postgres?: boolean;
  make: () => Promise<unknown>;
}

/** What pg.Client#connect rejects with. */
async function connectError(config: pg.ClientConfig): Promise<unknown> {
  const client = new pg.Client(config);
  client.on("error", () => {});
  try {
    await client.connect();
  } catch (error) {
    return error;
  }
  await client.end();
  throw new Error("connected");
}

/** The error a connected client emits when the server ends its session (it has already failed any query). */
async function sessionEndError(options: string, prepare: (client: pg.Client) => Promise<unknown> = async () => {}): Promise<unknown> {
  const client = new pg.Client({ connectionString: PG_URL, options });
  let emitted: unknown;
  // The first: the server's FATAL; "Connection terminated unexpectedly" follows when the socket closes.
  client.on("error", (error) => (emitted ??= error));
  await client.connect();
  try {
    await prepare(client).catch(() => {});
    await vi.waitFor(() => expect(emitted).toBeDefined(), { timeout: 10_000 });
    return emitted;
  } finally {
    await client.end().catch(() => {});
  }
}

async function queryError(text: string, options = ""): Promise<unknown> {
  return withPgClient(options ? `${PG_URL}${PG_URL!.includes("?") ? "&" : "?"}options=${encodeURIComponent(options)}` : PG_URL!, (c) =>
    c.query(text).then(
      () => {
        throw new Error("no error");
      },
      (error: unknown) => error,
    ),
  );
}

/** A loopback TCP server that does `onSocket` to each connection (reset it, close it, never answer). */
async function tcpServer(onSocket: (socket: net.Socket) => void): Promise<{ port: number; close(): Promise<void> }> {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on("error", () => {});
    onSocket(socket);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

async function withTcp(onSocket: (socket: net.Socket) => void, work: (port: number) => Promise<unknown>): Promise<unknown> {
  const server = await tcpServer(onSocket);
  try {
    return await work(server.port);
  } finally {
    await server.close();
  }
}

function sqliteError(work: (dir: string) => void): Promise<unknown> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "cinedex-classify-"));
  try {
    work(dir);
  } catch (error) {
    return Promise.resolve(error);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
  return Promise.reject(new Error("no error"));
}

const built =
  (code: string, message: string, extra: Record<string, unknown> = {}) =>
  async () =>
    Object.assign(new Error(message), { code, ...extra });
const builtSqlite = (code: string, message: string) => async () => new Database.SqliteError(message, code);

/** Every kind of refusal the issue names, one by one; a bug's codes stay bugs. ADR 022 carries this table. */
const CASES: Case[] = [
  // PostgreSQL, refused at connect (severity FATAL)
  {
    code: "55000",
    what: "ALTER DATABASE … ALLOW_CONNECTIONS false",
    source: "real",
    unavailable: true,
    postgres: true,
    make: () => connectError({ connectionString: scratch.closedUrl }),
  },
  {
    code: "3D000",
    what: "the database renamed or dropped",
    source: "real",
    unavailable: true,
    postgres: true,
    make: () => connectError({ connectionString: scratch.missingUrl }),
  },
  {
    code: "53300",
    what: "too many connections (a role's CONNECTION LIMIT)",
    source: "real",
    unavailable: true,
    postgres: true,
    make: () => connectError({ connectionString: scratch.limitedUrl }),
  },
  {
    code: "28000",
    what: "the role may not log in (does not exist)",
    source: "real",
    unavailable: true,
    postgres: true,
    make: () => connectError({ connectionString: scratch.noRoleUrl }),
  },
  // PostgreSQL, a session ended by the server
  {
    code: "57P01",
    what: "pg_terminate_backend, a fast shutdown",
    source: "real",
    unavailable: true,
    postgres: true,
    make: () =>
      sessionEndError("", (client) =>
        withPgClient(PG_URL!, async (admin) => {
          const { rows } = await client.query<{ pid: number }>("select pg_backend_pid() as pid");
          await admin.query("select pg_terminate_backend($1)", [rows[0]!.pid]);
        }),
      ),
  },
  {
    code: "57P05",
    what: "idle_session_timeout",
    source: "real",
    unavailable: true,
    postgres: true,
    make: () => sessionEndError("-c idle_session_timeout=50"),
  },
  {
    code: "25P03",
    what: "idle_in_transaction_session_timeout (any FATAL)",
    source: "real",
    unavailable: true,
    postgres: true,
    make: () => sessionEndError("-c idle_in_transaction_session_timeout=50", (client) => client.query("begin")),
  },
  {
    code: "57014",
    what: "statement_timeout",
    source: "real",
    unavailable: true,
    postgres: true,
    make: () => queryError("select pg_sleep(2)", "-c statement_timeout=20"),
  },
  {
    code: "57P02",
    what: "crash shutdown",
    source: "built",
    unavailable: true,
    make: built("57P02", "terminating connection because of crash of another server process", { severity: "FATAL" }),
  },
  {
    code: "57P03",
    what: "the server is starting or in recovery",
    source: "built",
    unavailable: true,
    make: built("57P03", "the database system is starting up", { severity: "FATAL" }),
  },
  { code: "57P04", what: "database_dropped", source: "built", unavailable: true, make: built("57P04", "database dropped") },
  { code: "08006", what: "connection failure", source: "built", unavailable: true, make: built("08006", "connection failure") },
  {
    code: "08001",
    what: "a pooler cannot reach the server",
    source: "built",
    unavailable: true,
    make: built("08001", "could not connect to server"),
  },
  { code: "53000", what: "insufficient resources", source: "built", unavailable: true, make: built("53000", "insufficient resources") },
  {
    code: "53100",
    what: "disk full",
    source: "built",
    unavailable: true,
    make: built("53100", "could not extend file: No space left on device"),
  },
  { code: "53200", what: "out of memory", source: "built", unavailable: true, make: built("53200", "out of memory") },
  {
    code: "55000",
    what: "not accepting connections, relayed without severity",
    source: "built",
    unavailable: true,
    make: built("55000", 'database "x" is not currently accepting connections'),
  },
  // Sockets
  {
    code: "ECONNREFUSED",
    what: "nothing listens",
    source: "real",
    unavailable: true,
    make: () => connectError({ host: "127.0.0.1", port: 1 }),
  },
  {
    code: "ECONNRESET",
    what: "the connection reset",
    source: "real",
    unavailable: true,
    make: () =>
      withTcp(
        (s) => s.resetAndDestroy(),
        (port) => connectError({ host: "127.0.0.1", port }),
      ),
  },
  {
    code: "Connection terminated",
    what: "the server closes the socket",
    source: "real",
    unavailable: true,
    make: () =>
      withTcp(
        (s) => s.end(),
        (port) => connectError({ host: "127.0.0.1", port }),
      ),
  },
  {
    code: "pool connect timeout",
    what: "the server accepts and never answers (pg.Pool, as the app connects)",
    source: "real",
    unavailable: true,
    make: () =>
      withTcp(
        () => {},
        async (port) => {
          const pool = new pg.Pool({ host: "127.0.0.1", port, connectionTimeoutMillis: 100 });
          const error = await pool.connect().then(
            () => new Error("connected"),
            (e: unknown) => e,
          );
          await pool.end().catch(() => {});
          return error;
        },
      ),
  },
  {
    code: "client connect timeout",
    what: "the server accepts and never answers (pg.Client)",
    source: "real",
    unavailable: true,
    make: () =>
      withTcp(
        () => {},
        (port) => connectError({ host: "127.0.0.1", port, connectionTimeoutMillis: 100 }),
      ),
  },
  { code: "EPIPE", what: "written to a closed socket", source: "built", unavailable: true, make: built("EPIPE", "write EPIPE") },
  { code: "ETIMEDOUT", what: "TCP gave up", source: "built", unavailable: true, make: built("ETIMEDOUT", "read ETIMEDOUT") },
  { code: "EHOSTUNREACH", what: "no route", source: "built", unavailable: true, make: built("EHOSTUNREACH", "connect EHOSTUNREACH") },
  {
    code: "Query read timeout",
    what: "pg's query_timeout",
    source: "built",
    unavailable: true,
    make: async () => new Error("Query read timeout"),
  },
  // SQLite
  {
    code: "SQLITE_BUSY",
    what: "another connection holds the write lock",
    source: "real",
    unavailable: true,
    make: () =>
      sqliteError((dir) => {
        const file = path.join(dir, "a.db");
        const holder = new Database(file);
        const other = new Database(file, { timeout: 0 });
        try {
          holder.exec("create table t (x); begin immediate");
          other.exec("begin immediate");
        } finally {
          other.close();
          holder.close();
        }
      }),
  },
  {
    code: "SQLITE_FULL",
    what: "database or disk is full (max_page_count reached)",
    source: "real",
    unavailable: true,
    make: () =>
      sqliteError((dir) => {
        const db = new Database(path.join(dir, "a.db"));
        try {
          db.exec("create table t (x)");
          db.pragma(`max_page_count = ${db.pragma("page_count", { simple: true }) as number}`);
          db.prepare("insert into t values (?)").run("x".repeat(100_000));
        } finally {
          db.close();
        }
      }),
  },
  {
    code: "SQLITE_CANTOPEN",
    what: "the file cannot be opened",
    source: "real",
    unavailable: true,
    make: () => sqliteError((dir) => new Database(dir)),
  },
  {
    code: "SQLITE_READONLY_DBMOVED",
    what: "the file was removed under the open connection",
    source: "real",
    unavailable: true,
    make: () =>
      sqliteError((dir) => {
        const file = path.join(dir, "a.db");
        const db = new Database(file);
        try {
          db.exec("create table t (x)");
          fs.unlinkSync(file);
          db.prepare("insert into t values (1)").run();
        } finally {
          db.close();
        }
      }),
  },
  {
    code: "closed connection",
    what: "a query after close() (the process stopping)",
    source: "real",
    unavailable: true,
    make: () =>
      sqliteError((dir) => {
        const db = new Database(path.join(dir, "a.db"));
        db.close();
        db.prepare("select 1");
      }),
  },
  {
    code: "SQLITE_LOCKED",
    what: "a table locked",
    source: "built",
    unavailable: true,
    make: builtSqlite("SQLITE_LOCKED", "database table is locked"),
  },
  {
    code: "SQLITE_IOERR_WRITE",
    what: "a disk write failed",
    source: "built",
    unavailable: true,
    make: builtSqlite("SQLITE_IOERR_WRITE", "disk I/O error"),
  },
  {
    code: "SQLITE_IOERR",
    what: "a disk read failed",
    source: "built",
    unavailable: true,
    make: builtSqlite("SQLITE_IOERR", "disk I/O error"),
  },
  // Bugs and bad data stay what they are (500 or the caller's 4xx).
  {
    code: "55000 (ERROR)",
    what: "lastval() before nextval(): a bug",
    source: "real",
    unavailable: false,
    postgres: true,
    make: () => queryError("select lastval()"),
  },
  {
    code: "42P01",
    what: "an unknown table",
    source: "real",
    unavailable: false,
    postgres: true,
    make: () => queryError("select * from no_such_table"),
  },
  {
    code: "22021",
    what: "bytes that are not UTF-8",
    source: "real",
    unavailable: false,
    postgres: true,
    make: () => queryError("select convert_from('\\xff'::bytea, 'UTF8')"),
  },
  {
    code: "53400",
    what: "a configured limit (locks, temp space)",
    source: "built",
    unavailable: false,
    make: built("53400", "temporary file size exceeds temp_file_limit"),
  },
  {
    code: "23505",
    what: "a unique violation",
    source: "built",
    unavailable: false,
    make: built("23505", "duplicate key value violates unique constraint"),
  },
  {
    code: "SQLITE_CONSTRAINT_UNIQUE",
    what: "a unique violation",
    source: "real",
    unavailable: false,
    make: () =>
      sqliteError((dir) => {
        const db = new Database(path.join(dir, "a.db"));
        try {
          db.exec("create table t (x unique); insert into t values (1); insert into t values (1)");
        } finally {
          db.close();
        }
      }),
  },
  {
    code: "SQLITE_CORRUPT",
    what: "a damaged file (no retry mends it)",
    source: "built",
    unavailable: false,
    make: builtSqlite("SQLITE_CORRUPT", "database disk image is malformed"),
  },
  { code: "TypeError", what: "a bug in the app", source: "built", unavailable: false, make: async () => new TypeError("x is undefined") },
];

/** Scratch objects on the PostgreSQL server for the refusals at connect; removed after. */
const scratch = { closedUrl: "", missingUrl: "", limitedUrl: "", noRoleUrl: "", database: "", role: "" };

describe("the outage classifier, case by case", () => {
  beforeAll(async () => {
    if (!PG_URL) return;
    const suffix = `${process.pid}_${crypto.randomBytes(3).toString("hex")}`;
    scratch.database = `cinedex_fault_closed_${suffix}`;
    scratch.role = `cinedex_fault_role_${suffix}`;
    await withPgClient(PG_URL, async (c) => {
      await c.query(`create database ${scratch.database}`);
      await c.query(`alter database ${scratch.database} allow_connections false`);
      await c.query(`create role ${scratch.role} login connection limit 0`);
    });
    const at = (database: string, user?: string) => {
      const url = new URL(PG_URL);
      url.pathname = `/${database}`;
      if (user) url.username = user;
      return url.toString();
    };
    const base = new URL(PG_URL).pathname.slice(1);
    scratch.closedUrl = at(scratch.database);
    scratch.missingUrl = at(`cinedex_fault_missing_${suffix}`);
    scratch.limitedUrl = at(base, scratch.role);
    scratch.noRoleUrl = at(base, `cinedex_fault_nobody_${suffix}`);
  });
  afterAll(async () => {
    if (!PG_URL || !scratch.database) return;
    await withPgClient(PG_URL, async (c) => {
      await c.query(`drop database if exists ${scratch.database}`);
      await c.query(`drop role if exists ${scratch.role}`);
    });
  });

  it.each(CASES.map((c) => ({ ...c, name: `${c.code}: ${c.what} (${c.source})` })))("$name", async (c) => {
    if (c.postgres && !PG_URL) return;
    const error = await c.make();
    if (c.source === "real" && /^[0-9A-Z]{5}$|^E[A-Z]+$|^SQLITE_/.test(c.code.split(" ")[0]!))
      expect((error as { code?: string }).code, String(error)).toBe(c.code.split(" ")[0]);
    expect(isUnavailable(error), String(error)).toBe(c.unavailable);
  });
});

describe.skipIf(!PG_URL)("pages, the API and a visitor form while PostgreSQL refuses connections", () => {
  const name = `cinedex_fault_route_${process.pid}_${crypto.randomBytes(3).toString("hex")}`;
  const faults: unknown[] = [];
  let app: InProcessApp;
  let handle: DatabaseHandle;
  const admin = (text: string) => withPgClient(PG_URL!, (c) => c.query(text));
  /** Ends the app's sessions on the database, so its pool has to connect again. */
  const terminate = (database: string) =>
    admin(`select pg_terminate_backend(pid) from pg_stat_activity where datname = '${database}' and pid <> pg_backend_pid()`);

  beforeAll(async () => {
    await admin(`create database ${name}`);
    const url = new URL(PG_URL!);
    url.pathname = `/${name}`;
    app = await startInProcessApp("postgres", {
      database: async (open) => {
        handle = open({ dialect: "postgres", url: url.toString() }, { onFault: (error) => faults.push(error) });
        await migrateToLatest(handle.db);
        return { ...handle, destroy: () => handle.close() };
      },
    });
    // The first request to each route compiles its module (Vite): slow on a busy machine, and not what is tested.
    for (const path of ["/search?q=night", "/api/v1/titles", "/contact-us", "/readyz"])
      await (await fetch(`${app.baseURL}${path}`, { signal: AbortSignal.timeout(90_000) })).arrayBuffer();
  }, 180_000);
  afterAll(async () => {
    await app?.close();
    await admin(`drop database if exists ${name} with (force)`);
    await admin(`drop database if exists ${name}_renamed with (force)`);
  });

  async function expectUnavailable(code: string) {
    await vi.waitFor(() => expect(handle.poolStats!().total).toBe(0));
    faults.length = 0;
    const contact = new URLSearchParams({ name: "Ada", email: "ada@example.test", subject: "Hello", message: "Still there?" });
    const answers = {
      page: await rawRequest(app.port, { method: "GET", path: "/search?q=night" }),
      api: await rawRequest(app.port, { method: "GET", path: "/api/v1/titles" }),
      form: await rawRequest(app.port, {
        method: "POST",
        path: "/contact-us",
        headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: app.baseURL },
        body: contact.toString(),
      }),
      health: await rawRequest(app.port, { method: "GET", path: "/readyz" }),
    };
    for (const [what, answer] of Object.entries(answers)) {
      expect({ what, status: answer.status, retryAfter: answer.headers["retry-after"] }).toEqual({
        what,
        status: 503,
        retryAfter: String(RETRY_AFTER_SECONDS),
      });
    }
    expect(answers.page.body).toContain("Temporarily unavailable");
    // The form keeps what the visitor typed.
    expect(answers.form.body).toContain("Still there?");
    expect(faults).toContainEqual(expect.objectContaining({ code, severity: "FATAL" }));
    // Logged as the database's fault, never as a 500.
    expect(app.logs.filter((l) => (l as { res?: { statusCode?: number } }).res?.statusCode === 500)).toEqual([]);
  }

  async function expectServing() {
    await vi.waitFor(async () => expect((await rawRequest(app.port, { method: "GET", path: "/search?q=night" })).status).toBe(200), {
      timeout: 30_000,
    });
    expect((await rawRequest(app.port, { method: "GET", path: "/api/v1/titles" })).status).toBe(200);
  }

  it("55000, ALLOW_CONNECTIONS false (a maintenance window): 503 with Retry-After, then served again", async () => {
    await expectServing();
    await admin(`alter database ${name} allow_connections false`);
    try {
      await terminate(name);
      await expectUnavailable("55000");
    } finally {
      await admin(`alter database ${name} allow_connections true`);
    }
    await expectServing();
  });

  it("3D000, the database renamed: 503 with Retry-After, then served again", async () => {
    await expectServing();
    // The rename needs the database to itself; the idle pool does not reconnect on its own.
    await vi.waitFor(async () => {
      await terminate(name);
      await admin(`alter database ${name} rename to ${name}_renamed`);
    });
    try {
      await expectUnavailable("3D000");
    } finally {
      await admin(`alter database ${name}_renamed rename to ${name}`);
    }
    await expectServing();
  });
});
