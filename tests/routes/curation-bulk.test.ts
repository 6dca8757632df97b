import { afterAll, beforeAll, expect, it } from "vitest";
import { createTmdbClient } from "#app/integrations/tmdb/client.server.ts";
import { BULK_ARTWORK_NEEDS_TMDB } from "#app/modules/catalogue/bulk.server.ts";
import { MOCK_API_KEY, startTmdbMock, type TmdbMock } from "#tests/mocks/tmdb/server.ts";
import { buildMovie, buildSeries } from "#tests/factories/titles.ts";
import { insertReport } from "#tests/factories/inbox.ts";
import { callAdminRoute, signIn } from "#tests/helpers/admin.ts";
import { describeEachDatabase } from "#tests/helpers/database.ts";
import type { Db } from "#app/db/client.server.ts";
import { BULK_CHOOSE_GENRE, BULK_NOTHING_SELECTED, BULK_TOO_MANY } from "#app/modules/catalogue/admin-list.ts";
import { getTitle } from "#app/modules/catalogue/read.server.ts";
import { createTitle } from "#app/modules/catalogue/write.server.ts";
import { browseCatalogue, searchCatalogue } from "#app/modules/catalogue/search.server.ts";
import { readContentVersion } from "#app/modules/site/content-version.server.ts";
import * as bulk from "#app/routes/admin/bulk-titles.ts";
import * as titles from "#app/routes/admin/titles.tsx";

const BULK = "/dashboard/titles/bulk";

async function genreId(db: Db, slug: string): Promise<number> {
  return (await db.selectFrom("genres").select("id").where("slug", "=", slug).executeTakeFirstOrThrow()).id;
}

async function audits(db: Db, action: string) {
  return db.selectFrom("audit_log").select(["entity_id", "summary"]).where("action", "=", action).orderBy("id").execute();
}

/** The titles the list shows for a query string. */
async function listed(db: Db, cookie: string, query: string, path = "/dashboard/movies"): Promise<string[]> {
  const answer = await callAdminRoute(titles.loader, db, { path: `${path}?${query}`, cookie });
  expect(answer.status).toBe(200);
  return (answer.body as { list: { items: { title: string }[] } }).list.items.map((i) => i.title).sort();
}

let mock: TmdbMock;
beforeAll(async () => {
  mock = await startTmdbMock();
});
afterAll(() => mock.close());

