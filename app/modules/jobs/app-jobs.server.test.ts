import pino from "pino";
import { expect, it, vi } from "vitest";
import { createFirstAdmin } from "#app/modules/auth/accounts.server.ts";
import { createTitle } from "#app/modules/catalogue/write.server.ts";
import { buildMovie } from "#tests/factories/titles.ts";
import { describeEachDatabase } from "#tests/helpers/database.ts";
import type { SweepSummary } from "#app/modules/linkhealth/sweep.server.ts";
import { LINK_CHECK_TIMEOUT_MS } from "#app/modules/linkhealth/check.server.ts";
import { allowLoopbackPortsForTests } from "#app/utils/safe-fetch.server.ts";
import { startLinkHost } from "#tests/helpers/link-hosts.ts";
import { createTableRunner } from "./table-runner.server.ts";
import { defineAppJobs, LINK_CHECK_JOB, POPULARITY_JOB, pruneOldRows, TMDB_FIGURES_JOB } from "./app-jobs.server.ts";
import type { TmdbClient } from "#app/integrations/tmdb/client.server.ts";
import type { JobDefinition, JobRunner } from "./jobs.server.ts";

const NOW = new Date("2026-11-26T12:00:00.000Z");
const ago = (ms: number) => new Date(NOW.getTime() - ms).toISOString();
const later = (ms: number) => new Date(NOW.getTime() + ms).toISOString();
const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
const PASSWORD = "correct horse battery staple";

describeEachDatabase("the prune job", (ctx) => {
  it("removes ended sessions, past days' click hashes and old sign-in attempts, and keeps the rest", async () => {
    const admin = await createFirstAdmin(ctx.db, {
      name: "Root",
      email: "root@example.com",
      password: PASSWORD,
      confirmPassword: PASSWORD,
    });
    const session = (id: string, persistent: boolean, lastSeen: string, expires: string) => ({
      id,
      admin_id: admin.id,
      persistent,
      created_at: ago(DAY),
      last_seen_at: lastSeen,
      expires_at: expires,
      user_agent: null,
    });
    await ctx.db
      .insertInto("admin_sessions")
      .values([
        session("expired", true, ago(HOUR), ago(1)),
        session("browser-idle", false, ago(3 * HOUR), later(DAY)),
        session("browser-live", false, ago(HOUR), later(DAY)),
        session("remembered-idle", true, ago(8 * DAY), later(DAY)),
        session("remembered-live", true, ago(6 * DAY), later(DAY)),
      ])
      .execute();

    const { id: accountId } = await ctx.db
      .insertInto("google_accounts")
      .values({ subject: "sub-1", email: "g@example.com", name: "G", picture: null, created_at: ago(DAY), updated_at: ago(DAY) })
      .returning("id")
      .executeTakeFirstOrThrow();
    await ctx.db
      .insertInto("google_sessions")
      .values([
        { id: "g-expired", account_id: accountId, tokens: "x", created_at: ago(DAY), expires_at: ago(1) },
        { id: "g-live", account_id: accountId, tokens: "x", created_at: ago(HOUR), expires_at: later(HOUR) },
      ])
      .execute();

    const movie = await createTitle(ctx.db, buildMovie({ title: "Detour" }));
    const linkId = movie.releases[0]!.files[0]!.links[0]!.id;
    await ctx.db
      .insertInto("link_click_visitors")
      .values([
        { link_id: linkId, day: "2026-11-24", visitor: "a" },
        { link_id: linkId, day: "2026-11-25", visitor: "b" },
        { link_id: linkId, day: "2026-11-26", visitor: "c" },
      ])
      .execute();
    await ctx.db.insertInto("link_clicks").values({ link_id: linkId, day: "2026-11-24", count: 1 }).execute();

    const attempt = (at: string) => ({
      at,
      email: "root@example.com",
      admin_id: admin.id,
      client: "127.0.0.1",
      outcome: "failure" as const,
    });
    await ctx.db
      .insertInto("login_attempts")
      .values([attempt(ago(31 * DAY)), attempt(ago(29 * DAY))])
      .execute();

    const job = (state: "done" | "failed" | "pending", finished: string | null) => ({
      name: "notify.deliver",
      data: "{}",
      state,
      retry_limit: 1,
      retry_delay_s: 1,
      retry_backoff: false,
      run_at: ago(3 * DAY),
      finished_at: finished,
      created_at: ago(3 * DAY),
    });
    await ctx.db
      .insertInto("jobs")
      .values([job("done", ago(3 * DAY)), job("failed", ago(3 * DAY)), job("done", ago(HOUR)), job("pending", null)])
      .execute();

    expect(await pruneOldRows(ctx.db, NOW)).toEqual({
      adminSessions: 3,
      googleSessions: 1,
      clickVisitors: 1,
      loginAttempts: 1,
      finishedJobs: 2,
    });

    const ids = async (table: "admin_sessions" | "google_sessions") =>
      (await ctx.db.selectFrom(table).select("id").orderBy("id").execute()).map((r) => r.id);
    expect(await ids("admin_sessions")).toEqual(["browser-live", "remembered-live"]);
    expect(await ids("google_sessions")).toEqual(["g-live"]);
    const days = await ctx.db.selectFrom("link_click_visitors").select("day").orderBy("day").execute();
    expect(days.map((r) => r.day)).toEqual(["2026-11-25", "2026-11-26"]);
    // The daily counts are the analytics: they stay.
    expect(await ctx.db.selectFrom("link_clicks").select("count").execute()).toEqual([{ count: 1 }]);
    const attempts = await ctx.db.selectFrom("login_attempts").select("at").execute();
    expect(attempts.map((r) => r.at)).toEqual([ago(29 * DAY)]);
    const jobs = await ctx.db.selectFrom("jobs").select("state").orderBy("state").execute();
    expect(jobs.map((r) => r.state)).toEqual(["done", "pending"]);

    // Nothing is left to remove the second time.
    expect(await pruneOldRows(ctx.db, NOW)).toEqual({
      adminSessions: 0,
      googleSessions: 0,
      clickVisitors: 0,
      loginAttempts: 0,
      finishedJobs: 0,
    });
  });
});

