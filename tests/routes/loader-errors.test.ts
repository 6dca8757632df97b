import type { KyselyPlugin } from "kysely";
import { createStaticHandler, isRouteErrorResponse, type LoaderFunction } from "react-router";
import { expect, it } from "vitest";
import type { Db } from "#app/db/client.server.ts";
import { titlePath } from "#app/modules/catalogue/paths.ts";
import { createTitle, TITLE_NOT_FOUND } from "#app/modules/catalogue/write.server.ts";
import * as edit from "#app/routes/admin/edit-title.tsx";
import * as genre from "#app/routes/site/genre.tsx";
import * as title from "#app/routes/site/title.tsx";
import { AppError } from "#app/utils/errors.ts";
import { buildMovie, buildSeries } from "#tests/factories/titles.ts";
import { describeEachDatabase } from "#tests/helpers/database.ts";
import { routeContext } from "#tests/helpers/route.ts";

/**
 * Real page loaders behind React Router's own request handling, so the status is
 * the one the server would answer and the error is the one the error page shows.
 */
async function answer(db: Db, loader: unknown, pattern: string, path: string) {
  const handler = createStaticHandler([{ id: "page", path: pattern, loader: loader as LoaderFunction }]);
  const context = await handler.query(new Request(`http://localhost${path}`), { requestContext: routeContext(db) });
  if (context instanceof Response) throw new Error(`answered ${context.status} ${context.headers.get("Location")}`);
  const error = context.errors?.page;
  return {
    status: context.statusCode,
    message: isRouteErrorResponse(error) ? (error.data as unknown) : error,
    data: context.loaderData.page,
  };
}

/** A database on which every statement fails with an expected failure, as a module function's refusal would. */
function refusing(db: Db, error: AppError): Db {
  const plugin: KyselyPlugin = {
    transformQuery() {
      throw error;
    },
    transformResult: async ({ result }) => Promise.resolve(result),
  };
  return db.withPlugin(plugin);
}

describeEachDatabase("page loaders: a missing row is a 404, an AppError its own status", (ctx) => {
  it("a title or genre that does not exist is a 404 with its message, never a 500", async () => {
    const movie = await createTitle(ctx.db, buildMovie({ title: "Night of the Living Dead" }));
    const found = await answer(ctx.db, title.loader, "/movie/:id/:slug?", titlePath(movie));
    expect(found.status).toBe(200);
    expect(found.data).toMatchObject({ title: { id: movie.id } });

    expect(await answer(ctx.db, title.loader, "/movie/:id/:slug?", `/movie/${movie.id + 1000}/gone`)).toMatchObject({
      status: 404,
      message: TITLE_NOT_FOUND,
    });
    expect(await answer(ctx.db, genre.loader, "/genre/:category", "/genre/no-such-genre")).toMatchObject({
      status: 404,
      message: "There is no such genre.",
    });
  });

  it("the editor's loader is a 404 for a title of the other list's type", async () => {
    const show = await createTitle(ctx.db, buildSeries({ title: "The Lucy Show" }));
    const path = `/dashboard/movies/${show.id}`;
    expect(await answer(ctx.db, edit.loader, "/dashboard/movies/:id", path)).toMatchObject({ status: 404, message: TITLE_NOT_FOUND });
    expect((await answer(ctx.db, edit.loader, "/dashboard/tv/:id", `/dashboard/tv/${show.id}`)).status).toBe(200);
  });

  it("an AppError thrown by a module inside a loader answers its status and message", async () => {
    const db = refusing(ctx.db, new AppError(409, "The catalogue is being rebuilt."));
    expect(await answer(db, genre.loader, "/genre/:category", "/genre/drama")).toMatchObject({
      status: 409,
      message: "The catalogue is being rebuilt.",
    });
    expect(await answer(db, title.loader, "/movie/:id/:slug?", "/movie/1/anything")).toMatchObject({
      status: 409,
      message: "The catalogue is being rebuilt.",
    });
  });

  it("anything else thrown in a loader stays a 500 (a bug, logged by the server)", async () => {
    const db = refusing(ctx.db, new TypeError("x is undefined") as unknown as AppError);
    expect((await answer(db, genre.loader, "/genre/:category", "/genre/drama")).status).toBe(500);
  });
});
