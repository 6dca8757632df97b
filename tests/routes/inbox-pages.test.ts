import type { KyselyPlugin } from "kysely";
import { beforeEach, expect, it } from "vitest";
import type { Db } from "#app/db/client.server.ts";
import { loader as itemLoader, middleware as itemMiddleware } from "#app/routes/admin/inbox/item.tsx";
import { loader as listLoader } from "#app/routes/admin/inbox/list.tsx";
import { loader as layoutLoader } from "#app/routes/admin/layout.tsx";
import { insertContactMessage, insertReportGroup, insertRequest } from "#tests/factories/inbox.ts";
import { runAsAdmin, signInAs } from "#tests/helpers/admin.ts";
import { describeEachDatabase } from "#tests/helpers/database.ts";

/** Records the SQL of every query run through the handle it is added to. */
function recordSql(db: Db, into: string[]): KyselyPlugin {
  return {
    transformQuery({ node, queryId }) {
      into.push(db.getExecutor().compileQuery(node, queryId).sql);
      return node;
    },
    transformResult: ({ result }) => Promise.resolve(result),
  };
}

/** The queries that count unread items: one per kind each time the counts are read. */
const unreadCounts = (sql: string[]) => sql.filter((q) => /count\(/i.test(q) && /"read_at" is null/i.test(q));

describeEachDatabase("inbox pages", (ctx) => {
  let cookie: string;
  beforeEach(async () => {
    cookie = await signInAs(ctx.db);
  });

  it("count unread items once per page load: the layout's counts serve the sidebar and the inbox tabs", async () => {
    const request = await insertRequest(ctx.db, { title: "Greed" });
    await insertReportGroup(ctx.db, { contentName: "Faust" }, 2);
    await insertContactMessage(ctx.db);
    const sql: string[] = [];
    const db = ctx.db.withPlugin(recordSql(ctx.db, sql));

    const [layout, list] = await runAsAdmin(
      db,
      cookie,
      { path: "/dashboard/inbox/requests" },
      { params: { kind: "requests" }, handlers: [layoutLoader, listLoader] },
    );
    expect(list!.status).toBe(200);
    expect(layout!.body).toMatchObject({ inboxUnread: { requests: 1, reports: 1, contact: 1, dmca: 0 } });
    expect(unreadCounts(sql)).toHaveLength(4);

    // Opening an item: the middleware marks it read before the loaders run, so the one count already leaves it out.
    sql.length = 0;
    const [layoutOfItem, item] = await runAsAdmin(
      db,
      cookie,
      { path: `/dashboard/inbox/requests/${request}` },
      { params: { kind: "requests", id: String(request) }, middleware: itemMiddleware, handlers: [layoutLoader, itemLoader] },
    );
    expect(item).toMatchObject({ status: 200, body: { kind: "requests", item: { id: request, title: "Greed" } } });
    expect(layoutOfItem!.body).toMatchObject({ inboxUnread: { requests: 0, reports: 1, contact: 1, dmca: 0 } });
    expect(unreadCounts(sql)).toHaveLength(4);
  });

  it("answer 404 for an unknown section, an unknown kind or a malformed item id, without marking anything read", async () => {
    const request = await insertRequest(ctx.db, { title: "Greed" });
    const [section] = await runAsAdmin(
      ctx.db,
      cookie,
      { path: "/dashboard/inbox/letters" },
      { params: { kind: "letters" }, handlers: [listLoader] },
    );
    expect(section!.status).toBe(404);
    for (const params of [
      { kind: "letters", id: String(request) },
      { kind: "requests", id: `0${request}` },
      { kind: "requests", id: "99999999999" },
      { kind: "contact", id: String(request) },
    ]) {
      const [page] = await runAsAdmin(
        ctx.db,
        cookie,
        { path: `/dashboard/inbox/${params.kind}/${params.id}` },
        { params, middleware: itemMiddleware, handlers: [itemLoader] },
      );
      expect(page!.status).toBe(404);
    }
    expect((await ctx.db.selectFrom("content_requests").select("read_at").executeTakeFirstOrThrow()).read_at).toBeNull();
  });
});
