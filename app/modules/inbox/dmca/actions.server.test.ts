import { beforeEach, expect, it } from "vitest";
import { describeEachDatabase } from "#tests/helpers/database.ts";
import { insertDmcaNotice } from "#tests/factories/inbox.ts";
import { buildMovie, buildSeries } from "#tests/factories/titles.ts";
import { listAudit, type Actor } from "#app/modules/audit/audit.server.ts";
import { actorOf, createAdmin } from "#app/modules/auth/accounts.server.ts";
import { getTitle } from "#app/modules/catalogue/read.server.ts";
import { createTitle } from "#app/modules/catalogue/write.server.ts";
import { followOutlink, getOutlink, LINK_NOT_FOUND, LINK_REMOVED, outlinkFailure } from "#app/modules/outlinks/outlinks.server.ts";
import { AppError } from "#app/utils/errors.ts";
import { findCatalogueTitles } from "#app/modules/catalogue/link-refs.server.ts";
import { actionDmcaNotice, reenableDmcaTargets, setDmcaStatus } from "./actions.server.ts";
import { getDmcaDetail } from "./queries.server.ts";
import { CHOOSE_DMCA_TARGETS } from "./schema.ts";

async function failure(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describeEachDatabase("DMCA notices", (ctx) => {
  let actor: Actor;
  beforeEach(async () => {
    const admin = await createAdmin(ctx.db, null, {
      name: "Legal Tester",
      email: "legal@example.com",
      password: "a-long-password-1",
      confirmPassword: "a-long-password-1",
      role: "admin",
    });
    actor = actorOf(admin);
  });
  const audit = async () => (await listAudit(ctx.db, { perPage: 50 })).items;
  const statuses = async (ids: number[]) =>
    (await ctx.db.selectFrom("links").select(["id", "status"]).where("id", "in", ids).orderBy("id").execute()).map((l) => l.status);

  it("disables chosen links and a whole title in one step, records the targets and actions the notice", async () => {
    const movie = await createTitle(ctx.db, buildMovie({ title: "Nosferatu" }));
    const show = await createTitle(ctx.db, buildSeries({ title: "Sherlock Test" }));
    const [a, b] = movie.releases[0]!.files[0]!.links;
    const c = movie.releases[1]!.files[0]!.links[0]!;
    const notice = await insertDmcaNotice(ctx.db, { targets: [{ titleId: movie.id, linkId: a!.id }] });

    const before = await getDmcaDetail(ctx.db, notice);
    expect(before!.targets.map((t) => [t.origin, t.link?.id, t.title?.title, t.active])).toEqual([["url", a!.id, "Nosferatu", false]]);

    const showLinks = (await getTitle(ctx.db, show.id, { includeDisabled: true }))!.releases
      .flatMap((r) => [...r.files.flatMap((f) => f.links), ...r.zipLinks])
      .map((l) => l.id);
    const result = await actionDmcaNotice(ctx.db, actor, notice, { linkIds: [a!.id, b!.id], titleIds: [show.id], note: "Valid claim" });
    expect(result.disabledLinkIds.sort((x, y) => x - y)).toEqual([a!.id, b!.id, ...showLinks].sort((x, y) => x - y));
    expect(await statuses([a!.id, b!.id, c.id])).toEqual(["disabled", "disabled", "ok"]);
    expect(new Set(await statuses(showLinks))).toEqual(new Set(["disabled"]));

    const after = await getDmcaDetail(ctx.db, notice);
    expect(after).toMatchObject({ status: "actioned", resolutionNote: "Valid claim", resolvedBy: "Legal Tester" });
    expect(after!.targets.map((t) => [t.origin, t.link?.id ?? null, t.title?.id, t.active])).toEqual([
      ["url", a!.id, movie.id, true],
      ["admin", b!.id, movie.id, true],
      ["admin", null, show.id, true],
    ]);
    const entry = (await audit())[0]!;
    expect(entry).toMatchObject({ action: "dmca.action", entityType: "dmca", entityId: notice, actor: "Legal Tester" });
    expect(entry.summary).toContain(`DMCA notice #${notice}`);
    expect(entry.summary).toContain("Nosferatu");
    expect(entry.details).toMatchObject({ noticeId: notice, titleIds: [show.id] });

    // Gone from the public site at once: the title page and the out-links.
    const publicMovie = await getTitle(ctx.db, movie.id);
    expect(publicMovie!.releases.flatMap((r) => r.files.flatMap((f) => f.links)).map((l) => l.id)).toEqual([c.id]);
    expect(await getOutlink(ctx.db, a!.id)).toBeNull();
    expect(await followOutlink(ctx.db, a!.id)).toBeNull();
    expect(await outlinkFailure(ctx.db, a!.id)).toEqual({ status: 410, message: LINK_REMOVED });
    expect(await outlinkFailure(ctx.db, showLinks[0]!)).toEqual({ status: 410, message: LINK_REMOVED });
  });

  it("refuses an empty choice, and a failed take-down leaves every link as it was", async () => {
    const notice = await insertDmcaNotice(ctx.db);
    const empty = await failure(actionDmcaNotice(ctx.db, actor, notice, { linkIds: [987_654], titleIds: [] }));
    expect([empty.status, empty.message]).toEqual([400, CHOOSE_DMCA_TARGETS]);
    expect((await getDmcaDetail(ctx.db, notice))!.status).toBe("received");

    // One transaction: when the audit write fails, no link stays disabled and no target is recorded.
    const movie = await createTitle(ctx.db, buildMovie({ title: "Rollback" }));
    const link = movie.releases[0]!.files[0]!.links[0]!;
    const badActor: Actor = { id: 2_000_000_000, name: "Ghost" };
    await expect(actionDmcaNotice(ctx.db, badActor, notice, { linkIds: [link.id], titleIds: [] })).rejects.toThrow();
    expect(await statuses([link.id])).toEqual(["ok"]);
    expect(await ctx.db.selectFrom("dmca_notice_targets").selectAll().where("notice_id", "=", notice).execute()).toEqual([]);
    expect((await getDmcaDetail(ctx.db, notice))!.status).toBe("received");
  });

  it("re-enables one target or all of them, audited", async () => {
    const movie = await createTitle(ctx.db, buildMovie({ title: "Faust" }));
    const [a, b] = movie.releases[0]!.files[0]!.links;
    const c = movie.releases[1]!.files[0]!.links[0]!;
    const notice = await insertDmcaNotice(ctx.db);
    await actionDmcaNotice(ctx.db, actor, notice, { linkIds: [a!.id, b!.id], titleIds: [] });
    const [ta] = (await getDmcaDetail(ctx.db, notice))!.targets;

    await reenableDmcaTargets(ctx.db, actor, notice, ta!.id);
    expect(await statuses([a!.id, b!.id])).toEqual(["ok", "disabled"]);
    expect(await outlinkFailure(ctx.db, a!.id)).toEqual({ status: 404, message: LINK_NOT_FOUND });
    expect(await followOutlink(ctx.db, a!.id)).toBe(a!.url);
    const detail = await getDmcaDetail(ctx.db, notice);
    expect(detail!.targets.map((t) => [t.active, t.reenabledAt !== null])).toEqual([
      [false, true],
      [true, false],
    ]);
    expect((await audit())[0]).toMatchObject({
      action: "dmca.reenable",
      entityType: "dmca",
      entityId: notice,
      details: { linkIds: [a!.id] },
    });

    // Reopening waits until nothing of the notice is disabled.
    expect((await failure(setDmcaStatus(ctx.db, actor, notice, "received"))).status).toBe(409);

    await actionDmcaNotice(ctx.db, actor, notice, { linkIds: [], titleIds: [movie.id] });
    expect(await statuses([a!.id, b!.id, c.id])).toEqual(["disabled", "disabled", "disabled"]);
    await reenableDmcaTargets(ctx.db, actor, notice, "all");
    expect(await statuses([a!.id, b!.id, c.id])).toEqual(["ok", "ok", "ok"]);
    expect((await getDmcaDetail(ctx.db, notice))!.targets.every((t) => !t.active)).toBe(true);
    expect((await failure(reenableDmcaTargets(ctx.db, actor, notice, "all"))).status).toBe(409);

    await setDmcaStatus(ctx.db, actor, notice, "received");
    expect((await getDmcaDetail(ctx.db, notice))!.status).toBe("received");
    expect((await audit())[0]).toMatchObject({ action: "dmca.reopen", entityId: notice });
  });

  it("rejects a notice with a note and reopens it, audited; a rejected notice takes nothing down", async () => {
    const movie = await createTitle(ctx.db, buildMovie({ title: "Caligari" }));
    const notice = await insertDmcaNotice(ctx.db, { contentUrl: "https://elsewhere.example/x" });
    await setDmcaStatus(ctx.db, actor, notice, "rejected", "Not our content");
    expect(await getDmcaDetail(ctx.db, notice)).toMatchObject({ status: "rejected", resolutionNote: "Not our content" });
    expect((await audit())[0]).toMatchObject({ action: "dmca.reject", entityType: "dmca", entityId: notice });
    expect((await failure(actionDmcaNotice(ctx.db, actor, notice, { linkIds: [], titleIds: [movie.id] }))).status).toBe(409);
    await setDmcaStatus(ctx.db, actor, notice, "received");
    expect((await audit())[0]).toMatchObject({ action: "dmca.reopen" });
  });

  it("finds catalogue titles with their links, in any case", async () => {
    const movie = await createTitle(ctx.db, buildMovie({ title: "Häxan" }));
    await createTitle(ctx.db, buildMovie({ title: "Other" }));
    const found = await findCatalogueTitles(ctx.db, "HÄX");
    expect(found.map((t) => [t.id, t.links.length])).toEqual([[movie.id, 3]]);
    expect(await findCatalogueTitles(ctx.db, "  ")).toEqual([]);
  });
});
