import { createStaticHandler, isRouteErrorResponse, type LoaderFunction } from "react-router";
import { describe, expect, it } from "vitest";
import { AppError, DatabaseUnavailableError, errorStatus, pageLoader, requireFound, routeErrorOf } from "./errors.ts";

/** What a thrown `data(…)` carries: the router reads the status from `init`. */
function thrownBy(run: () => unknown): { type?: string; data?: unknown; init?: ResponseInit | null } {
  try {
    run();
  } catch (thrown) {
    return thrown as { type?: string; data?: unknown; init?: ResponseInit | null };
  }
  throw new Error("nothing was thrown");
}

describe("requireFound", () => {
  it("passes a found value through, falsy values included", () => {
    expect(requireFound({ id: 1 })).toEqual({ id: 1 });
    expect(requireFound(0)).toBe(0);
    expect(requireFound("")).toBe("");
    expect(requireFound(false)).toBe(false);
  });

  it("answers 404 for null and undefined, with the message for the error page", () => {
    const missing = thrownBy(() => requireFound(null, "There is no such genre."));
    expect(missing).toMatchObject({ type: "DataWithResponseInit", data: "There is no such genre.", init: { status: 404 } });
    expect(thrownBy(() => requireFound(undefined))).toMatchObject({ data: null, init: { status: 404 } });
  });
});

describe("routeErrorOf", () => {
  it("turns an AppError into a response with its status and message; anything else is left as it is", () => {
    expect(routeErrorOf(new AppError(409, "Already done."))).toMatchObject({ data: "Already done.", init: { status: 409 } });
    const bug = new TypeError("x is undefined");
    expect(routeErrorOf(bug)).toBe(bug);
    const away = new DatabaseUnavailableError(new Error("Connection terminated"));
    expect(routeErrorOf(away)).toBe(away);
    expect(errorStatus(routeErrorOf(away))).toBe(503);
  });
});

describe("pageLoader", () => {
  const handlerFor = (loader: LoaderFunction) => createStaticHandler([{ id: "page", path: "/page", loader }]);
  const query = async (loader: LoaderFunction) => {
    const context = await handlerFor(loader).query(new Request("http://localhost/page"));
    if (context instanceof Response) throw new Error("unexpected redirect");
    return context;
  };

  it("returns what the loader returns", async () => {
    const context = await query(pageLoader(() => ({ ok: true })));
    expect(context.statusCode).toBe(200);
    expect(context.loaderData.page).toEqual({ ok: true });
  });

  it("makes the router answer an AppError's status and message, where it would otherwise answer 500", async () => {
    const throwing = () => {
      throw new AppError(410, "This link was removed.");
    };
    expect((await query(throwing)).statusCode).toBe(500);
    const context = await query(pageLoader(throwing));
    expect(context.statusCode).toBe(410);
    const error = context.errors?.page;
    expect(isRouteErrorResponse(error) && [error.status, error.data]).toEqual([410, "This link was removed."]);
  });

  it("leaves a bug a 500 and a thrown 404 a 404", async () => {
    expect(
      (
        await query(
          pageLoader(() => {
            throw new TypeError("x is undefined");
          }),
        )
      ).statusCode,
    ).toBe(500);
    expect((await query(pageLoader(() => requireFound(null)))).statusCode).toBe(404);
  });
});