describeEachDatabase("the link-check job", (ctx) => {
  const definedJobs = (linkChecks: boolean, onLinkSweep?: (summary: SweepSummary) => void) => {
    const jobs = new Map<string, JobDefinition<unknown>>();
    const runner = { define: (job: JobDefinition<unknown>) => jobs.set(job.name, job) } as unknown as JobRunner;
    const app = { db: ctx.db, logger: pino({ level: "silent" }), publicUrl: "http://cinedex.test", notifier: {} as never };
    defineAppJobs(runner, app, { linkChecks, onLinkSweep });
    return jobs;
  };

  it("is scheduled only with LINK_CHECKS on, and a run checks the due links and reports the sweep", async () => {
    expect([...definedJobs(false).keys()]).not.toContain(LINK_CHECK_JOB);
    // A link on the loopback: the checker refuses it before any connection, so nothing leaves this machine.
    const movie = await createTitle(
      ctx.db,
      buildMovie({
        releases: [
          {
            quality: "1080p",
            files: [{ title: "Loopback 1080p", size: "1 GB", links: [{ label: "local", url: "http://127.0.0.1:9/film.mkv" }] }],
          },
        ],
      }),
    );
    const linkId = movie.releases[0]!.files[0]!.links[0]!.id;
    // Other tests' links name hosts under .example: out of this sweep, so no name is looked up.
    await ctx.db.updateTable("links").set({ status: "disabled" }).where("id", "!=", linkId).execute();
    const sweeps: SweepSummary[] = [];
    const job = definedJobs(true, (summary) => sweeps.push(summary)).get(LINK_CHECK_JOB)!;
    expect(job.everySeconds).toBe(15 * 60);
    await job.run(undefined, { id: "1", attempt: 1, slot: NOW.toISOString(), signal: new AbortController().signal });
    expect(sweeps).toHaveLength(1);
    expect(sweeps[0]!.checked).toBeGreaterThanOrEqual(1);
    const health = await ctx.db.selectFrom("link_health").select(["checked_at", "error"]).where("link_id", "=", linkId).executeTakeFirst();
    expect(health?.checked_at).toBeTruthy();
  });
});

