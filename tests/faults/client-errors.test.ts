import pino from "pino";
import { RouterContextProvider, UNSAFE_ErrorResponseImpl as ErrorResponseImpl } from "react-router";
import { describe, expect, it } from "vitest";
import { appContext, type AppContext } from "#app/context.ts";
import { handleDataRequest, handleError } from "#app/entry.server.tsx";
import { DatabaseUnavailableError } from "#app/utils/errors.ts";

function captured() {
  const lines: { level: number; msg: string }[] = [];
  const logger = pino({ level: "info" }, { write: (line: string) => lines.push(JSON.parse(line)) });
  const context = new RouterContextProvider();
  context.set(appContext, { logger } as unknown as AppContext);
  return { lines, context };
}

const args = (context: RouterContextProvider) =>
  ({ request: new Request("http://localhost/search", { method: "POST" }), context, params: {} }) as unknown as Parameters<
    typeof handleError
  >[1];

describe("the router's error log", () => {
  it("a POST to a page without an action (405) is a warning; a bug or the database away is an error", () => {
    const { lines, context } = captured();
    const refused = new ErrorResponseImpl(405, "Method Not Allowed", "no action", true);
    handleError(refused, args(context));
    handleError(new TypeError("x is undefined"), args(context));
    handleError(new DatabaseUnavailableError(new Error("Connection terminated")), args(context));
    expect(lines.map((l) => [l.level, l.msg])).toEqual([
      [40, "refused a request the router cannot serve"],
      [50, "unexpected error in a loader or action"],
      [50, "unexpected error in a loader or action"],
    ]);
  });

  it("client-side navigations answered 503 carry Retry-After", () => {
    const unavailable = handleDataRequest(new Response("x", { status: 503 }));
    expect(unavailable.headers.get("retry-after")).toBe("5");
    expect(handleDataRequest(new Response("x")).headers.get("retry-after")).toBeNull();
  });
});
