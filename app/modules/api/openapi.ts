import { OpenApiGeneratorV31, OpenAPIRegistry, type ResponseConfig } from "@asteasolutions/zod-to-openapi";
import type { HeaderObject, HeadersObject, OpenAPIObject } from "openapi3-ts/oas31";
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
  "bad-request": {
    status: 400,
    title: "Bad request",
    description:
      "The request cannot be read: its address has an undecodable percent-encoding (e.g. `%ED%A0%80`), or its `Content-Length` is malformed.",
  },
  unauthorized: {
    status: 401,
    title: "Unauthorized",
    description: "The endpoint needs an API token, or the token sent is unknown, revoked or expired.",
  },
  forbidden: { status: 403, title: "Forbidden", description: "The API token's scope does not allow this operation." },
  "cross-site": {
    status: 403,
    title: "Cross-site write refused",
    description:
      "A browser sent this write from another site's page (`Origin` or `Sec-Fetch-Site`). Scripts send neither header; pages of other sites may only read.",
  },
  conflict: {
    status: 409,
    title: "Conflict",
    description:
      "Another title already has this TMDB or IMDb id, a request with this Idempotency-Key is still being processed, or another write saved the same thing at the same moment (these two with `Retry-After`).",
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
  "length-required": {
    status: 411,
    title: "Length required",
    description: "The request has a body without a `Content-Length` (chunked); send its length.",
  },
  "too-large": {
    status: 413,
    title: "Content too large",
    description: "The request body is over 1 MB, the limit of every request.",
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

/** One documented error status: the problem kinds it may carry, described together. */
const problemResponse = (kinds: ProblemKind[], headers?: HeadersObject): ResponseConfig => ({
  description: kinds.map((kind) => PROBLEMS[kind].description).join(" "),
  headers,
  content: { [PROBLEM_CONTENT_TYPE]: { schema: problemSchema } },
});

const header = (description: string, required = false, example?: string): HeaderObject => ({
  description,
  required,
  schema: { type: "string", ...(example ? { example } : {}) },
});

const RETRY_AFTER = header("Seconds to wait before retrying.", true, "60");
const REPLAYED = header(
  "`true` when this is the stored answer to an earlier request with the same Idempotency-Key (nothing was done again).",
  false,
  "true",
);

/** The problem kind each documented error status is answered with (app/http/api.server.ts maps AppErrors by it too). */
export const ERROR_KINDS: Record<ApiOperation["errors"][number], ProblemKind> = {
  400: "invalid-parameter",
  401: "unauthorized",
  403: "forbidden",
  404: "not-found",
  409: "conflict",
  422: "idempotency-key-reused",
};

export const BEARER_SCHEME = "bearerToken";

/**
 * Every problem an operation may answer, by status: its own errors, then those any
 * call may meet before it (server/security.ts and server/app.ts answer them as the
 * API's problems under /api/): a malformed address, a bad token, the limits, and for
 * writes a cross-site browser, a chunked or oversized body.
 */
function problemKinds(op: ApiOperation): Map<number, ProblemKind[]> {
  const writes = (op.method ?? "get") !== "get";
  const kinds: ProblemKind[] = [
    ...op.errors.map((status) => ERROR_KINDS[status]),
    "bad-request",
    "unauthorized",
    ...(writes ? (["cross-site", "length-required", "too-large"] as const) : []),
    "rate-limited",
    "internal",
    "unavailable",
  ];
  const byStatus = new Map<number, ProblemKind[]>();
  for (const kind of new Set(kinds)) byStatus.set(PROBLEMS[kind].status, [...(byStatus.get(PROBLEMS[kind].status) ?? []), kind]);
  return byStatus;
}

function register(registry: OpenAPIRegistry, op: ApiOperation) {
  const method = op.method ?? "get";
  const responses: Record<number, ResponseConfig> = {};
  if (method === "get") {
    responses[200] = {
      description: "OK",
      headers: {
        ETag: header("Send it back in If-None-Match to get 304 while the answer is unchanged.", true),
        "Cache-Control": header("Public answers may be kept briefly by shared caches; those a token alone may read are private.", true),
      },
      content: { "application/json": { schema: op.response! } },
    };
    responses[304] = { description: "Not modified: the If-None-Match header named the current ETag." };
  } else if (op.response) {
    responses[op.status ?? 200] = {
      description: op.status === 201 ? "Created" : "OK",
      headers: op.status === 201 ? { Location: header("The address of the created resource in this API.", true) } : undefined,
      content: { "application/json": { schema: op.response } },
    };
  } else {
    responses[op.status ?? 204] = { description: "Done; no content." };
  }
  for (const [status, kinds] of problemKinds(op)) {
    const headers: HeadersObject = {};
    if (status === 401) headers["WWW-Authenticate"] = header('`Bearer realm="cinedex-api"`: the API takes a bearer token.', true);
    if (status === 429 || status === 503) headers["Retry-After"] = RETRY_AFTER;
    if (status === 409) {
      headers["Retry-After"] = header(
        "When the conflict is momentary (a request with this Idempotency-Key still being processed, or another write racing this one): seconds to wait before retrying.",
      );
    }
    responses[status] = problemResponse(kinds, Object.keys(headers).length ? headers : undefined);
  }
  if (method === "post") {
    // Answers stored for an Idempotency-Key (the operation's own, not those refused before it) come back marked.
    for (const [status, response] of Object.entries(responses)) {
      if (Number(status) < 500 && ![401, 403, 411, 413, 422, 429].includes(Number(status))) {
        response.headers = { ...(response.headers as HeadersObject | undefined), "Idempotent-Replayed": REPLAYED };
      }
    }
  }
  const headers =
    method === "post"
      ? z.object({
          "Idempotency-Key": z.string().min(1).max(200).optional().meta({
            description:
              "Any unique text (a UUID): a retry with the same key and body gets the first answer (marked `Idempotent-Replayed: true`) and creates nothing; the same key with another body is a 422. Kept for 24 hours.",
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
    // Reads of the catalogue are anonymous, or with any token (a bad one is refused); the rest need a token of the scope.
    security: op.scope ? [{ [BEARER_SCHEME]: [op.scope] }] : [{}, { [BEARER_SCHEME]: [] }],
    request: {
      query: op.query as z.ZodObject,
      params: op.params as z.ZodObject | undefined,
      headers,
      body: op.body ? { required: true, content: { [op.bodyContentType ?? "application/json"]: { schema: op.body } } } : undefined,
    },
    responses,
  });
}

/** The operations' groups, in the reference's order. */
const TAGS: Record<string, string> = {
  Titles: "The catalogue's titles, a page at a time or one with its releases and links.",
  Genres: "The genres titles are filed under.",
  Search: "Search and suggestions, as the site's search box gives them.",
  Site: "What the site shows every visitor.",
  "Catalogue writes": "Create, replace and delete titles, and change links' status, with a token of scope catalogue:write.",
  Inbox: "Visitors' requests, reports, messages and DMCA notices, with a token of scope inbox.",
};

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
      contact: { name: "The site's operator", url: `${publicUrl}/contact-us` },
    },
    tags: [...new Set(Object.values(OPERATIONS).map((op) => op.tag))].map((name) => ({ name, description: TAGS[name] })),
    servers: [{ url: `${publicUrl}${API_BASE_PATH}` }],
    externalDocs: { description: "Reference", url: `${publicUrl}${DOCS_PATH}` },
  });
  documents.set(publicUrl, document);
  return document;
}