describeEachDatabase("the link-check job when the process stops", (ctx) => {
  it("a check in flight is aborted when the runner stops, not waited out; its link stays due", async () => {
    const host = await startLinkHost();
    const allowBack = allowLoopbackPortsForTests([host.port]);
    const runner = createTableRunner(ctx.db, { logger: pino({ level: "silent" }), tickMs: 50 });
    try {
      const movie = await createTitle(
        ctx.db,
        buildMovie({
          releases: [
            {
              quality: "1080p",
              // The host never sends headers: the check would wait out its 10 s timeout.
              files: [{ title: "Hanging 1080p", size: "1 GB", links: [{ label: "hangs", url: `${host.origin}/hang` }] }],
            },
          ],
        }),
      );
      const linkId = movie.releases[0]!.files[0]!.links[0]!.id;
      await ctx.db.updateTable("links").set({ status: "disabled" }).where("id", "!=", linkId).execute();
      const app = { db: ctx.db, logger: pino({ level: "silent" }), publicUrl: "http://cinedex.test", notifier: {} as never };
      defineAppJobs(runner, app, { linkChecks: true });
      await runner.start();
      await vi.waitFor(() => expect(host.requests).toContain("HEAD /hang"), { timeout: 15_000 });
      const started = Date.now();
      await runner.stop();
      const tookMs = Date.now() - started;
      // Bounded well under the check's own 10 s timeout (and the runner's 10 s wait), with headroom for a busy machine.
      expect(tookMs).toBeLessThan(LINK_CHECK_TIMEOUT_MS / 2);
      const health = await ctx.db.selectFrom("link_health").select("checked_at").where("link_id", "=", linkId).executeTakeFirst();
      expect(health?.checked_at ?? null).toBeNull();
    } finally {
      await runner.stop();
      allowBack();
      await host.close();
    }
  });
});

describeEachDatabase("the popularity and TMDB figures jobs", (ctx) => {
  const definedJobs = (tmdb: TmdbClient | null) => {
    const jobs = new Map<string, JobDefinition<unknown>>();
    const runner = { define: (job: JobDefinition<unknown>) => jobs.set(job.name, job) } as unknown as JobRunner;
    const app = { db: ctx.db, logger: pino({ level: "silent" }), publicUrl: "http://cinedex.test", notifier: {} as never };
    defineAppJobs(runner, app, { linkChecks: false, tmdb });
    return jobs;
  };

  it("refreshes TMDB figures only when TMDB is configured, retrying after 5, 10 and 20 minutes", () => {
    expect([...definedJobs(null).keys()]).not.toContain(TMDB_FIGURES_JOB);
    const job = definedJobs({} as TmdbClient).get(TMDB_FIGURES_JOB)!;
    expect(job).toMatchObject({ everySeconds: 3600, retry: { limit: 3, delaySeconds: 300, backoff: true } });
  });

  it("counts the site's page views of the last 30 days in a title's popularity", async () => {
    const viewed = await createTitle(ctx.db, buildMovie({ title: "Viewed", rating: null, tmdbId: null, imdbId: null }));
    const other = await createTitle(ctx.db, buildMovie({ title: "Other", rating: null, tmdbId: null, imdbId: null }));
    const today = new Date().toISOString().slice(0, 10);
    await ctx.db
      .insertInto("title_views")
      .values([
        { title_id: viewed.id, day: today, views: 99 },
        { title_id: other.id, day: "2000-01-01", views: 5_000 },
      ])
      .execute();
    await definedJobs(null)
      .get(POPULARITY_JOB)!
      .run({}, { signal: new AbortController().signal } as never);
    const scores = new Map(
      (await ctx.db.selectFrom("search_documents").select(["title_id", "popularity"]).execute()).map((r) => [r.title_id, r.popularity]),
    );
    expect(scores.get(viewed.id)).toBe(2);
    expect(scores.get(other.id)).toBe(0);
  });
});
