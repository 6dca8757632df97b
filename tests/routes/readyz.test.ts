import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type Db, type DialectName } from "#app/db/client.server.ts";
import { loader } from "#app/routes/resources/readyz.ts";
import { migrations } from "#db/migrations/index.ts";
import { createTestDatabase, testDialects, type TestDatabase } from "#tests/helpers/database.ts";
import { routeArgs, routeContext } from "#tests/helpers/route.ts";

function call(db: Db, dialect: DialectName) {
  return loader(routeArgs(new Request("http://localhost/readyz"), routeContext(db, { dialect })));
}

for (const dialect of testDialects) {
  describe(`/readyz [${dialect}]`, () => {
    let database: TestDatabase;
    beforeAll(async () => {
      database = await createTestDatabase(dialect);
    });
    afterAll(async () => {
      await database.destroy().catch(() => {});
    });

    it("is 200 when the database answers and has every migration", async () => {
      const ok = await call(database.db, dialect);
      expect(ok.status).toBe(200);
      expect(ok.headers.get("Cache-Control")).toBe("no-store");
      expect(await ok.json()).toEqual({ status: "ok", database: "ok", migrations: "current" });
    });

    it("is 503 from the moment the instance starts to stop, though its database still answers", async () => {
      let stopping = false;
      const context = routeContext(database.db, { dialect, shuttingDown: () => stopping });
      const ask = () => loader(routeArgs(new Request("http://localhost/readyz"), context));
      expect((await ask()).status).toBe(200);
      stopping = true;
      const stopped = await ask();
      expect(stopped.status).toBe(503);
      expect(stopped.headers.get("Retry-After")).toMatch(/^\d+$/);
      expect(await stopped.json()).toEqual({ status: "stopping" });
    });

    it("is 503 naming the migrations the database lacks (an old schema or an older backup restored)", async () => {
      const latest = Object.keys(migrations).sort().at(-1)!;
      const { rows } = await sql<{ name: string; timestamp: string }>`select * from kysely_migration where name = ${latest}`.execute(
        database.db,
      );
      await sql`delete from kysely_migration where name = ${latest}`.execute(database.db);
      try {
        const behind = await call(database.db, dialect);
        expect(behind.status).toBe(503);
        expect(behind.headers.get("Retry-After")).toMatch(/^\d+$/);
        expect(await behind.json()).toEqual({ status: "error", database: "ok", migrations: "pending", pending: [latest] });
      } finally {
        await sql`insert into kysely_migration (name, timestamp) values (${rows[0]!.name}, ${rows[0]!.timestamp})`.execute(database.db);
      }
      expect((await call(database.db, dialect)).status).toBe(200);
    });

    it("is 503 when the database does not answer", async () => {
      const away =
        dialect === "sqlite"
          ? await (async () => {
              const other = await createTestDatabase("sqlite");
              await other.destroy();
              return other;
            })()
          : openDatabase({ dialect: "postgres", url: "postgres://nobody@127.0.0.1:1/none" });
      try {
        const down = await call(away.db, dialect);
        expect(down.status).toBe(503);
        expect(down.headers.get("Cache-Control")).toBe("no-store");
        expect(await down.json()).toEqual({ status: "error", database: "unavailable" });
      } finally {
        await away.close().catch(() => {});
      }
    });
  });
}
