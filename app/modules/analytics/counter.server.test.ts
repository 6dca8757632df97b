import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Db } from "#app/db/client.server.ts";
import { createTitle } from "#app/modules/catalogue/write.server.ts";
import { applyBulkAction, removeFromTitle } from "#app/modules/editorial/titles.server.ts";
import { buildMovie } from "#tests/factories/titles.ts";
import { describeEachDatabase } from "#tests/helpers/database.ts";
import { recordSearch, topSearches } from "#app/modules/search/search-queries.server.ts";
import { mostViewedTitles, trafficPerDay } from "./analytics.server.ts";
import { AnalyticsCounter, countsAsVisit, viewedTitleId } from "./counter.server.ts";

const MON = new Date("2026-03-30T10:00:00Z");
const TUE = new Date("2026-03-31T09:00:00Z");

async function viewRows(db: Db) {
  return db.selectFrom("title_views").select(["title_id", "day", "views"]).orderBy("title_id").orderBy("day").execute();
}

describe("what counts as a title page view", () => {
  it("reads the title id from the page and its client-navigation data request", () => {
    expect(viewedTitleId("/movie/12")).toBe(12);
    expect(viewedTitleId("/movie/12/night-of-the-test")).toBe(12);
    expect(viewedTitleId("/movie/12/night-of-the-test.data")).toBe(12);
    expect(viewedTitleId("/movie/12.data")).toBe(12);
    expect(viewedTitleId("/movie/0")).toBeNull();
    expect(viewedTitleId("/movie/12/slug/extra")).toBeNull();
    expect(viewedTitleId("/archive/12/1080p")).toBeNull();
    expect(viewedTitleId("/search")).toBeNull();
  });

  it("ignores robots, prefetches and requests without a browser", () => {
    const firefox = "Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0";
    expect(countsAsVisit({ userAgent: firefox, purpose: "" })).toBe(true);
    expect(countsAsVisit({ userAgent: "Googlebot/2.1 (+http://www.google.com/bot.html)", purpose: "" })).toBe(false);
    expect(countsAsVisit({ userAgent: undefined, purpose: "" })).toBe(false);
    expect(countsAsVisit({ userAgent: firefox, purpose: "prefetch;prerender " })).toBe(false);
  });
});

describe("the flush timer", () => {
  afterEach(() => vi.useRealTimers());

  it("writes on its own every flushMs, and not before", async () => {
    vi.useFakeTimers();
    const execute = vi.fn(async () => []);
    const chain: Record<string, unknown> = {};
    for (const name of ["insertInto", "values", "onConflict"]) chain[name] = () => chain;
    chain.execute = execute;
    const counter = new AnalyticsCounter(chain as unknown as Db, { flushMs: 1000 });
    counter.view(1, MON);
    await vi.advanceTimersByTimeAsync(999);
    expect(execute).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(execute).toHaveBeenCalledTimes(1);
    expect(counter.pending).toBe(0);
    await counter.close();
  });
});

