import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, beforeEach, describe } from "vitest";
import { openDatabase, type DatabaseHandle, type Db, type DialectName } from "#app/db/client.server.ts";
import { migrateToLatest } from "#db/migrate.ts";

export const TEST_SCHEMA_PREFIX = "cinedex_test_";

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
    const schema = `${TEST_SCHEMA_PREFIX}${crypto.randomBytes(6).toString("hex")}`;
    await withPgClient(url, (client) => client.query(`create schema ${schema}`));
    handle = openDatabase({ dialect: "postgres", url, schema });
    cleanup = async () => {
      await withPgClient(url, (client) => client.query(`drop schema if exists ${schema} cascade`));
    };
  }
  await migrateToLatest(handle.db);
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

/** Empties the catalogue and the admin tables, keeping the genres the first migration seeds. */
export async function clearCatalogue(db: Db): Promise<void> {
  await db.deleteFrom("google_accounts").execute();
  for (const table of ["content_requests", "link_reports", "contact_messages", "dmca_notices"] as const)
    await db.deleteFrom(table).execute();
  await db.deleteFrom("audit_log").execute();
  await db.deleteFrom("login_attempts").execute();
  await db.deleteFrom("admins").execute();
  await db.deleteFrom("titles").execute();
  await db.deleteFrom("genres").where("position", ">", 21).execute();
}

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
      beforeAll(async () => {
        handle = await createTestDatabase(dialect);
      });
      afterAll(async () => {
        await handle?.destroy();
      });
      beforeEach(async () => {
        await clearCatalogue(handle!.db);
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
