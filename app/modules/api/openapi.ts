import { OpenApiGeneratorV31, OpenAPIRegistry, type ResponseConfig } from "@asteasolutions/zod-to-openapi";
import type { OpenAPIObject } from "openapi3-ts/oas31";
import { z } from "zod";
import { API_BASE_PATH, OPERATIONS, type ApiOperation } from "./operations.ts";
import { problemSchema } from "./schemas.ts";

export type { OpenAPIObject };

export const PROBLEM_CONTENT_TYPE = "application/problem+json";

/** The kinds of problem the API answers with: the `type` URL ends in `#problem-<kind>` on the reference page. */
export const PROBLEMS = {
  "invalid-parameter": {
    status: 400,
    title: "Invalid parameter",
    description:
      "A query or path parameter is unknown, repeated or has a value the endpoint does not accept; `invalidParams` names each one.",
  },
  "not-found": { status: 404, title: "Not found", description: "Nothing has this id, or no endpoint has this address." },
  "method-not-allowed": { status: 405, title: "Method not allowed", description: "The read API answers GET, HEAD and OPTIONS only." },
  "rate-limited": {
    status: 429,
    title: "Too many requests",
    description: "This client sent too many requests in the last minute; wait the seconds `Retry-After` gives.",
  },
  unavailable: {
    status: 503,
    title: "Service unavailable",
    description: "The catalogue cannot be reached for a moment; retry after the seconds `Retry-After` gives.",
  },
  internal: { status: 500, title: "Internal error", description: "Something failed on the server; it has been logged." },
} as const;
export type ProblemKind = keyof typeof PROBLEMS;

/** The reference page's address; problem types point into it. */
export const DOCS_PATH = "/api/docs";

export function problemType(publicUrl: string, kind: ProblemKind): string {
  return `${publicUrl}${DOCS_PATH}#problem-${kind}`;
}

const problemResponse = (kind: ProblemKind, headers?: ResponseConfig["headers"]): ResponseConfig => ({
  description: PROBLEMS[kind].description,
  headers,
  content: { [PROBLEM_CONTENT_TYPE]: { schema: problemSchema } },
});

const retryAfter = z.object({
  "Retry-After": z.string().meta({ description: "Seconds to wait before retrying.", example: "60" }),
});

function register(registry: OpenAPIRegistry, op: ApiOperation) {
  const responses: Record<number, ResponseConfig> = {
    200: {
      description: "OK",
      headers: z.object({
        ETag: z.string().meta({ description: "Send it back in If-None-Match to get 304 while the answer is unchanged." }),
        "Cache-Control": z.string(),
      }),
      content: { "application/json": { schema: op.response } },
    },
    304: { description: "Not modified: the If-None-Match header named the current ETag." },
  };
  if (op.errors.includes(400)) responses[400] = problemResponse("invalid-parameter");
  if (op.errors.includes(404)) responses[404] = problemResponse("not-found");
  responses[429] = problemResponse("rate-limited", retryAfter);
  responses[500] = problemResponse("internal");
  responses[503] = problemResponse("unavailable", retryAfter);
  registry.registerPath({
    method: "get",
    path: op.path,
    operationId: op.operationId,
    tags: [op.tag],
    summary: op.summary,
    description: op.description,
    request: { query: op.query as z.ZodObject, params: op.params as z.ZodObject | undefined },
    responses,
  });
}

const documents = new Map<string, OpenAPIObject>();

/** The OpenAPI 3.1 document of the read API, generated from the schemas the routes validate with (one per site address, kept). */
export function openApiDocument(publicUrl: string): OpenAPIObject {
  const kept = documents.get(publicUrl);
  if (kept) return kept;
  const registry = new OpenAPIRegistry();
  for (const op of Object.values(OPERATIONS)) register(registry, op);
  const document = new OpenApiGeneratorV31(registry.definitions, { sortComponents: "alphabetically" }).generateDocument({
    openapi: "3.1.0",
    info: {
      title: "Cinedex read API",
      version: "1.0.0",
      description:
        "Read the catalogue: titles with their releases and links, genres, search and suggestions, and the public settings. " +
        "Anonymous, rate limited per client, readable from any origin. Errors are RFC 9457 problem details.",
    },
    servers: [{ url: `${publicUrl}${API_BASE_PATH}` }],
    externalDocs: { description: "Reference", url: `${publicUrl}${DOCS_PATH}` },
  });
  documents.set(publicUrl, document);
  return document;
}
