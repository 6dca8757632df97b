import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import express from "express";
import { sql } from "kysely";
import pino from "pino";
import { UNSAFE_ErrorResponseImpl as ErrorResponseImpl } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { z } from "#app/utils/zod.ts";
import { openDatabase, SQLITE_BUSY_TIMEOUT_MS, type DatabaseHandle } from "#app/db/client.server.ts";
import { isUnavailable } from "#app/db/faults.server.ts";
import { AppError, DATABASE_UNAVAILABLE, DatabaseUnavailableError, errorStatus, logLevelFor } from "#app/utils/errors.ts";
import { handleSubmission } from "#app/utils/submission.server.ts";
import { withPgClient } from "#tests/helpers/database.ts";
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
