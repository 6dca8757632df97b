import { beforeEach, expect, it } from "vitest";
import { describeEachDatabase } from "#tests/helpers/database.ts";
import { insertContactMessage, insertDmcaNotice, insertReport, insertReportGroup, insertRequest } from "#tests/factories/inbox.ts";
import { buildMovie } from "#tests/factories/titles.ts";
import { listAudit, type Actor } from "#app/modules/audit/audit.server.ts";
import { actorOf, createAdmin } from "#app/modules/auth/accounts.server.ts";
import { createTitle } from "#app/modules/catalogue/write.server.ts";
import { AppError } from "#app/utils/errors.ts";
import { setContactStatus } from "./contact/actions.server.ts";
import { getContactDetail } from "./contact/queries.server.ts";
import { countUnread, getInboxSummary, listInbox, markInboxRead } from "./inbox.server.ts";
import { INBOX_PAGE_SIZE, STATUS_NOT_ALLOWED } from "./inbox.ts";
import { setReportGroupStatus } from "./reports/actions.server.ts";
import { getReportDetail } from "./reports/queries.server.ts";
import { setRequestStatus } from "./requests/actions.server.ts";
import { getRequestDetail } from "./requests/queries.server.ts";
import { CHOOSE_FULFILLING_TITLE, DECLINE_REASON_REQUIRED } from "./requests/schema.ts";

