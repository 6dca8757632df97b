import { beforeEach, describe, expect, it } from "vitest";
import type { Db } from "#app/db/client.server.ts";
import { createTitle } from "#app/modules/catalogue/write.server.ts";
import { CHOOSE_DMCA_TARGETS } from "#app/modules/inbox/dmca/schema.ts";
import { CONTROL_CHARACTER_MESSAGE } from "#app/utils/zod.ts";
import { ACTION_NOT_AVAILABLE, INBOX_ITEM_NOT_FOUND, STATUS_NOT_ALLOWED } from "#app/modules/inbox/inbox.ts";
import { CHOOSE_FULFILLING_TITLE, DECLINE_REASON_REQUIRED } from "#app/modules/inbox/requests/schema.ts";
import { action as resolveContact } from "#app/routes/admin/inbox/contact/resolve.ts";
import { action as disableTargets } from "#app/routes/admin/inbox/dmca/disable.ts";
import { action as reenableTargets } from "#app/routes/admin/inbox/dmca/reenable.ts";
import { action as rejectNotice } from "#app/routes/admin/inbox/dmca/reject.ts";
import { action as reopen } from "#app/routes/admin/inbox/reopen.ts";
import { action as closeReport } from "#app/routes/admin/inbox/reports/close.ts";
import { action as declineRequest } from "#app/routes/admin/inbox/requests/decline.ts";
import { action as fulfillRequest } from "#app/routes/admin/inbox/requests/fulfill.ts";
import { BODY_UNREADABLE, BODY_UNSUPPORTED } from "#app/http/form.server.ts";
import { insertContactMessage, insertDmcaNotice, insertReportGroup, insertRequest } from "#tests/factories/inbox.ts";
import { buildMovie } from "#tests/factories/titles.ts";
import { callAdminRoute, signIn, type Answer } from "#tests/helpers/admin.ts";
import { describeEachDatabase } from "#tests/helpers/database.ts";

// The inbox item's forms, one route each (/dashboard/inbox/:kind/:id/<form>), posted
// as the server would run them: the admin guard, then the route's action.

type Action = (args: never) => unknown;
type Fields = Record<string, string | string[]>;

function formBody(fields: Fields): URLSearchParams {
  const body = new URLSearchParams();
  for (const [key, value] of Object.entries(fields)) for (const v of [value].flat()) body.append(key, v);
  return body;
}

interface Post {
  action: Action;
  kind: string;
  id: number;
  form: string;
  body?: BodyInit;
  type?: string;
}

function post(db: Db, cookie: string, { action, kind, id, form, body, type }: Post): Promise<Answer> {
  return callAdminRoute(action, db, {
    method: "POST",
    path: `/dashboard/inbox/${kind}/${id}/${form}`,
    params: { kind, id: String(id) },
    body,
    contentType: type,
    cookie,
  });
}

const postForm = (db: Db, cookie: string, target: Omit<Post, "body" | "type">, fields: Fields) =>
  post(db, cookie, { ...target, body: formBody(fields) });
const postJson = (db: Db, cookie: string, target: Omit<Post, "body" | "type">, json: string) =>
  post(db, cookie, { ...target, body: json, type: "application/json" });

function expectSuccess(outcome: Answer, message: string) {
  expect(outcome.status).toBe(200);
  expect(outcome.body).toEqual({ ok: true, message });
}

/** The one failure shape every action answers. */
function expectFailure(outcome: Answer, status: number, error?: string) {
  expect(outcome.status).toBe(status);
  expect(outcome.body).toEqual({
    ok: false,
    error: error ?? expect.any(String),
    fields: expect.any(Object),
    values: expect.any(Object),
  });
}

