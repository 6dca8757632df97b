import type { KyselyPlugin } from "kysely";
import { expect, it } from "vitest";
import { describeEachDatabase } from "#tests/helpers/database.ts";
import { buildMovie } from "#tests/factories/titles.ts";
import type { Db } from "#app/db/client.server.ts";
import { getTitle } from "#app/modules/catalogue/read.server.ts";
import { relatedTitles } from "#app/modules/catalogue/related.server.ts";
import { createTitle } from "#app/modules/catalogue/write.server.ts";
import { linkCheckRows } from "./public.server.ts";

/** The database with a count of the statements it runs (a result per statement: subqueries built on it are no statements). */
function counted(db: Db) {
  const counts = { queries: 0 };
  const plugin: KyselyPlugin = {
    transformQuery: ({ node }) => node,
    transformResult: ({ result }) => {
      counts.queries += 1;
      return Promise.resolve(result);
    },
  };
  return { db: db.withPlugin(plugin), counts };
}

describeEachDatabase("the title page's link checks", (ctx) => {
  it("gives each link its last check for its current address, and null when never checked", async () => {
    const created = await createTitle(ctx.db, buildMovie());
    const [instant, gdrive] = created.releases[0]!.files[0]!.links;
    const gofile = created.releases[1]!.files[0]!.links[0]!;
    await ctx.db
      .insertInto("link_health")
      .values([
        {
          link_id: instant!.id,
          status: "ok",
          checked_url: instant!.url,
          checked_at: "2026-11-28T10:00:00.000Z",
          consecutive_failures: 0,
          marked_broken: false,
        },
        {
          link_id: gdrive!.id,
          status: "unknown",
          checked_url: gdrive!.url,
          checked_at: "2026-11-27T10:00:00.000Z",
          consecutive_failures: 1,
          marked_broken: false,
        },
        // Checked before the admin replaced its address: says nothing about the new one.
        {
          link_id: gofile.id,
          status: "ok",
          checked_url: "https://old.example/x",
          checked_at: "2026-11-26T10:00:00.000Z",
          consecutive_failures: 0,
          marked_broken: false,
        },
      ])
      .execute();
    const title = (await getTitle(ctx.db, created.id, { checks: linkCheckRows(ctx.db) }))!;
    const checks = title.releases.flatMap((r) => r.files.flatMap((f) => f.links.map((l) => [l.label, l.check])));
    expect(checks).toEqual([
      ["instant", { at: "2026-11-28T10:00:00.000Z", result: "ok" }],
      ["gdrive", { at: "2026-11-27T10:00:00.000Z", result: "failed" }],
      ["gofile", null],
    ]);
    // Other readers of the tree are unchanged.
    expect((await getTitle(ctx.db, created.id))!.releases[0]!.files[0]!.links[0]!.check).toBeUndefined();
  });

  it("costs the title page one statement more than the tree alone: the checks join, More like this is one statement", async () => {
    const created = await createTitle(ctx.db, buildMovie());
    await createTitle(ctx.db, buildMovie({ title: "Another night" }));
    const plain = counted(ctx.db);
    await getTitle(plain.db, created.id);
    const page = counted(ctx.db);
    const title = (await getTitle(page.db, created.id, { checks: linkCheckRows(page.db) }))!;
    const related = await relatedTitles(page.db, title);
    expect(related.map((t) => t.title)).toEqual(["Another night"]);
    expect(page.counts.queries).toBe(plain.counts.queries + 1);
  });
});