describeEachDatabase("the admin lists' bulk actions", (ctx) => {
  it("refreshes artwork from TMDB for the selected titles, saying which had no TMDB id or were not found", async () => {
    const { cookie } = await signIn(ctx.db, "editor");
    const tmdb = createTmdbClient({ apiKey: MOCK_API_KEY, readToken: null, baseUrl: mock.origin, imageBase: "https://img.test/t/p" });
    const matrix = await createTitle(ctx.db, buildMovie({ title: "The Matrix", tmdbId: 603, posterUrl: "https://old.example/p.jpg" }));
    const unknown = await createTitle(ctx.db, buildMovie({ title: "Lost to TMDB", tmdbId: 999_999 }));
    const local = await createTitle(ctx.db, buildMovie({ title: "Home movie", tmdbId: null }));
    const refresh = (ids: number[], withTmdb = true) =>
      callAdminRoute(bulk.action, ctx.db, {
        path: BULK,
        cookie,
        context: { tmdb: withTmdb ? tmdb : null },
        form: { operation: "refresh-artwork", ids: ids.map(String) },
      });

    const first = await refresh([matrix.id, unknown.id, local.id]);
    expect(first).toMatchObject({
      status: 200,
      body: { ok: true, changed: 1, message: "Refreshed the artwork of 1 title; 1 without a TMDB ID; 1 not found on TMDB" },
    });
    const updated = await getTitle(ctx.db, matrix.id);
    expect(updated).toMatchObject({
      posterUrl: "https://img.test/t/p/w500/p96dm7sCMn4VYAStA6siNz30G1r.jpg",
      backgroundUrl: "https://img.test/t/p/w1280/ncEsesgOJDNrTUED89hYbA117wo.jpg",
    });
    expect((await getTitle(ctx.db, unknown.id))?.posterUrl).toBe("https://images.example/poster.jpg");
    expect((await audits(ctx.db, "title.update")).filter((e) => e.entity_id === matrix.id).map((e) => e.summary)).toEqual([
      "Refreshed the artwork of “The Matrix” from TMDB",
    ]);

    // Again: nothing to change.
    expect((await refresh([matrix.id])).body).toMatchObject({
      ok: true,
      message: "Refreshed the artwork of 0 titles; 1 already up to date",
    });
    // Without TMDB the action says so and changes nothing.
    expect(await refresh([matrix.id], false)).toMatchObject({ status: 503, body: { ok: false, error: BULK_ARTWORK_NEEDS_TMDB } });
  });

  it("deletes the selected titles, with one audit entry each and a toast with the count", async () => {
    const { cookie } = await signIn(ctx.db, "editor");
    const [a, b, keep] = [
      await createTitle(ctx.db, buildMovie({ title: "Gone A" })),
      await createTitle(ctx.db, buildMovie({ title: "Gone B" })),
      await createTitle(ctx.db, buildMovie({ title: "Kept" })),
    ];
    const version = await readContentVersion(ctx.db);
    const answer = await callAdminRoute(bulk.action, ctx.db, {
      path: BULK,
      cookie,
      // A title deleted meanwhile (id 999999) is counted as unchanged, not an error.
      form: { operation: "delete", ids: [String(a.id), String(b.id), "999999"] },
    });
    expect(answer).toMatchObject({ status: 200, body: { ok: true, message: "Deleted 2 titles", changed: 2, unchanged: 1 } });
    expect(await getTitle(ctx.db, a.id)).toBeNull();
    expect(await getTitle(ctx.db, b.id)).toBeNull();
    expect(await getTitle(ctx.db, keep.id)).not.toBeNull();
    expect((await audits(ctx.db, "title.delete")).map((e) => e.entity_id)).toEqual([a.id, b.id]);
    expect(await readContentVersion(ctx.db)).toBeGreaterThan(version!);
  });

  it("adds and removes a genre, counting titles that already had it", async () => {
    const { cookie } = await signIn(ctx.db);
    const drama = await genreId(ctx.db, "drama");
    const a = await createTitle(ctx.db, buildMovie({ title: "Has drama", genres: ["Drama"] }));
    const b = await createTitle(ctx.db, buildMovie({ title: "No drama", genres: ["Horror"] }));
    const ids = [String(a.id), String(b.id)];

    const added = await callAdminRoute(bulk.action, ctx.db, {
      path: BULK,
      cookie,
      form: { operation: "add-genre", ids, genre: String(drama) },
    });
    expect(added.body).toMatchObject({ ok: true, message: "Added “Drama” to 1 title; 1 already had it" });
    expect((await getTitle(ctx.db, b.id))!.genres.map((g) => g.name)).toEqual(["Horror", "Drama"]);
    expect((await audits(ctx.db, "title.update")).map((e) => e.summary)).toEqual(["Added the genre “Drama” to “No drama”"]);
    // Search's genre filter and the genre's page follow at once.
    const inDrama = async () => {
      const search = await searchCatalogue(ctx.db, { text: "drama", filters: { genre: "drama" }, sort: "title" });
      const page = await browseCatalogue(ctx.db, { filters: { genre: "drama" }, sort: "title" });
      return [search.items.map((t) => t.title), page.items.map((t) => t.title)];
    };
    expect(await inDrama()).toEqual([
      ["Has drama", "No drama"],
      ["Has drama", "No drama"],
    ]);

    const removed = await callAdminRoute(bulk.action, ctx.db, {
      path: BULK,
      cookie,
      form: { operation: "remove-genre", ids, genre: String(drama) },
    });
    expect(removed.body).toMatchObject({ ok: true, message: "Removed “Drama” from 2 titles" });
    expect((await getTitle(ctx.db, a.id))!.genres).toEqual([]);
    expect(await inDrama()).toEqual([[], []]);

    const noGenre = await callAdminRoute(bulk.action, ctx.db, { path: BULK, cookie, form: { operation: "add-genre", ids } });
    expect(noGenre).toMatchObject({ status: 400, body: { ok: false, fields: { genre: [BULK_CHOOSE_GENRE] } } });
  });

  it("features at the end of the carousel in the list's order, and unfeatures", async () => {
    const { cookie } = await signIn(ctx.db);
    const first = await createTitle(ctx.db, buildMovie({ title: "Already", featured: true, featuredOrder: 4 }));
    const a = await createTitle(ctx.db, buildMovie({ title: "New A" }));
    const b = await createTitle(ctx.db, buildSeries({ title: "New B" }));
    const featured = await callAdminRoute(bulk.action, ctx.db, {
      path: BULK,
      cookie,
      form: { operation: "feature", ids: [String(b.id), String(first.id), String(a.id)] },
    });
    expect(featured.body).toMatchObject({ ok: true, message: "Featured 2 titles; 1 already featured" });
    const order = await ctx.db
      .selectFrom("titles")
      .select(["title", "featured_order"])
      .where("featured", "=", true)
      .orderBy("featured_order")
      .execute();
    expect(order).toEqual([
      { title: "Already", featured_order: 4 },
      { title: "New B", featured_order: 5 },
      { title: "New A", featured_order: 6 },
    ]);

    const unfeatured = await callAdminRoute(bulk.action, ctx.db, {
      path: BULK,
      cookie,
      form: { operation: "unfeature", ids: [String(first.id)] },
    });
    expect(unfeatured.body).toMatchObject({ ok: true, message: "Unfeatured 1 title" });
    expect((await getTitle(ctx.db, first.id))!.featured).toBe(false);
  });

  it("disables and enables every link of the selected titles", async () => {
    const { cookie } = await signIn(ctx.db);
    const movie = await createTitle(ctx.db, buildMovie({ title: "Three links" }));
    const show = await createTitle(ctx.db, buildSeries({ title: "Show" }));
    const other = await createTitle(ctx.db, buildMovie({ title: "Untouched" }));
    const ids = [String(movie.id), String(show.id)];
    const statuses = async (id: number) =>
      (await getTitle(ctx.db, id, { includeDisabled: true }))!.releases
        .flatMap((r) => [...r.zipLinks, ...r.files.flatMap((f) => f.links)])
        .map((l) => l.status);

    const disabled = await callAdminRoute(bulk.action, ctx.db, { path: BULK, cookie, form: { operation: "disable-links", ids } });
    const showLinks = (await statuses(show.id)).length;
    expect(disabled.body).toMatchObject({ ok: true, message: `Disabled ${3 + showLinks} links of 2 titles`, links: 3 + showLinks });
    expect(new Set(await statuses(movie.id))).toEqual(new Set(["disabled"]));
    expect(new Set(await statuses(other.id))).toEqual(new Set(["ok"]));
    // Visitors no longer see them.
    expect((await getTitle(ctx.db, movie.id))!.releases.flatMap((r) => r.files.flatMap((f) => f.links))).toEqual([]);

    const again = await callAdminRoute(bulk.action, ctx.db, { path: BULK, cookie, form: { operation: "disable-links", ids } });
    expect(again.body).toMatchObject({ ok: true, message: "No links to disable in 2 titles", changed: 0 });

    const enabled = await callAdminRoute(bulk.action, ctx.db, {
      path: BULK,
      cookie,
      form: { operation: "enable-links", ids: [String(movie.id)] },
    });
    expect(enabled.body).toMatchObject({ ok: true, message: "Enabled 3 links of 1 title" });
    expect(new Set(await statuses(movie.id))).toEqual(new Set(["ok"]));
    expect((await audits(ctx.db, "links.disable")).length).toBe(2);
  });

  it("refuses an empty, oversized or unknown selection with a 400, and a post without a session", async () => {
    const { cookie } = await signIn(ctx.db);
    const none = await callAdminRoute(bulk.action, ctx.db, { path: BULK, cookie, form: { operation: "delete" } });
    expect(none).toMatchObject({ status: 400, body: { ok: false, error: BULK_NOTHING_SELECTED } });
    const many = Array.from({ length: 101 }, (_, i) => String(i + 1));
    expect(
      (await callAdminRoute(bulk.action, ctx.db, { path: BULK, cookie, form: { operation: "delete", ids: many } })).body,
    ).toMatchObject({
      error: BULK_TOO_MANY,
    });
    const unknown = await callAdminRoute(bulk.action, ctx.db, { path: BULK, cookie, form: { operation: "explode", ids: "1" } });
    expect(unknown.status).toBe(400);
    const bad = await callAdminRoute(bulk.action, ctx.db, {
      path: BULK,
      cookie,
      form: { operation: "delete", ids: "1; drop table titles" },
    });
    expect(bad.status).toBe(400);
    const anonymous = await callAdminRoute(bulk.action, ctx.db, { path: BULK, form: { operation: "delete", ids: "1" } });
    expect(anonymous.status).toBe(302);
  });
});

