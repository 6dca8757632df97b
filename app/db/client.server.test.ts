import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { createTestDatabase, describeEachDatabase, testSchemaName, withPgClient } from "#tests/helpers/database.ts";
import { migrateToLatest } from "#db/migrate.ts";
import { openDatabase, parseDatabaseUrl, type DatabaseHandle } from "./client.server.ts";
import { toBool } from "./dialect.server.ts";

describe("parseDatabaseUrl", () => {
  it("chooses SQLite for nothing, paths and file: URLs, PostgreSQL for postgres URLs", () => {
    expect(parseDatabaseUrl(undefined, "/data/cinedex.db")).toEqual({ dialect: "sqlite", file: "/data/cinedex.db" });
    expect(parseDatabaseUrl("  ", "/d.db")).toEqual({ dialect: "sqlite", file: "/d.db" });
    expect(parseDatabaseUrl("./local.db", "/d.db")).toEqual({ dialect: "sqlite", file: "./local.db" });
    expect(parseDatabaseUrl("file:./x.db", "/d.db")).toEqual({ dialect: "sqlite", file: "./x.db" });
    expect(parseDatabaseUrl("file:///var/lib/x.db", "/d.db")).toEqual({ dialect: "sqlite", file: "/var/lib/x.db" });
    expect(parseDatabaseUrl("postgres://u:p@db:5432/cinedex", "/d.db")).toEqual({
      dialect: "postgres",
      url: "postgres://u:p@db:5432/cinedex",
    });
    expect(parseDatabaseUrl("postgresql://db/cinedex", "/d.db")).toMatchObject({ dialect: "postgres" });
  });

  it("explains what is wrong with other URLs", () => {
    expect(parseDatabaseUrl("mysql://root@db/x", "/d.db")).toBe("must be a postgres:// URL or a path to a SQLite file");
    expect(parseDatabaseUrl("postgres://exa mple:x/", "/d.db")).toBe("is not a valid postgres:// URL");
  });
});

describe("SQLite connection", () => {
  let handle: DatabaseHandle | undefined;
  let dir: string | undefined;
  afterEach(async () => {
    await handle?.close();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  it("reuses prepared statements: the same query after a stream left early, and many distinct queries, stay right", async () => {
    handle = openDatabase({ dialect: "sqlite", file: ":memory:" });
    const { db } = handle;
    await sql`create table n (v integer)`.execute(db);
    await sql`insert into n (v) values (1), (2), (3)`.execute(db);
    const query = () =>
      db
        .selectFrom("n" as never)
        .select(sql<number>`v`.as("v"))
        .orderBy(sql`v`);
    for await (const row of query().stream()) {
      expect(row.v).toBe(1);
      break;
    }
    expect((await query().execute()).map((r) => r.v)).toEqual([1, 2, 3]);
    // More distinct statements than the cache keeps: each still answers its own query.
    for (let i = 0; i < 600; i++) {
      const row = await sql<{ x: number }>`select ${sql.lit(i)} + v as x from n where v = 1`.execute(db);
      expect(row.rows[0]!.x).toBe(i + 1);
    }
    expect((await query().execute()).map((r) => r.v)).toEqual([1, 2, 3]);
  });

  it("creates the folder and opens the file in WAL mode with foreign keys, full sync and a busy timeout", async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "cinedex-db-"));
    const file = path.join(dir, "nested", "cinedex.db");
    handle = openDatabase({ dialect: "sqlite", file });
    const pragma = async (name: string) => Object.values((await sql.raw(`pragma ${name}`).execute(handle!.db)).rows[0] as object)[0];
    expect(await pragma("journal_mode")).toBe("wal");
    expect(await pragma("foreign_keys")).toBe(1);
    expect(await pragma("synchronous")).toBe(2);
    expect(await pragma("busy_timeout")).toBe(5000);
    expect(fs.existsSync(file)).toBe(true);
    expect(handle.location).toBe(`SQLite ${file}`);
  });
});

describeEachDatabase("migrations", (ctx) => {
  it("are applied once: a second run applies nothing", async () => {
    expect(await migrateToLatest(ctx.db)).toEqual([]);
    const { n } = await ctx.db
      .selectFrom("genres")
      .select((eb) => eb.fn.countAll().as("n"))
      .executeTakeFirstOrThrow();
    expect(Number(n)).toBe(21);
  });

  it("store booleans, calendar dates and timestamps the same way on both dialects", async () => {
    const { id } = await ctx.db
      .insertInto("titles")
      .values({
        type: "movie",
        slug: "x",
        title: "X",
        adult: true,
        featured: false,
        release_date: "1931-02-14",
        uploaded_at: "2026-01-02T03:04:05.678Z",
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const row = await ctx.db.selectFrom("titles").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
    expect(toBool(row.adult)).toBe(true);
    expect(toBool(row.featured)).toBe(false);
    expect(row.release_date).toBe("1931-02-14");
    expect(row.uploaded_at).toBe("2026-01-02T03:04:05.678Z");
    expect(row.created_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    expect(row.file_format).toBe("mkv");
  });

  it("enforce the catalogue's rules in the schema itself", async () => {
    const insert = (values: Record<string, unknown>) =>
      ctx.db
        .insertInto("titles")
        .values({ type: "movie", slug: "s", title: "T", ...values } as never)
        .execute();
    await expect(insert({ type: "book" })).rejects.toThrow();
    await expect(insert({ rating: 10.5 })).rejects.toThrow();
    await insert({ slug: "same" });
    await expect(insert({ slug: "same" })).rejects.toThrow();
    await insert({ slug: "same", type: "tv" });

    const { id: titleId } = await ctx.db.selectFrom("titles").select("id").where("type", "=", "tv").executeTakeFirstOrThrow();
    const { id: releaseId } = await ctx.db
      .insertInto("releases")
      .values({ title_id: titleId, quality: "720p", season: null, position: 0 })
      .returning("id")
      .executeTakeFirstOrThrow();
    // A file link needs its file, and a zip link must not have one.
    await expect(
      ctx.db
        .insertInto("links")
        .values({
          release_id: releaseId,
          file_id: null,
          kind: "file",
          label: "a",
          url: "https://a.example",
          size: null,
          status: "ok",
          position: 0,
        })
        .execute(),
    ).rejects.toThrow();
    await expect(
      ctx.db
        .insertInto("links")
        .values({
          release_id: releaseId,
          file_id: null,
          kind: "zip",
          label: "a",
          url: "https://a.example",
          size: null,
          status: "gone" as never,
          position: 0,
        })
        .execute(),
    ).rejects.toThrow();
    await expect(
      ctx.db.insertInto("releases").values({ title_id: 987_654, quality: "720p", season: null, position: 0 }).execute(),
    ).rejects.toThrow();
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)("PostgreSQL with other schemas in the database", () => {
  it("migrates a schema even when another schema already has Kysely's bookkeeping tables", async () => {
    const url = process.env.TEST_DATABASE_URL!;
    const other = testSchemaName("other");
    await withPgClient(url, (c) =>
      c.query(
        `create schema ${other}; create table ${other}.kysely_migration (name text); create table ${other}.kysely_migration_lock (id text)`,
      ),
    );
    try {
      const db = await createTestDatabase("postgres");
      try {
        const { n } = await db.db
          .selectFrom("genres")
          .select((eb) => eb.fn.countAll().as("n"))
          .executeTakeFirstOrThrow();
        expect(Number(n)).toBe(21);
      } finally {
        await db.destroy();
      }
    } finally {
      await withPgClient(url, (c) => c.query(`drop schema ${other} cascade`));
    }
  });
});
