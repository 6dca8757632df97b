import type { KyselyPlugin } from "kysely";
import { beforeEach, expect, it } from "vitest";
import type { Db } from "#app/db/client.server.ts";
import { loader as itemLoader, middleware as itemMiddleware } from "#app/routes/admin/inbox/item.tsx";
import { loader as listLoader } from "#app/routes/admin/inbox/list.tsx";
import { loader as layoutLoader } from "#app/routes/admin/layout.tsx";
import { insertContactMessage, insertReportGroup, insertRequest } from "#tests/factories/inbox.ts";
import { requireAdmin } from "#app/http/admin-guard.server.ts";
import { answerOf, callAdminRoute, signIn, type Answer } from "#tests/helpers/admin.ts";
import { describeEachDatabase } from "#tests/helpers/database.ts";
import { routeArgs, routeContext } from "#tests/helpers/route.ts";

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

type Middleware = (args: never, next: () => Promise<Response>) => unknown;
type Loader = (args: never) => unknown;

/**
 * A page load as the server runs it: the admin guard, the page's route middleware,
 * then every loader of the page side by side; their answers in order.
 */
async function loadPage(
  db: Db,
  cookie: string,
  path: string,
  params: Record<string, string>,
  loaders: Loader[],
  middleware: Middleware[] = [],
): Promise<Answer[]> {
  const request = new Request(`http://localhost${path}`, { headers: { Cookie: cookie } });
  const args = routeArgs<never>(request, routeContext(db), params);
  let answers: Answer[] = [];
  const chain: Middleware[] = [requireAdmin, ...middleware];
  const run = async (index: number): Promise<Response> => {
    if (index < chain.length) await chain[index]!(args, () => run(index + 1));
    else
      answers = await Promise.all(
        loaders.map((loader) =>
          Promise.resolve()
            .then(() => loader(args))
            .then(answerOf, answerOf),
        ),
      );
    return new Response(null);
  };
  await run(0);
  return answers;
}

/** The queries that count unread items: one per kind each time the counts are read. */
const unreadCounts = (sql: string[]) => sql.filter((q) => /count\(/i.test(q) && /"read_at" is null/i.test(q));

describeEachDatabase("inbox pages", (ctx) => {
  let cookie: string;
  beforeEach(async () => {
    ({ cookie } = await signIn(ctx.db));
  });

  it("count unread items once per page load: the layout's counts serve the sidebar and the inbox tabs", async () => {
    const request = await insertRequest(ctx.db, { title: "Greed" });
    await insertReportGroup(ctx.db, { contentName: "Faust" }, 2);
    await insertContactMessage(ctx.db);
    const sql: string[] = [];
    const db = ctx.db.withPlugin(recordSql(ctx.db, sql));

    const [layout, list] = await loadPage(db, cookie, "/dashboard/inbox/requests", { kind: "requests" }, [layoutLoader, listLoader]);
    expect(list!.status).toBe(200);
    expect(layout!.body).toMatchObject({ inboxUnread: { requests: 1, reports: 1, contact: 1, dmca: 0 } });
    expect(unreadCounts(sql)).toHaveLength(4);

    // Opening an item: the middleware marks it read before the loaders run, so the one count already leaves it out.
    sql.length = 0;
    const [layoutOfItem, item] = await loadPage(
      db,
      cookie,
      `/dashboard/inbox/requests/${request}`,
      { kind: "requests", id: String(request) },
      [layoutLoader, itemLoader],
      itemMiddleware,
    );
    expect(item).toMatchObject({ status: 200, body: { kind: "requests", item: { id: request, title: "Greed" } } });
    expect(layoutOfItem!.body).toMatchObject({ inboxUnread: { requests: 0, reports: 1, contact: 1, dmca: 0 } });
    expect(unreadCounts(sql)).toHaveLength(4);
  });

  it("answer 404 for an unknown section, an unknown kind or a malformed item id, without marking anything read", async () => {
    const request = await insertRequest(ctx.db, { title: "Greed" });
    const section = await callAdminRoute(listLoader, ctx.db, { path: "/dashboard/inbox/letters", params: { kind: "letters" }, cookie });
    expect(section.status).toBe(404);
    for (const params of [
      { kind: "letters", id: String(request) },
      { kind: "requests", id: `0${request}` },
      { kind: "requests", id: "99999999999" },
      { kind: "contact", id: String(request) },
    ]) {
      const [page] = await loadPage(ctx.db, cookie, `/dashboard/inbox/${params.kind}/${params.id}`, params, [itemLoader], itemMiddleware);
      expect(page!.status).toBe(404);
    }
    expect((await ctx.db.selectFrom("content_requests").select("read_at").executeTakeFirstOrThrow()).read_at).toBeNull();
  });
});