async function failure(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

const all = { status: null, q: "", page: 1 };

describeEachDatabase("inbox lists and triage", (ctx) => {
  let actor: Actor;
  beforeEach(async () => {
    const admin = await createAdmin(ctx.db, null, {
      name: "Triage Tester",
      email: "triage@example.com",
      password: "a-long-password-1",
      confirmPassword: "a-long-password-1",
      role: "editor",
    });
    actor = actorOf(admin);
  });
  const audit = async () => (await listAudit(ctx.db, { perPage: 50 })).items;

  it("lists requests newest first, 20 a page, filtered by status and by text in any case", async () => {
    for (let i = 1; i <= 23; i++) await insertRequest(ctx.db, { title: `Film ${String(i).padStart(2, "0")}` });
    await insertRequest(ctx.db, {
      title: "Ökologie DER Zukunft",
      status: "declined",
      submissions: [{ name: "Zoë Example", email: "zoe@example.com" }],
    });

    const first = await listInbox(ctx.db, "requests", all);
    expect(first.total).toBe(24);
    expect(first.items).toHaveLength(INBOX_PAGE_SIZE);
    expect(first.items[0]!.title).toBe("Ökologie DER Zukunft");
    expect(first.items[1]!.title).toBe("Film 23");
    const last = await listInbox(ctx.db, "requests", { ...all, page: 9 });
    expect(last.page).toBe(2);
    expect(last.items.map((r) => r.title)).toEqual(["Film 04", "Film 03", "Film 02", "Film 01"]);

    expect((await listInbox(ctx.db, "requests", { ...all, status: "declined" })).items.map((r) => r.title)).toEqual([
      "Ökologie DER Zukunft",
    ]);
    expect((await listInbox(ctx.db, "requests", { ...all, status: "pending" })).total).toBe(23);
    // Case is ignored for non-ASCII letters too, and names and e-mails are searched.
    expect((await listInbox(ctx.db, "requests", { ...all, q: "öKOLOGIE der" })).total).toBe(1);
    expect((await listInbox(ctx.db, "requests", { ...all, q: "ZOE@EXAMPLE" })).total).toBe(1);
    expect((await listInbox(ctx.db, "requests", { ...all, q: "film 1" })).total).toBe(10);
    // LIKE wildcards are literal.
    expect((await listInbox(ctx.db, "requests", { ...all, q: "%" })).total).toBe(0);
  });

  it("lists a report group once, with its size, and searches contact messages and notices", async () => {
    await insertReportGroup(ctx.db, { contentName: "Detour 720p", linkUrl: "https://host.example/a" }, 2);
    await insertReport(ctx.db, { contentName: "Another Film", status: "fixed", readAt: "2026-11-02T00:00:00.000Z" });
    const reports = await listInbox(ctx.db, "reports", all);
    expect(reports.items.map((r) => [r.title, r.count, r.status])).toEqual([
      ["Another Film", 1, "fixed"],
      ["Detour 720p", 3, "open"],
    ]);
    expect((await listInbox(ctx.db, "reports", { ...all, q: "HOST.EXAMPLE" })).items.map((r) => r.title)).toEqual(["Detour 720p"]);

    await insertContactMessage(ctx.db, { subject: "Partnership", message: "Let us talk" });
    await insertContactMessage(ctx.db, { subject: null, message: "Where is season two?", status: "archived" });
    expect((await listInbox(ctx.db, "contact", { ...all, q: "SEASON" })).items.map((r) => r.title)).toEqual(["Where is season two?"]);
    expect((await listInbox(ctx.db, "contact", { ...all, status: "new" })).items.map((r) => r.title)).toEqual(["Partnership"]);

    await insertDmcaNotice(ctx.db, { contentUrl: "https://cinedex.example/movie/9/detour" });
    expect((await listInbox(ctx.db, "dmca", { ...all, q: "DETOUR" })).total).toBe(1);
    expect((await listInbox(ctx.db, "dmca", { ...all, status: "rejected" })).total).toBe(0);
  });

  it("counts unread items per kind (a report group once) and opening one marks it read", async () => {
    const request = await insertRequest(ctx.db, { title: "Wanted" });
    await insertRequest(ctx.db, { title: "Seen", readAt: "2026-11-02T00:00:00.000Z" });
    const { primaryId } = await insertReportGroup(ctx.db, { contentName: "Broken" }, 2);
    await insertContactMessage(ctx.db);
    await insertDmcaNotice(ctx.db);
    await insertDmcaNotice(ctx.db);
    expect(await countUnread(ctx.db)).toEqual({ requests: 1, reports: 1, contact: 0 + 1, dmca: 2 });

    await markInboxRead(ctx.db, "requests", request);
    await markInboxRead(ctx.db, "reports", primaryId);
    expect(await countUnread(ctx.db)).toEqual({ requests: 0, reports: 0, contact: 1, dmca: 2 });
    expect((await listInbox(ctx.db, "reports", all)).items[0]!.unread).toBe(false);

    // A new report merged into a read group makes the group unread again.
    await insertReport(ctx.db, { contentName: "Broken", primaryId });
    expect((await countUnread(ctx.db)).reports).toBe(1);
    expect((await listInbox(ctx.db, "reports", all)).items[0]!.unread).toBe(true);
  });

  it("shows a request with every person who asked, and fulfils it with a catalogue title, audited", async () => {
    const movie = await createTitle(ctx.db, buildMovie({ title: "Metropolis" }));
    const id = await insertRequest(ctx.db, {
      title: "Metropolis",
      year: 1927,
      submissions: [
        {
          name: "Ann",
          email: "ann@example.com",
          message: "Restored cut please",
          quality: "1080p",
          city: "Lyon",
          region: "Auvergne-Rhône-Alpes",
          country: "France",
          latitude: 45.76,
          longitude: 4.84,
        },
        { name: "Bo", email: null, message: null, source: "quick" },
      ],
    });
    const detail = await getRequestDetail(ctx.db, id);
    expect(detail).toMatchObject({ title: "Metropolis", year: 1927, requestCount: 2, status: "pending" });
    expect(detail!.submissions.map((s) => [s.name, s.email, s.message, s.quality, s.location])).toEqual([
      ["Ann", "ann@example.com", "Restored cut please", "1080p", "Lyon, Auvergne-Rhône-Alpes, France"],
      ["Bo", null, null, null, null],
    ]);
    expect(detail!.submissions[0]!.coordinates).toEqual({ latitude: 45.76, longitude: 4.84 });

    const noTitle = await failure(setRequestStatus(ctx.db, actor, id, { status: "fulfilled", fulfilledTitleId: null }));
    expect([noTitle.status, noTitle.message]).toEqual([400, CHOOSE_FULFILLING_TITLE]);
    await setRequestStatus(ctx.db, actor, id, { status: "fulfilled", fulfilledTitleId: movie.id });
    const done = await getRequestDetail(ctx.db, id);
    expect(done).toMatchObject({ status: "fulfilled", fulfilledTitle: { id: movie.id, title: "Metropolis" }, resolvedBy: "Triage Tester" });
    expect(done!.resolvedAt).not.toBeNull();
    expect((await audit())[0]).toMatchObject({
      action: "request.fulfill",
      entityType: "request",
      entityId: id,
      actor: "Triage Tester",
      adminId: actor.id,
    });
    expect((await audit())[0]!.summary).toContain("Metropolis");

    // Fulfilled is final until reopened.
    expect((await failure(setRequestStatus(ctx.db, actor, id, { status: "declined", reason: "x" }))).message).toBe(STATUS_NOT_ALLOWED);
    await setRequestStatus(ctx.db, actor, id, { status: "pending" });
    expect(await getRequestDetail(ctx.db, id)).toMatchObject({ status: "pending", fulfilledTitle: null, resolvedAt: null });
    expect((await audit())[0]).toMatchObject({ action: "request.reopen", entityId: id });
  });

  it("declines a request only with a reason, audited", async () => {
    const id = await insertRequest(ctx.db, { title: "Lost Film" });
    const missing = await failure(setRequestStatus(ctx.db, actor, id, { status: "declined", reason: "   " }));
    expect([missing.status, missing.message, missing.fields]).toEqual([
      400,
      DECLINE_REASON_REQUIRED,
      { reason: [DECLINE_REASON_REQUIRED] },
    ]);
    expect((await getRequestDetail(ctx.db, id))!.status).toBe("pending");
    await setRequestStatus(ctx.db, actor, id, { status: "declined", reason: "No public-domain copy exists" });
    expect(await getRequestDetail(ctx.db, id)).toMatchObject({ status: "declined", declineReason: "No public-domain copy exists" });
    expect((await audit())[0]).toMatchObject({
      action: "request.decline",
      entityType: "request",
      entityId: id,
      summary: "Declined the request for “Lost Film”: No public-domain copy exists",
    });
  });

  it("closes and reopens a report group as a whole, audited", async () => {
    const movie = await createTitle(ctx.db, buildMovie({ title: "Detour" }));
    const link = movie.releases[0]!.files[0]!.links[0]!;
    const { primaryId, mergedIds } = await insertReportGroup(
      ctx.db,
      { contentName: "Detour", linkId: link.id, linkUrl: link.url, titleId: movie.id, quality: "720p" },
      2,
    );
    const other = await insertReport(ctx.db, { contentName: "Unrelated" });

    const detail = await getReportDetail(ctx.db, primaryId);
    expect(detail).toMatchObject({
      contentName: "Detour",
      linkReplaced: false,
      link: { id: link.id, url: link.url },
      title: { id: movie.id, title: "Detour" },
    });
    expect(detail!.reports.map((r) => r.id)).toEqual([primaryId, ...mergedIds]);
    // A merged report is not an item of its own.
    expect(await getReportDetail(ctx.db, mergedIds[0]!)).toBeNull();

    await setReportGroupStatus(ctx.db, actor, primaryId, "invalid", "Works for us");
    const rows = await ctx.db.selectFrom("link_reports").select(["id", "status", "resolution_note", "resolved_by"]).orderBy("id").execute();
    expect(rows.map((r) => [r.id, r.status, r.resolution_note, r.resolved_by])).toEqual([
      [primaryId, "invalid", "Works for us", actor.id],
      [mergedIds[0], "invalid", "Works for us", actor.id],
      [mergedIds[1], "invalid", "Works for us", actor.id],
      [other, "open", null, null],
    ]);
    expect((await audit())[0]).toMatchObject({ action: "report.invalid", entityType: "report", entityId: primaryId });
    expect((await audit())[0]!.summary).toContain("3 reports");

    expect((await failure(setReportGroupStatus(ctx.db, actor, primaryId, "fixed", null))).message).toBe(STATUS_NOT_ALLOWED);
    await setReportGroupStatus(ctx.db, actor, primaryId, "open", null);
    const reopened = await ctx.db
      .selectFrom("link_reports")
      .select("status")
      .where("id", "in", [primaryId, ...mergedIds])
      .execute();
    expect(reopened.map((r) => r.status)).toEqual(["open", "open", "open"]);
    expect((await audit())[0]).toMatchObject({ action: "report.reopen", entityId: primaryId });
    await setReportGroupStatus(ctx.db, actor, primaryId, "fixed", null);
    expect((await getReportDetail(ctx.db, primaryId))!.status).toBe("fixed");
  });

  it("answers, archives and reopens contact messages, audited", async () => {
    const id = await insertContactMessage(ctx.db, { name: "Ada", subject: "Hello" });
    await setContactStatus(ctx.db, actor, id, "answered");
    expect(await getContactDetail(ctx.db, id)).toMatchObject({ status: "answered", resolvedBy: "Triage Tester" });
    expect((await audit())[0]).toMatchObject({
      action: "contact.answered",
      entityType: "contact",
      entityId: id,
      summary: "Marked the message from Ada (“Hello”) answered",
    });
    await setContactStatus(ctx.db, actor, id, "archived");
    expect((await audit())[0]).toMatchObject({ action: "contact.archived" });
    await setContactStatus(ctx.db, actor, id, "new");
    expect(await getContactDetail(ctx.db, id)).toMatchObject({ status: "new", resolvedAt: null });
    expect((await audit())[0]).toMatchObject({ action: "contact.reopen" });
    expect((await failure(setContactStatus(ctx.db, actor, id, "new"))).status).toBe(409);
    expect((await failure(setContactStatus(ctx.db, actor, 999_999, "answered"))).status).toBe(404);
  });

  it("sums up what waits for the overview, with the most requested pending titles first", async () => {
    await insertRequest(ctx.db, { title: "Twice", submissions: [{ name: "a" }, { name: "b" }] });
    await insertRequest(ctx.db, { title: "Thrice", submissions: [{ name: "a" }, { name: "b" }, { name: "c" }] });
    await insertRequest(ctx.db, {
      title: "Done",
      status: "fulfilled",
      submissions: [{ name: "a" }, { name: "b" }, { name: "c" }, { name: "d" }],
    });
    await insertReportGroup(ctx.db, { contentName: "x" }, 3);
    await insertReport(ctx.db, { contentName: "y", status: "fixed" });
    await insertContactMessage(ctx.db);
    await insertContactMessage(ctx.db, { status: "answered" });
    await insertDmcaNotice(ctx.db, { status: "actioned" });
    const summary = await getInboxSummary(ctx.db);
    expect(summary).toMatchObject({ openRequests: 2, openReports: 1, newMessages: 1, dmcaWaiting: 0 });
    expect(summary.topRequested.map((r) => [r.title, r.requestCount])).toEqual([
      ["Thrice", 3],
      ["Twice", 2],
    ]);
  });
});