describeEachDatabase("page-view counter", (ctx) => {
  beforeEach(async () => {
    await ctx.db.deleteFrom("title_views").execute();
    await ctx.db.deleteFrom("site_requests").execute();
  });

  it("keeps views in memory until flushed, then adds them per title and UTC day", async () => {
    const a = await createTitle(ctx.db, buildMovie({ title: "A" }));
    const b = await createTitle(ctx.db, buildMovie({ title: "B" }));
    const counter = new AnalyticsCounter(ctx.db, { flushMs: 0 });
    counter.view(a.id, MON);
    counter.view(a.id, MON);
    counter.view(a.id, TUE);
    counter.view(b.id, TUE);
    counter.request(MON);
    counter.request(TUE);
    counter.request(TUE);
    expect(await viewRows(ctx.db)).toEqual([]);
    expect(counter.pending).toBe(5);

    await counter.flush();
    expect(counter.pending).toBe(0);
    expect(await viewRows(ctx.db)).toEqual([
      { title_id: a.id, day: "2026-03-30", views: 2 },
      { title_id: a.id, day: "2026-03-31", views: 1 },
      { title_id: b.id, day: "2026-03-31", views: 1 },
    ]);
    const perDay = await trafficPerDay(ctx.db, 2, TUE);
    expect(perDay).toEqual([
      { day: "2026-03-30", views: 2, requests: 1, clicks: 0 },
      { day: "2026-03-31", views: 2, requests: 2, clicks: 0 },
    ]);
  });

  it("adds to what other instances wrote instead of overwriting it", async () => {
    const a = await createTitle(ctx.db, buildMovie({ title: "A" }));
    const one = new AnalyticsCounter(ctx.db, { flushMs: 0 });
    const two = new AnalyticsCounter(ctx.db, { flushMs: 0 });
    for (let i = 0; i < 3; i++) one.view(a.id, TUE);
    for (let i = 0; i < 4; i++) two.view(a.id, TUE);
    one.request(TUE);
    two.request(TUE);
    await Promise.all([one.flush(), two.flush()]);
    one.view(a.id, TUE);
    await one.close();
    expect(await viewRows(ctx.db)).toEqual([{ title_id: a.id, day: "2026-03-31", views: 8 }]);
    expect(await ctx.db.selectFrom("site_requests").selectAll().execute()).toEqual([{ day: "2026-03-31", requests: 2 }]);
  });

  it("writes more title-days than one INSERT takes, and flushes early when the buffer is full", async () => {
    const counter = new AnalyticsCounter(ctx.db, { flushMs: 0, maxPending: 2000 });
    // Ids of titles that do not exist are counted (no foreign key) but never shown.
    for (let id = 1; id <= 1200; id++) counter.view(1_000_000 + id, TUE);
    await counter.flush();
    const { n } = await ctx.db
      .selectFrom("title_views")
      .select((eb) => eb.fn.countAll<number | string>().as("n"))
      .executeTakeFirstOrThrow();
    expect(Number(n)).toBe(1200);
    expect(await mostViewedTitles(ctx.db, { days: 7, limit: 10 }, TUE)).toEqual([]);

    const small = new AnalyticsCounter(ctx.db, { flushMs: 0, maxPending: 3 });
    small.view(1, TUE);
    small.view(2, TUE);
    expect(small.pending).toBe(2);
    small.view(3, TUE); // the third fills it: taken out to be written without waiting for the timer
    expect(small.pending).toBe(0);
    await small.flush(); // waits for that write
    expect(await ctx.db.selectFrom("title_views").select("views").where("title_id", "=", 3).executeTakeFirst()).toEqual({ views: 1 });
  });

  it("keeps the counts when a flush fails, and writes them with the next one", async () => {
    const a = await createTitle(ctx.db, buildMovie({ title: "A" }));
    const counter = new AnalyticsCounter(ctx.db, { flushMs: 0 });
    counter.view(a.id, TUE);
    const broken = new AnalyticsCounter(
      {
        insertInto: () => {
          throw new Error("database away");
        },
      } as unknown as Db,
      { flushMs: 0 },
    );
    broken.view(a.id, TUE);
    await expect(broken.flush()).rejects.toThrow("database away");
    expect(broken.pending).toBe(1);
    counter.view(a.id, TUE);
    await counter.flush();
    expect(await viewRows(ctx.db)).toEqual([{ title_id: a.id, day: "2026-03-31", views: 2 }]);
  });

  it("adds searches served from the page cache to the query's counts, zero-result ones as such", async () => {
    await ctx.db.deleteFrom("search_queries").execute();
    await recordSearch(ctx.db, "zombie bees", 0, MON);
    await recordSearch(ctx.db, "night", 3, MON);
    const counter = new AnalyticsCounter(ctx.db, { flushMs: 0 });
    for (let i = 0; i < 4; i++) counter.search("zombie bees");
    counter.search("night");
    counter.search("never rendered"); // no row: nothing to add to
    await counter.close();
    const rows = await topSearches(ctx.db, 10);
    expect(rows.map((r) => [r.query, r.searches, r.zeroResultSearches, r.lastResultCount])).toEqual([
      ["zombie bees", 5, 5, 0],
      ["night", 2, 0, 3],
    ]);
    expect(rows[0]!.lastSearchedAt > MON.toISOString()).toBe(true);
  });

  it("forgets a deleted title's views, deleted alone or in bulk", async () => {
    const a = await createTitle(ctx.db, buildMovie({ title: "A" }));
    const b = await createTitle(ctx.db, buildMovie({ title: "B" }));
    const c = await createTitle(ctx.db, buildMovie({ title: "C" }));
    const counter = new AnalyticsCounter(ctx.db, { flushMs: 0 });
    for (const t of [a, b, c]) counter.view(t.id, TUE);
    await counter.close();
    const editor = { id: null, name: "Editor" };
    await removeFromTitle(ctx.db, editor, a.id, "title", a.id);
    await applyBulkAction(ctx.db, editor, { action: "delete", ids: [b.id] });
    expect((await viewRows(ctx.db)).map((r) => r.title_id)).toEqual([c.id]);
  });
});