describeEachDatabase("inbox item forms", (ctx) => {
  let cookie: string;
  beforeEach(async () => {
    ({ cookie } = await signIn(ctx.db));
  });

  const requestStatus = async (id: number) =>
    (await ctx.db.selectFrom("content_requests").select("status").where("id", "=", id).executeTakeFirstOrThrow()).status;

  it("fulfil, decline and reopen a request, each through its own route", async () => {
    const movie = await createTitle(ctx.db, buildMovie({ title: "Sunrise" }));
    const id = await insertRequest(ctx.db, { title: "Sunrise" });
    const at = (form: string, action: Action) => ({ action, kind: "requests", id, form });

    expectSuccess(
      await postForm(ctx.db, cookie, at("fulfill", fulfillRequest), { fulfilledTitleId: String(movie.id) }),
      "Request marked fulfilled",
    );
    expect(await requestStatus(id)).toBe("fulfilled");
    // Only a pending request can be fulfilled or declined.
    expectFailure(await postForm(ctx.db, cookie, at("decline", declineRequest), { reason: "No copy" }), 409, STATUS_NOT_ALLOWED);
    expectSuccess(await postForm(ctx.db, cookie, at("reopen", reopen), {}), "Request reopened");
    expectSuccess(await postForm(ctx.db, cookie, at("decline", declineRequest), { reason: "No copy" }), "Request declined");
    expect(await requestStatus(id)).toBe("declined");
  });

  it("refuse a decline without a reason and a fulfilment without a title, keeping what was typed", async () => {
    const id = await insertRequest(ctx.db, { title: "Metropolis" });
    const decline = { action: declineRequest, kind: "requests", id, form: "decline" };
    const refused = await postForm(ctx.db, cookie, decline, { reason: "   " });
    expectFailure(refused, 400, DECLINE_REASON_REQUIRED);
    expect(refused.body).toMatchObject({ fields: { reason: [DECLINE_REASON_REQUIRED] }, values: { reason: "   " } });
    const fulfill = { action: fulfillRequest, kind: "requests", id, form: "fulfill" };
    expect((await postForm(ctx.db, cookie, fulfill, {})).body).toMatchObject({ fields: { fulfilledTitleId: [CHOOSE_FULFILLING_TITLE] } });
    // A title that does not exist is refused by the module, in the same shape.
    const missing = await postForm(ctx.db, cookie, fulfill, { fulfilledTitleId: "999999" });
    expectFailure(missing, 400, CHOOSE_FULFILLING_TITLE);
    expect(missing.body).toMatchObject({ fields: { fulfilledTitleId: [CHOOSE_FULFILLING_TITLE] }, values: { fulfilledTitleId: "999999" } });
    // Text PostgreSQL cannot store is the visitor's (here the admin's) mistake, not a crash.
    expect((await postForm(ctx.db, cookie, decline, { reason: "No\0copy" })).body).toMatchObject({
      fields: { reason: [CONTROL_CHARACTER_MESSAGE] },
    });
    expect(await requestStatus(id)).toBe("pending");
  });

  it("close a report group as fixed or invalid by the button pressed, and reopen it", async () => {
    const { primaryId, mergedIds } = await insertReportGroup(ctx.db, { contentName: "Faust" }, 1);
    const close = { action: closeReport, kind: "reports", id: primaryId, form: "close" };
    expectSuccess(await postForm(ctx.db, cookie, close, { status: "invalid", note: "Works for me" }), "Report marked invalid");
    const rows = await ctx.db.selectFrom("link_reports").select(["status", "resolution_note"]).orderBy("id").execute();
    expect(rows).toEqual([
      { status: "invalid", resolution_note: "Works for me" },
      { status: "invalid", resolution_note: "Works for me" },
    ]);
    expect(await postForm(ctx.db, cookie, { ...close, action: reopen, form: "reopen" }, {})).toMatchObject({
      body: { ok: true, message: "Report reopened" },
    });
    expect(await postForm(ctx.db, cookie, close, { status: "fixed" })).toMatchObject({ body: { message: "Report marked fixed" } });
    // A merged report is not an item of its own.
    expectFailure(await postForm(ctx.db, cookie, { ...close, id: mergedIds[0]! }, { status: "fixed" }), 404, INBOX_ITEM_NOT_FOUND);
    // Any other outcome is not a button of this form.
    expectFailure(await postForm(ctx.db, cookie, close, { status: "open" }), 400, ACTION_NOT_AVAILABLE);
  });

  it("answer or archive a contact message, and mark it new again", async () => {
    const id = await insertContactMessage(ctx.db);
    const resolve = { action: resolveContact, kind: "contact", id, form: "resolve" };
    expect(await postForm(ctx.db, cookie, resolve, { status: "archived" })).toMatchObject({
      status: 200,
      body: { message: "Message archived" },
    });
    expect(await postForm(ctx.db, cookie, { ...resolve, action: reopen, form: "reopen" }, {})).toMatchObject({
      body: { message: "Message reopened" },
    });
    expect(await postForm(ctx.db, cookie, resolve, { status: "answered" })).toMatchObject({ body: { message: "Message marked answered" } });
    expectFailure(await postForm(ctx.db, cookie, resolve, {}), 400, ACTION_NOT_AVAILABLE);
  });

  it("take down what a notice names, put it back, then reject another notice", async () => {
    const movie = await createTitle(ctx.db, buildMovie({ title: "Nosferatu" }));
    const [a, b] = movie.releases[0]!.files[0]!.links;
    const notice = await insertDmcaNotice(ctx.db, { targets: [{ titleId: movie.id, linkId: a!.id }] });
    const at = (form: string, action: Action) => ({ action, kind: "dmca", id: notice, form });
    const linkStatus = async () =>
      (await ctx.db.selectFrom("links").select("status").where("id", "in", [a!.id, b!.id]).orderBy("id").execute()).map((l) => l.status);

    expectFailure(await postForm(ctx.db, cookie, at("disable", disableTargets), { note: "x" }), 400, CHOOSE_DMCA_TARGETS);
    expectSuccess(
      await postForm(ctx.db, cookie, at("disable", disableTargets), { link: [String(a!.id), String(b!.id)], note: "Valid" }),
      "Notice actioned: 2 links disabled",
    );
    expect(await linkStatus()).toEqual(["disabled", "disabled"]);
    expectSuccess(await postForm(ctx.db, cookie, at("reenable", reenableTargets), { target: "all" }), "2 links re-enabled");
    expect(await linkStatus()).toEqual(["ok", "ok"]);

    const other = await insertDmcaNotice(ctx.db);
    expectSuccess(await postForm(ctx.db, cookie, { ...at("reject", rejectNotice), id: other }, { note: "Not ours" }), "Notice rejected");
    expect(await postForm(ctx.db, cookie, { ...at("reopen", reopen), id: other }, {})).toMatchObject({
      body: { message: "Notice reopened" },
    });
  });

  it("answer 404 for a form of another kind, an unknown kind or a malformed id", async () => {
    const id = await insertContactMessage(ctx.db);
    const wrongKind = post(ctx.db, cookie, {
      action: fulfillRequest,
      kind: "contact",
      id,
      form: "fulfill",
      body: formBody({ fulfilledTitleId: "1" }),
    });
    expect((await wrongKind).status).toBe(404);
    expect((await postForm(ctx.db, cookie, { action: reopen, kind: "letters", id, form: "reopen" }, {})).status).toBe(404);
    const badId = await callAdminRoute(reopen, ctx.db, {
      path: "/dashboard/inbox/contact/007/reopen",
      params: { kind: "contact", id: "007" },
      form: {},
      cookie,
    });
    expect(badId.status).toBe(404);
    expect((await ctx.db.selectFrom("contact_messages").select("status").executeTakeFirstOrThrow()).status).toBe("new");
  });

  describe("malformed bodies are a 400 (415 for a foreign type) in the one failure shape, and change nothing", () => {
    // For each form: a body sending each of its fields twice, and one with each field of the wrong JSON type.
    const forms: { kind: string; form: string; action: Action; twice: Fields; wrongType: string }[] = [
      {
        kind: "requests",
        form: "fulfill",
        action: fulfillRequest,
        twice: { fulfilledTitleId: ["1", "2"] },
        wrongType: '{"fulfilledTitleId":1}',
      },
      { kind: "requests", form: "decline", action: declineRequest, twice: { reason: ["a", "b"] }, wrongType: '{"reason":["a"]}' },
      { kind: "reports", form: "close", action: closeReport, twice: { status: ["fixed", "invalid"] }, wrongType: '{"status":true}' },
      {
        kind: "contact",
        form: "resolve",
        action: resolveContact,
        twice: { status: ["answered", "answered"] },
        wrongType: '{"status":null}',
      },
      { kind: "dmca", form: "disable", action: disableTargets, twice: { link: "1", note: ["a", "b"] }, wrongType: '{"link":[1]}' },
      { kind: "dmca", form: "reenable", action: reenableTargets, twice: { target: ["all", "all"] }, wrongType: '{"target":{"id":1}}' },
      { kind: "dmca", form: "reject", action: rejectNotice, twice: { note: ["a", "b"] }, wrongType: '{"note":42}' },
    ];
    // Reopen has no fields: only the body itself can be malformed.
    const bodies = [...forms, { kind: "requests", form: "reopen", action: reopen, twice: null, wrongType: null }] as {
      kind: string;
      form: string;
      action: Action;
      twice: Fields | null;
      wrongType: string | null;
    }[];

    it.each(bodies.map((b) => [`${b.kind}/${b.form}`, b] as const))("%s", async (_name, { kind, form, action, twice, wrongType }) => {
      const seed: Record<string, () => Promise<number>> = {
        requests: () => insertRequest(ctx.db, { title: "Untouched", status: form === "reopen" ? "declined" : "pending" }),
        reports: async () => (await insertReportGroup(ctx.db, { contentName: "Untouched" }, 0)).primaryId,
        contact: () => insertContactMessage(ctx.db),
        dmca: () => insertDmcaNotice(ctx.db),
      };
      const id = await seed[kind]!();
      const target = { action, kind, id, form };
      expectFailure(await postJson(ctx.db, cookie, target, "{"), 400, BODY_UNREADABLE);
      expectFailure(await postJson(ctx.db, cookie, target, "[1, 2]"), 400, BODY_UNREADABLE);
      expectFailure(await postJson(ctx.db, cookie, target, '"text"'), 400, BODY_UNREADABLE);
      expectFailure(await post(ctx.db, cookie, { ...target, body: "reason=x", type: "text/plain" }), 415, BODY_UNSUPPORTED);
      if (twice) expectFailure(await postForm(ctx.db, cookie, target, twice), 400);
      if (wrongType) expectFailure(await postJson(ctx.db, cookie, target, wrongType), 400);
      const changes = await ctx.db
        .selectFrom("audit_log")
        .select("action")
        .where("entity_type", "in", ["request", "report", "contact", "dmca"])
        .execute();
      expect(changes).toEqual([]);
    });
  });
});
