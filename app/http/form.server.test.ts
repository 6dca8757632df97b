import { redirect } from "react-router";
import { describe, expect, it } from "vitest";
import { z } from "#app/utils/zod.ts";
import { AppError } from "#app/utils/errors.ts";
import { handleSubmission } from "#app/http/form.server.ts";

const schema = z.object({ name: z.string().min(1, "Enter a name.") });

const post = (body: Record<string, string>) =>
  new Request("http://localhost/form", { method: "POST", body: new URLSearchParams(body), headers: { Origin: "http://localhost" } });

/** The status, body and headers of what the kit answered (a `data(…)` or a Response). */
function answered(value: unknown): { status: number; body: unknown; headers: Headers } {
  if (value instanceof Response) return { status: value.status, body: null, headers: value.headers };
  const d = value as { data: unknown; init: ResponseInit | null };
  return { status: d.init?.status ?? 200, body: d.data, headers: new Headers(d.init?.headers) };
}

describe("handleSubmission's answer headers", () => {
  it("sends the option's headers and the handler's with a success", async () => {
    const answer = answered(
      await handleSubmission(
        post({ name: "Ada" }),
        schema,
        (input, _values, { headers }) => {
          headers.append("Set-Cookie", "session=abc; Path=/; HttpOnly");
          return { ok: true, message: `Hello ${input.name}` };
        },
        { headers: { "Cache-Control": "no-store" } },
      ),
    );
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ ok: true, message: "Hello Ada" });
    expect(answer.headers.get("Cache-Control")).toBe("no-store");
    expect(answer.headers.getSetCookie()).toEqual(["session=abc; Path=/; HttpOnly"]);
  });

  it("sends them with a refusal: invalid input, and an AppError thrown after a header was set", async () => {
    const invalid = answered(
      await handleSubmission(post({ name: "" }), schema, () => ({ ok: true, message: "" }), { headers: { "Cache-Control": "no-store" } }),
    );
    expect(invalid.status).toBe(400);
    expect(invalid.body).toMatchObject({ ok: false, error: "Enter a name.", fields: { name: ["Enter a name."] } });
    expect(invalid.headers.get("Cache-Control")).toBe("no-store");

    const refused = answered(
      await handleSubmission(post({ name: "Ada" }), schema, (_input, _values, { headers }) => {
        headers.set("Retry-After", "60");
        throw new AppError(429, "Too many attempts.");
      }),
    );
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ ok: false, error: "Too many attempts.", values: { name: "Ada" } });
    expect(refused.headers.get("Retry-After")).toBe("60");
  });

  it("adds them to a Response the handler returns, next to its own", async () => {
    const answer = answered(
      await handleSubmission(post({ name: "Ada" }), schema, (_input, _values, { headers }) => {
        headers.append("Set-Cookie", "session=; Max-Age=0; Path=/");
        return redirect("/login", { headers: { "X-Kept": "yes" } });
      }),
    );
    expect(answer.status).toBe(302);
    expect(answer.headers.get("Location")).toBe("/login");
    expect(answer.headers.get("X-Kept")).toBe("yes");
    expect(answer.headers.getSetCookie()).toEqual(["session=; Max-Age=0; Path=/"]);
  });

  it("answers without extra headers when none are given", async () => {
    const answer = answered(await handleSubmission(post({ name: "Ada" }), schema, () => ({ ok: true, message: "ok" })));
    expect([...answer.headers]).toEqual([]);
  });
});
