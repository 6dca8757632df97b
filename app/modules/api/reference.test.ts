import { expect, it } from "vitest";
import { openApiDocument } from "./openapi.ts";
import { OPERATIONS } from "./operations.ts";
import { referenceView, typeLabel } from "./reference.ts";

const examples = Object.fromEntries(Object.values(OPERATIONS).map((op) => [op.operationId, op.example]));
const view = referenceView(openApiDocument("https://cinedex.example"), examples);

it("shows every operation of the document with its parameters, responses and an example on the site's address", () => {
  expect(view.baseUrl).toBe("https://cinedex.example/api/v1");
  const key = (method: string, path: string) => `${method.toUpperCase()} ${path}`;
  expect(view.operations.map((op) => key(op.method, op.path)).sort()).toEqual(
    Object.values(OPERATIONS)
      .map((op) => key(op.method ?? "get", op.path))
      .sort(),
  );
  const search = view.operations.find((op) => op.id === "search")!;
  expect(search.parameters[0]).toMatchObject({ name: "q", in: "query", required: true, type: { text: "string (1–200 characters)" } });
  expect(search.parameters.find((p) => p.name === "sort")?.type.text).toBe("one of relevance, newest, rating, title");
  expect(search.responses.map((r) => [r.status, r.contentType, r.type?.ref ?? null])).toEqual([
    ["200", "application/json", "SearchPage"],
    ["304", null, null],
    ["400", "application/problem+json", "Problem"],
    ["401", "application/problem+json", "Problem"],
    ["429", "application/problem+json", "Problem"],
    ["500", "application/problem+json", "Problem"],
    ["503", "application/problem+json", "Problem"],
  ]);
  expect(search.curl).toBe("curl -i 'https://cinedex.example/api/v1/search?q=night&type=movie'");
});

it("shows a write with its scope, body and a curl example carrying the token", () => {
  const create = view.operations.find((op) => op.id === "createTitle")!;
  expect(create).toMatchObject({
    method: "POST",
    path: "/titles",
    scope: "catalogue:write",
    body: { text: "TitleInput", ref: "TitleInput" },
  });
  expect(create.responses.map((r) => r.status)).toEqual(["201", "400", "401", "403", "409", "411", "413", "422", "429", "500", "503"]);
  expect(create.curl).toContain("-X POST 'https://cinedex.example/api/v1/titles'");
  expect(create.curl).toContain('-H "Authorization: Bearer $CINEDEX_TOKEN"');
  expect(create.curl).toContain("Idempotency-Key");
  expect(view.operations.find((op) => op.id === "getTitle")).toMatchObject({ scope: null, body: null });
});

it("opens nested objects of a schema into dotted field names and links named schemas", () => {
  const title = view.schemas.find((s) => s.name === "Title")!;
  const field = (name: string) => title.fields.find((f) => f.name === name);
  expect(field("cast")?.type.text).toBe("array of objects");
  expect(field("cast[].character")?.type.text).toBe("string, or null");
  expect(field("releases")?.type).toEqual({ text: "array of Release", ref: "Release" });
  expect(field("uploadedAt")).toMatchObject({ required: true, type: { text: "string (date-time)" } });
  expect(view.schemas.find((s) => s.name === "Link")!.fields.find((f) => f.name === "href")?.description).toContain("/middleman");
});

it("words types plainly", () => {
  expect(typeLabel({ type: ["integer", "null"], minimum: 0 })).toEqual({ text: "integer (≥ 0), or null" });
  expect(typeLabel({ $ref: "#/components/schemas/Genre" })).toEqual({ text: "Genre", ref: "Genre" });
  expect(typeLabel(undefined)).toEqual({ text: "any" });
});
