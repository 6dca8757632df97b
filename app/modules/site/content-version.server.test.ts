import { setImmediate as nextTurn } from "node:timers/promises";
import SQLite from "better-sqlite3";
import { expect, it } from "vitest";
import { listGenresInUse } from "#app/modules/catalogue/read.server.ts";
import { createTitle } from "#app/modules/catalogue/write.server.ts";
import { buildMovie } from "#tests/factories/titles.ts";
import { describeEachDatabase } from "#tests/helpers/database.ts";
import { bumpContentVersion, perContentVersion, readContentVersion } from "./content-version.server.ts";

describeEachDatabase("values kept per content version", (ctx) => {
  it("computes once per version, again after a bump, and keeps no failure", async () => {
    let calls = 0;
    const count = () => perContentVersion(ctx.db, "test.calls", async () => ++calls);
    expect([await count(), await count(), await count()]).toEqual([1, 1, 1]);
    await bumpContentVersion(ctx.db);
    expect([await count(), await count()]).toEqual([2, 2]);

    let fail = true;
    const flaky = () =>
      perContentVersion(ctx.db, "test.flaky", async () => {
        if (fail) throw new Error("database away");
        return "ok";
      });
    await expect(flaky()).rejects.toThrow("database away");
    fail = false;
    expect(await flaky()).toBe("ok");
  });

  it("reads a bump made outside a transaction at once, and never one a transaction has not committed", async () => {
    const start = (await readContentVersion(ctx.db))!;
    await bumpContentVersion(ctx.db);
    expect(await readContentVersion(ctx.db)).toBe(start + 1);

    let midway: Promise<number | null> | undefined;
    await expect(
      ctx.db.transaction().execute(async (trx) => {
        await bumpContentVersion(trx);
        midway = readContentVersion(ctx.db);
        await nextTurn();
        throw new Error("the write fails after its bump");
      }),
    ).rejects.toThrow("the write fails");
    expect(await midway).toBe(start + 1);
    expect(await readContentVersion(ctx.db)).toBe(start + 1);
  });

  if (ctx.dialect === "sqlite") {
    it("sees another process's bump on the next read", async () => {
      const start = (await readContentVersion(ctx.db))!;
      const other = new SQLite(ctx.handle.location.replace(/^SQLite /, ""));
      try {
        other.prepare("update content_version set version = version + 1 where id = 1").run();
      } finally {
        other.close();
      }
      expect(await readContentVersion(ctx.db)).toBe(start + 1);
    });
  }

  it("shows a new title's genre on the next read: creating it bumps the version", async () => {
    const before = (await listGenresInUse(ctx.db)).map((g) => g.name);
    expect(before).not.toContain("Western");
    await createTitle(ctx.db, buildMovie({ title: "Dust Trail", genres: ["Western"] }));
    expect((await listGenresInUse(ctx.db)).find((g) => g.name === "Western")).toMatchObject({ titles: 1 });
  });
});
