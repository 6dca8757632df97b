import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import { describeEachDatabase } from "#tests/helpers/database.ts";
import { insertReport } from "#tests/factories/inbox.ts";
import { buildMovie } from "#tests/factories/titles.ts";
import { startLinkHost, type LinkHost } from "#tests/helpers/link-hosts.ts";
import { listAudit } from "#app/modules/audit/audit.server.ts";
import { getTitle } from "#app/modules/catalogue/read.server.ts";
import { createTitle } from "#app/modules/catalogue/write.server.ts";
import type { InboxEvent } from "#app/modules/inbox/events.ts";
import { getReportDetail } from "#app/modules/inbox/reports/queries.server.ts";
import { getCatalogueStats } from "#app/modules/catalogue/admin-read.server.ts";
import { updateSettings } from "#app/modules/settings/settings.server.ts";
import { readContentVersion } from "#app/modules/site/content-version.server.ts";
import { allowLoopbackPortsForTests } from "#app/utils/safe-fetch.server.ts";
import {
  checkLinkNow,
  checkTitleNow,
  countNeverChecked,
  getLinkHealthDetail,
  getLinkHealthOverview,
  markAllLinksDue,
} from "./admin.server.ts";
import { FOUND_BY_CHECKER, LINK_CHECK_HISTORY, RECOVERED_NOTE } from "./record.server.ts";
import { runDueLinkChecks } from "./sweep.server.ts";

const HOUR = 3_600_000;

