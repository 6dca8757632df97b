import { Ajv2020 } from "ajv/dist/2020.js";
import { expect } from "vitest";
import type { OpenAPIObject } from "#app/modules/api/openapi.ts";

/** One JSON pointer segment, as a URI fragment holds it. */
const segment = (s: string) => encodeURIComponent(s.replace(/~/g, "~0").replace(/\//g, "~1"));

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;

/**
 * Checks answers against the OpenAPI document: the status must be documented for
 * the operation, the content type must be one it documents, and the body must
 * match that response's schema (JSON Schema 2020-12, as OpenAPI 3.1 uses).
 */
export function documentChecker(document: OpenAPIObject) {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  ajv.addFormat("uri", (s: string) => /^[a-z][a-z\d+.-]*:\/\/[^\s]+$/i.test(s) && URL.canParse(s));
  ajv.addFormat("date", (s: string) => ISO_DATE.test(s) && !Number.isNaN(Date.parse(s)));
  ajv.addFormat("date-time", (s: string) => ISO_DATE_TIME.test(s) && !Number.isNaN(Date.parse(s)));
  ajv.addSchema(document as object, "openapi");

  /** The body of a problem outside any operation (405, an unknown address), checked against the document's Problem schema. */
  async function expectProblem(response: Response): Promise<unknown> {
    expect(response.headers.get("content-type")).toBe("application/problem+json");
    const validate = ajv.getSchema("openapi#/components/schemas/Problem")!;
    const body: unknown = await response.json();
    expect(validate(body) ? [] : validate.errors, "matches the Problem schema").toEqual([]);
    return body;
  }

  /** The body of an answer to GET `path` (the document's form, e.g. /titles/{id}), checked; null when it has none. */
  return Object.assign(expectDocumented, { expectProblem });

  async function expectDocumented(
    response: Response,
    path: string,
    method: "get" | "post" | "put" | "patch" | "delete" = "get",
  ): Promise<unknown> {
    const operation = document.paths?.[path]?.[method];
    const GET = method.toUpperCase();
    expect(operation, `${GET} ${path} is documented`).toBeDefined();
    const documented = operation!.responses?.[String(response.status)] as { content?: Record<string, unknown> } | undefined;
    expect(documented, `${GET} ${path} documents status ${response.status}`).toBeDefined();
    const text = await response.text();
    if (!documented!.content) {
      expect(text, `${response.status} has no body`).toBe("");
      return null;
    }
    const type = (response.headers.get("content-type") ?? "").split(";")[0]!.trim();
    expect(Object.keys(documented!.content), `${GET} ${path} ${response.status} content type`).toContain(type);
    const pointer = ["paths", path, method, "responses", String(response.status), "content", type, "schema"].map(segment).join("/");
    const validate = ajv.getSchema(`openapi#/${pointer}`);
    expect(validate, pointer).toBeDefined();
    const body: unknown = JSON.parse(text);
    const valid = validate!(body);
    expect(valid ? [] : validate!.errors, `${GET} ${path} ${response.status} matches its schema`).toEqual([]);
    return body;
  }
}