describeEachDatabase("the admin lists' filters", (ctx) => {
  it("finds titles without links, with broken links, without a poster or TMDB id, by genre and by year", async () => {
    const { cookie } = await signIn(ctx.db);
    await createTitle(ctx.db, buildMovie({ title: "Complete", genres: ["Drama"], releaseDate: "1999-03-31" }));
    await createTitle(ctx.db, buildMovie({ title: "Linkless", releases: [], genres: ["Horror"], releaseDate: "1968-10-01" }));
    await createTitle(ctx.db, buildMovie({ title: "Posterless", posterUrl: null, releaseDate: "1968-01-01" }));
    await createTitle(ctx.db, buildMovie({ title: "Unknown to TMDB", tmdbId: null }));
    const marked = await createTitle(ctx.db, buildMovie({ title: "Marked broken" }));
    const linkId = marked.releases[0]!.files[0]!.links[0]!.id;
    await ctx.db.updateTable("links").set({ status: "broken" }).where("id", "=", linkId).execute();
    const reported = await createTitle(ctx.db, buildMovie({ title: "Reported" }));
    await insertReport(ctx.db, { contentName: "Reported", linkId: reported.releases[1]!.files[0]!.links[0]!.id });
    const named = await createTitle(ctx.db, buildMovie({ title: "Named in a report" }));
    await insertReport(ctx.db, { contentName: "Named", titleId: named.id });
    const closed = await createTitle(ctx.db, buildMovie({ title: "Report closed" }));
    await insertReport(ctx.db, { contentName: "Closed", titleId: closed.id, status: "fixed" });
    await createTitle(ctx.db, buildSeries({ title: "A show without links", releases: [] }));

    expect(await listed(ctx.db, cookie, "show=no-links")).toEqual(["Linkless"]);
    expect(await listed(ctx.db, cookie, "show=broken")).toEqual(["Marked broken", "Named in a report", "Reported"]);
    expect(await listed(ctx.db, cookie, "show=no-poster")).toEqual(["Posterless"]);
    expect(await listed(ctx.db, cookie, "show=no-tmdb")).toEqual(["Unknown to TMDB"]);
    expect(await listed(ctx.db, cookie, "genre=drama")).toEqual(["Complete"]);
    expect(await listed(ctx.db, cookie, "year=1999")).toEqual(["Complete"]);
    expect(await listed(ctx.db, cookie, "year=2024")).toEqual([]);
    expect(await listed(ctx.db, cookie, "year=1968&genre=horror&q=link")).toEqual(["Linkless"]);
    expect(await listed(ctx.db, cookie, "show=no-links", "/dashboard/tv")).toEqual(["A show without links"]);
    // Nonsense is ignored, never an error.
    expect((await listed(ctx.db, cookie, "show=everything&year=19x&genre=%00")).length).toBe(8);

    // Rows carry what the filters are about.
    const answer = await callAdminRoute(titles.loader, ctx.db, { path: "/dashboard/movies?show=broken", cookie });
    const items = (answer.body as { list: { items: { title: string; openReports: number; links: { broken: number } }[] } }).list.items;
    expect(Object.fromEntries(items.map((i) => [i.title, [i.links.broken, i.openReports]]))).toEqual({
      "Marked broken": [1, 0],
      Reported: [0, 1],
      "Named in a report": [0, 1],
    });
  });
});