describeEachDatabase("link health", (ctx) => {
  let host: LinkHost;
  let revoke: () => void;
  beforeAll(async () => {
    host = await startLinkHost();
    revoke = allowLoopbackPortsForTests([host.port]);
  });
  afterAll(async () => {
    revoke();
    await host.close();
  });

  /** A movie whose three links point at the test host: [a, b] on the 720p file, c on the 1080p. */
  let movie: { id: number; links: number[] };
  let events: InboxEvent[];
  const setUrl = (id: number, path: string) =>
    ctx.db
      .updateTable("links")
      .set({ url: `${host.origin}${path}` })
      .where("id", "=", id)
      .execute();
  const sweep = (now: Date, extra: Parameters<typeof runDueLinkChecks>[1] = {}) =>
    runDueLinkChecks(ctx.db, { now, hostDelayMs: 0, timeoutMs: 3_000, notify: (e) => events.push(e), ...extra });
  const linkStatus = async (id: number) =>
    (await ctx.db.selectFrom("links").select("status").where("id", "=", id).executeTakeFirstOrThrow()).status;
  const reports = () => ctx.db.selectFrom("link_reports").selectAll().orderBy("id").execute();

  beforeEach(async () => {
    events = [];
    const created = await createTitle(ctx.db, buildMovie({ title: "Carnival of Souls" }));
    const links = created.releases.flatMap((r) => r.files.flatMap((f) => f.links.map((l) => l.id)));
    movie = { id: created.id, links };
    await setUrl(links[0]!, "/ok/a.mkv");
    await setUrl(links[1]!, "/404");
    await setUrl(links[2]!, "/ok/c.mkv");
  });

  it("checks every visible link once per interval and records the answer and the history", async () => {
    const t0 = new Date("2026-11-26T10:00:00.000Z");
    await ctx.db.updateTable("links").set({ status: "disabled" }).where("id", "=", movie.links[2]!).execute();
    const first = await sweep(t0);
    expect(first).toMatchObject({ checked: 2, ok: 1, failed: 1, inconclusive: 0, markedBroken: 0 });

    const ok = await getLinkHealthDetail(ctx.db, movie.links[0]!);
    expect(ok).toMatchObject({
      health: "ok",
      httpStatus: 200,
      finalUrl: `${host.origin}/ok/a.mkv`,
      contentLength: 4096,
      contentType: "video/x-matroska",
      checkedAt: t0.toISOString(),
      consecutiveFailures: 0,
    });
    // Due again after a day, give or take a tenth.
    const due = Date.parse(ok!.nextCheckAt!) - t0.getTime();
    expect(due).toBeGreaterThanOrEqual(0.9 * 24 * HOUR);
    expect(due).toBeLessThanOrEqual(1.1 * 24 * HOUR);
    expect(ok!.history).toEqual([expect.objectContaining({ outcome: "ok", httpStatus: 200 })]);

    // One failure is not yet broken; it is confirmed an hour later rather than a day.
    const failing = await getLinkHealthDetail(ctx.db, movie.links[1]!);
    expect(failing).toMatchObject({ health: "unknown", consecutiveFailures: 1, httpStatus: 404, error: "HTTP 404 Not Found" });
    expect(failing!.nextCheckAt).toBe(new Date(t0.getTime() + HOUR).toISOString());
    expect(await linkStatus(movie.links[1]!)).toBe("ok");

    expect(await sweep(new Date(t0.getTime() + 10 * 60_000))).toMatchObject({ checked: 0 });
    // The disabled link is never checked.
    expect(await getLinkHealthDetail(ctx.db, movie.links[2]!)).toMatchObject({ checkedAt: null, health: "unknown" });
  });

  it("marks a link broken after two failures in a row, opens one report found by the checker, and notifies once", async () => {
    const t0 = new Date("2026-11-26T10:00:00.000Z");
    const versionBefore = await readContentVersion(ctx.db);
    await sweep(t0);
    expect(await reports()).toEqual([]);
    const second = await sweep(new Date(t0.getTime() + HOUR));
    expect(second).toMatchObject({ checked: 1, failed: 1, markedBroken: 1 });

    expect(await linkStatus(movie.links[1]!)).toBe("broken");
    expect(await readContentVersion(ctx.db)).toBeGreaterThan(versionBefore!);
    // Visitors see it marked, not hidden.
    const title = await getTitle(ctx.db, movie.id);
    const shown = title!.releases[0]!.files[0]!.links.find((l) => l.id === movie.links[1]);
    expect(shown?.status).toBe("broken");

    const [report, ...more] = await reports();
    expect(more).toEqual([]);
    expect(report).toMatchObject({
      link_id: movie.links[1],
      title_id: movie.id,
      content_name: "Carnival of Souls",
      status: "open",
      quality: "720p",
    });
    expect(Boolean(report!.found_by_checker)).toBe(true);
    expect(report!.additional_info).toBe(`${FOUND_BY_CHECKER}: HTTP 404 Not Found (2 failed checks in a row)`);
    expect(events).toEqual([
      expect.objectContaining({
        kind: "reports",
        id: report!.id,
        merged: false,
        summary: expect.stringMatching(/^Broken link found by the link checker: "Carnival of Souls"/),
      }),
    ]);
    expect((await getCatalogueStats(ctx.db)).brokenLinks).toBe(1);
    expect(await getReportDetail(ctx.db, report!.id)).toMatchObject({ foundByChecker: true, status: "open" });

    // A third failure a day later: still one report, no second notification.
    await sweep(new Date(t0.getTime() + 30 * HOUR));
    expect(await reports()).toHaveLength(1);
    expect(events).toHaveLength(1);
    expect((await getLinkHealthDetail(ctx.db, movie.links[1]!))!.consecutiveFailures).toBe(3);
  });

  it("marks a recovered link ok again and closes the checker's report", async () => {
    const t0 = new Date("2026-11-26T10:00:00.000Z");
    await sweep(t0);
    await sweep(new Date(t0.getTime() + HOUR));
    await setUrl(movie.links[1]!, "/ok/back.mkv");
    const summary = await sweep(new Date(t0.getTime() + 30 * HOUR));
    expect(summary).toMatchObject({ recovered: 1 });
    expect(await linkStatus(movie.links[1]!)).toBe("ok");
    expect(await getLinkHealthDetail(ctx.db, movie.links[1]!)).toMatchObject({
      health: "ok",
      consecutiveFailures: 0,
      markedByChecker: false,
    });
    const [report] = await reports();
    expect(report).toMatchObject({ status: "fixed", resolution_note: RECOVERED_NOTE, resolved_by: null });
    const audit = (await listAudit(ctx.db, { perPage: 5 })).items;
    expect(audit[0]).toMatchObject({ actor: "Link checker", action: "report.fixed", entityId: report!.id });
  });

  it("starts afresh when an admin gives a link a new address: due at once, old failures forgotten", async () => {
    const t0 = new Date("2026-11-26T10:00:00.000Z");
    await sweep(t0);
    await sweep(new Date(t0.getTime() + HOUR));
    expect(await linkStatus(movie.links[1]!)).toBe("broken");
    await setUrl(movie.links[1]!, "/500");
    // Not due by time (a day later), but due because its address changed; one failure of the new address is not yet broken.
    expect(await sweep(new Date(t0.getTime() + 2 * HOUR))).toMatchObject({ checked: 1, failed: 1 });
    expect(await getLinkHealthDetail(ctx.db, movie.links[1]!)).toMatchObject({ consecutiveFailures: 1, httpStatus: 500 });
    await setUrl(movie.links[1]!, "/ok/replaced.mkv");
    expect(await sweep(new Date(t0.getTime() + 3 * HOUR))).toMatchObject({ checked: 1, recovered: 1 });
    expect(await linkStatus(movie.links[1]!)).toBe("ok");
  });

  it("follows the settings: one failure is enough when so set; an admin's own 'broken' is never undone", async () => {
    await updateSettings(ctx.db, { linkHealth: { intervalHours: 6, failureThreshold: 1, hideBroken: false } });
    await ctx.db.updateTable("links").set({ status: "broken" }).where("id", "=", movie.links[0]!).execute();
    const t0 = new Date("2026-11-26T10:00:00.000Z");
    expect(await sweep(t0)).toMatchObject({ markedBroken: 1 });
    expect(await linkStatus(movie.links[1]!)).toBe("broken");
    // The admin marked links[0] broken; the checker finds it fine but leaves the admin's word.
    expect(await linkStatus(movie.links[0]!)).toBe("broken");
    const ok = await getLinkHealthDetail(ctx.db, movie.links[0]!);
    expect(ok).toMatchObject({ health: "ok", markedByChecker: false });
    expect(Date.parse(ok!.nextCheckAt!) - t0.getTime()).toBeLessThanOrEqual(1.1 * 6 * HOUR);
  });

  it("hides broken links from visitors only when the admin asks", async () => {
    await updateSettings(ctx.db, { linkHealth: { intervalHours: 24, failureThreshold: 1, hideBroken: true } });
    await sweep(new Date("2026-11-26T10:00:00.000Z"));
    const hidden = await getTitle(ctx.db, movie.id, { hideBroken: true });
    expect(hidden!.releases[0]!.files[0]!.links.map((l) => l.id)).toEqual([movie.links[0]]);
    const admin = await getTitle(ctx.db, movie.id, { includeDisabled: true });
    expect(admin!.releases[0]!.files[0]!.links).toHaveLength(2);
  });

  it("flags a visitor's open report instead of opening a second one", async () => {
    const visitor = await insertReport(ctx.db, {
      contentName: "Carnival of Souls",
      linkId: movie.links[1]!,
      linkUrl: "x",
      titleId: movie.id,
    });
    const t0 = new Date("2026-11-26T10:00:00.000Z");
    await sweep(t0);
    await sweep(new Date(t0.getTime() + HOUR));
    const all = await reports();
    expect(all.map((r) => [r.id, Boolean(r.found_by_checker), r.status])).toEqual([[visitor, true, "open"]]);
    expect(events).toEqual([]);
  });

  it("honours 429: the host's other links wait for its Retry-After", async () => {
    await setUrl(movie.links[0]!, "/429?after=600");
    await setUrl(movie.links[1]!, "/ok/b.mkv");
    await setUrl(movie.links[2]!, "/ok/c.mkv");
    const t0 = new Date("2026-11-26T10:00:00.000Z");
    const summary = await sweep(t0, { perHost: 1 });
    expect(summary).toMatchObject({ checked: 1, inconclusive: 1, deferred: 2 });
    const rows = await ctx.db.selectFrom("link_health").select(["link_id", "status", "next_check_at"]).orderBy("link_id").execute();
    expect(rows.map((r) => r.status)).toEqual(["unknown", "unknown", "unknown"]);
    for (const r of rows) expect(Date.parse(r.next_check_at!)).toBeGreaterThanOrEqual(t0.getTime() + 600_000);
    expect(await sweep(new Date(t0.getTime() + 60_000))).toMatchObject({ checked: 0 });
  });

  it("checks one link or one title on demand, and makes everything due for the next sweep", async () => {
    const detail = await checkLinkNow(ctx.db, movie.links[1]!, { timeoutMs: 3_000 });
    expect(detail).toMatchObject({ consecutiveFailures: 1, httpStatus: 404 });
    await expect(checkLinkNow(ctx.db, 999_999)).rejects.toMatchObject({ status: 404, message: "Link not found" });
    await expect(checkTitleNow(ctx.db, 999_999)).rejects.toMatchObject({ status: 404 });

    const title = await checkTitleNow(ctx.db, movie.id, { timeoutMs: 3_000, hostDelayMs: 0 });
    expect(title).toMatchObject({ total: 3, checked: 3, ok: 2, failed: 1, markedBroken: 1 });

    const t1 = new Date(Date.now() + 60_000);
    expect(await sweep(t1)).toMatchObject({ checked: 0 });
    expect(await markAllLinksDue(ctx.db, t1)).toBe(3);
    expect(await sweep(t1)).toMatchObject({ checked: 3 });
  });

  it("lists broken, failing, slow and never-checked links, by host, and keeps a bounded history", async () => {
    const other = await createTitle(ctx.db, buildMovie({ title: "Detour" }));
    const otherIds = other.releases.flatMap((r) => r.files.flatMap((f) => f.links.map((l) => l.id)));
    await ctx.db.updateTable("links").set({ url: "https://files.example/x" }).where("id", "in", otherIds).execute();

    await updateSettings(ctx.db, { linkHealth: { intervalHours: 24, failureThreshold: 1, hideBroken: false } });
    await runDueLinkChecks(ctx.db, { now: new Date(), limit: 3, hostDelayMs: 0, timeoutMs: 3_000 });
    // Never-checked links come in id order: the first title's three.
    const overview = await getLinkHealthOverview(ctx.db, { view: "broken" });
    expect(overview.counts).toMatchObject({ broken: 1, never: 3, all: 6 });
    expect(overview.items.map((i) => i.linkId)).toEqual([movie.links[1]]);
    expect(overview.hosts[0]).toMatchObject({ host: host.origin.slice("http://".length), links: 3, broken: 1, neverChecked: 0 });
    expect(overview.hosts[1]).toMatchObject({ host: "files.example", links: 3, neverChecked: 3, averageMs: null });
    const byHost = await getLinkHealthOverview(ctx.db, { view: "all", host: "FILES.example" });
    expect(byHost.items.map((i) => i.linkId).sort()).toEqual(otherIds.sort());
    // A host name is matched literally: LIKE's wildcards in it match nothing.
    expect((await getLinkHealthOverview(ctx.db, { view: "all", host: "files_example" })).total).toBe(0);

    for (let i = 0; i < LINK_CHECK_HISTORY + 5; i++) await checkLinkNow(ctx.db, movie.links[0]!, { timeoutMs: 3_000 });
    expect((await getLinkHealthDetail(ctx.db, movie.links[0]!))!.history).toHaveLength(LINK_CHECK_HISTORY);
  });

  it("opens on never-checked links while nothing was found broken, and on broken ones once something is", async () => {
    // Nothing checked yet: the broken view would be empty, so the screen opens on the links never checked.
    const fresh = await getLinkHealthOverview(ctx.db);
    expect(fresh.view).toBe("never");
    expect(fresh.counts).toMatchObject({ broken: 0, failing: 0, never: 3 });
    expect(fresh.items.map((i) => i.linkId).sort()).toEqual([...movie.links].sort());
    expect(await countNeverChecked(ctx.db)).toBe(3);

    await updateSettings(ctx.db, { linkHealth: { intervalHours: 24, failureThreshold: 1, hideBroken: false } });
    await checkLinkNow(ctx.db, movie.links[1]!, { timeoutMs: 3_000 });
    expect(await countNeverChecked(ctx.db)).toBe(2);
    const found = await getLinkHealthOverview(ctx.db);
    expect(found.view).toBe("broken");
    expect(found.items.map((i) => i.linkId)).toEqual([movie.links[1]]);

    // A disabled link is not listed, so it is not counted as waiting for a check either.
    await ctx.db.updateTable("links").set({ status: "disabled" }).where("id", "=", movie.links[0]!).execute();
    expect(await countNeverChecked(ctx.db)).toBe(1);
    // Everything checked and fine: all links.
    await ctx.db.updateTable("links").set({ status: "disabled" }).where("id", "in", [movie.links[1]!, movie.links[2]!]).execute();
    await ctx.db.updateTable("links").set({ status: "ok" }).where("id", "=", movie.links[0]!).execute();
    await checkLinkNow(ctx.db, movie.links[0]!, { timeoutMs: 3_000 });
    expect((await getLinkHealthOverview(ctx.db)).view).toBe("all");
  });
});
