import { expect, it } from "vitest";
import { listGenresInUse } from "#app/modules/catalogue/read.server.ts";
import { createTitle } from "#app/modules/catalogue/write.server.ts";
import { buildMovie } from "#tests/factories/titles.ts";
import { describeEachDatabase } from "#tests/helpers/database.ts";
import { bumpContentVersion, perContentVersion } from "./content-version.server.ts";

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

  it("shows a new title's genre on the next read: creating it bumps the version", async () => {
    const before = (await listGenresInUse(ctx.db)).map((g) => g.name);
    expect(before).not.toContain("Western");
    await createTitle(ctx.db, buildMovie({ title: "Dust Trail", genres: ["Western"] }));
    expect((await listGenresInUse(ctx.db)).find((g) => g.name === "Western")).toMatchObject({ titles: 1 });
  });
});
