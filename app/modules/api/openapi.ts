import { OpenApiGeneratorV31, OpenAPIRegistry, type ResponseConfig } from "@asteasolutions/zod-to-openapi";
import type { OpenAPIObject } from "openapi3-ts/oas31";
import { z } from "#app/utils/zod.ts";
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
  unauthorized: {
    status: 401,
    title: "Unauthorized",
    description: "The endpoint needs an API token, or the token sent is unknown, revoked or expired.",
  },
  forbidden: { status: 403, title: "Forbidden", description: "The API token's scope does not allow this operation." },
  conflict: {
    status: 409,
    title: "Conflict",
    description: "Another title already has this TMDB or IMDb id, or a request with this Idempotency-Key is still being processed.",
  },
  "idempotency-key-reused": {
    status: 422,
    title: "Idempotency-Key reused",
    description: "This Idempotency-Key was already used for a different request; use a new key for a new request.",
  },
  "not-found": { status: 404, title: "Not found", description: "Nothing has this id, or no endpoint has this address." },
  "method-not-allowed": {
    status: 405,
    title: "Method not allowed",
    description: "This address does not answer this method; `Allow` lists those it does.",
  },
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

/** The problem kind each documented error status is answered with (http.server.ts maps AppErrors by it too). */
export const ERROR_KINDS: Record<ApiOperation["errors"][number], ProblemKind> = {
  400: "invalid-parameter",
  401: "unauthorized",
  403: "forbidden",
  404: "not-found",
  409: "conflict",
  422: "idempotency-key-reused",
};

export const BEARER_SCHEME = "bearerToken";

function register(registry: OpenAPIRegistry, op: ApiOperation) {
  const method = op.method ?? "get";
  const responses: Record<number, ResponseConfig> = {};
  if (method === "get") {
    responses[200] = {
      description: "OK",
      headers: z.object({
        ETag: z.string().meta({ description: "Send it back in If-None-Match to get 304 while the answer is unchanged." }),
        "Cache-Control": z.string(),
      }),
      content: { "application/json": { schema: op.response! } },
    };
    responses[304] = { description: "Not modified: the If-None-Match header named the current ETag." };
  } else if (op.response) {
    responses[op.status ?? 200] = {
      description: op.status === 201 ? "Created" : "OK",
      content: { "application/json": { schema: op.response } },
    };
  } else {
    responses[op.status ?? 204] = { description: "Done; no content." };
  }
  for (const status of op.errors) responses[status] = problemResponse(ERROR_KINDS[status]);
  // Any call may send a token; an unknown, revoked or expired one is refused rather than ignored.
  responses[401] ??= problemResponse("unauthorized");
  responses[429] = problemResponse("rate-limited", retryAfter);
  responses[500] = problemResponse("internal");
  responses[503] = problemResponse("unavailable", retryAfter);
  const headers =
    method === "post"
      ? z.object({
          "Idempotency-Key": z.string().max(200).optional().meta({
            description:
              "Any unique text (a UUID): a retry with the same key and body gets the first answer and creates nothing; the same key with another body is a 422. Kept for 24 hours.",
          }),
        })
      : undefined;
  registry.registerPath({
    method,
    path: op.path,
    operationId: op.operationId,
    tags: [op.tag],
    summary: op.summary,
    description: op.description,
    security: op.scope ? [{ [BEARER_SCHEME]: [op.scope] }] : undefined,
    request: {
      query: op.query as z.ZodObject,
      params: op.params as z.ZodObject | undefined,
      headers,
      body: op.body ? { required: true, content: { [op.bodyContentType ?? "application/json"]: { schema: op.body } } } : undefined,
    },
    responses,
  });
}

const documents = new Map<string, OpenAPIObject>();

/** The OpenAPI 3.1 document of the read API, generated from the schemas the routes validate with (one per site address, kept). */
export function openApiDocument(publicUrl: string): OpenAPIObject {
  const kept = documents.get(publicUrl);
  if (kept) return kept;
  const registry = new OpenAPIRegistry();
  registry.registerComponent("securitySchemes", BEARER_SCHEME, {
    type: "http",
    scheme: "bearer",
    description:
      "An API token from Settings → API tokens, as `Authorization: Bearer <token>`. Its scope (read, catalogue:write or inbox) decides what it may call. Reads of the catalogue work without a token; the inbox needs one.",
  });
  for (const op of Object.values(OPERATIONS)) register(registry, op);
  const document = new OpenApiGeneratorV31(registry.definitions, { sortComponents: "alphabetically" }).generateDocument({
    openapi: "3.1.0",
    info: {
      title: "Cinedex API",
      version: "1.0.0",
      description:
        "Read the catalogue: titles with their releases and links, genres, search and suggestions, and the public settings " +
        "(anonymous, rate limited per client, readable from any origin). Write it with an API token: create, replace and delete titles, change links' status. " +
        "Errors are RFC 9457 problem details.",
    },
    servers: [{ url: `${publicUrl}${API_BASE_PATH}` }],
    externalDocs: { description: "Reference", url: `${publicUrl}${DOCS_PATH}` },
  });
  documents.set(publicUrl, document);
  return document;
}
