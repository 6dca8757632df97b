import type { RouterContextProvider } from "react-router";
import type { z } from "zod";
import { getApp, type AppContext } from "#app/context.ts";
import { isUnavailable } from "#app/db/faults.server.ts";
import { AppError, DatabaseUnavailableError, RETRY_AFTER_SECONDS } from "#app/utils/errors.ts";
import { etagOf, matchesIfNoneMatch, PRIVATE_CACHE_CONTROL, PUBLIC_PAGE_CACHE_CONTROL } from "#app/utils/http-cache.ts";
import { PROBLEM_CONTENT_TYPE, PROBLEMS, problemType, type ProblemKind } from "./openapi.ts";
import { takeApiCall } from "./rate-limit.server.ts";
import type { Problem } from "./schemas.ts";

/*
 * The HTTP side of every read API endpoint, so routes only name their operation
 * and the module function to call: CORS, the rate limit, validating the query
 * string and path against the operation's schemas (400 naming each parameter),
 * JSON with an ETag (304 on If-None-Match), the public pages' caching, and
 * every failure as RFC 9457 problem details.
 */

export const API_METHODS = "GET, HEAD, OPTIONS";

/** Reads from any origin, without credentials (the API has no cookies to send). */
const CORS_HEADERS = {
  "Access-Control-Allow-Origin": "*",
  "Access-Control-Expose-Headers": "ETag, Retry-After",
  // Helmet's default (same-origin) would stop other sites' pages from loading answers.
  "Cross-Origin-Resource-Policy": "cross-origin",
} as const;

const PREFLIGHT_MAX_AGE_S = 86_400;

export interface LoaderArgs {
  request: Request;
  context: Readonly<RouterContextProvider>;
  params: Record<string, string | undefined>;
}

type InvalidParam = NonNullable<Problem["invalidParams"]>[number];

export function problem(
  app: Pick<AppContext, "publicUrl">,
  kind: ProblemKind,
  detail: string,
  options: { invalidParams?: InvalidParam[]; headers?: Record<string, string> } = {},
): Response {
  const { status, title } = PROBLEMS[kind];
  const body: Problem = { type: problemType(app.publicUrl, kind), title, status, detail };
  if (options.invalidParams) body.invalidParams = options.invalidParams;
  return new Response(JSON.stringify(body), {
    status,
    headers: { ...CORS_HEADERS, "Content-Type": PROBLEM_CONTENT_TYPE, "Cache-Control": PRIVATE_CACHE_CONTROL, ...options.headers },
  });
}

function preflight(): Response {
  return new Response(null, {
    status: 204,
    headers: {
      ...CORS_HEADERS,
      Allow: API_METHODS,
      "Access-Control-Allow-Methods": API_METHODS,
      "Access-Control-Allow-Headers": "If-None-Match",
      "Access-Control-Max-Age": String(PREFLIGHT_MAX_AGE_S),
      "Cache-Control": PRIVATE_CACHE_CONTROL,
    },
  });
}

/** The query string as an object for the schema; a parameter given twice is refused by name rather than one copy silently winning. */
function queryObject(url: URL): { values: Record<string, string>; repeated: string[] } {
  const values: Record<string, string> = {};
  const repeated = new Set<string>();
  for (const [name, value] of url.searchParams) {
    if (name in values) repeated.add(name);
    values[name] = value;
  }
  return { values, repeated: [...repeated] };
}

function issuesOf(error: z.ZodError, where: InvalidParam["in"], accepted: string[]): InvalidParam[] {
  return error.issues.flatMap((issue): InvalidParam[] => {
    if (issue.code === "unrecognized_keys") {
      const reason = accepted.length
        ? `Unknown parameter. This endpoint accepts ${accepted.join(", ")}.`
        : "This endpoint takes no query parameters.";
      return issue.keys.map((name) => ({ name, in: where, reason }));
    }
    return [{ name: String(issue.path[0] ?? "query"), in: where, reason: issue.message }];
  });
}

/** One refused parameter in words; a reason that already names it is enough on its own. */
const describe = ({ name, reason }: InvalidParam) => (reason.startsWith(`${name} `) ? reason : `${name}: ${reason}`);

function shapeKeys(schema: z.ZodType): string[] {
  return Object.keys((schema as unknown as { shape?: Record<string, unknown> }).shape ?? {});
}

type Parsed<S> = S extends z.ZodType ? z.output<S> : undefined;

export interface Endpoint<Q extends z.ZodType, P extends z.ZodType | undefined> {
  query: Q;
  params: P;
}

/**
 * A loader for one read endpoint: `handle` gets the validated query and path
 * parameters and returns the body; an AppError it throws becomes a problem of
 * its status (404 for an unknown id).
 */
export function apiLoader<Q extends z.ZodType, P extends z.ZodType | undefined>(
  endpoint: Endpoint<Q, P>,
  handle: (input: { query: z.output<Q>; params: Parsed<P>; app: AppContext; request: Request }) => Promise<unknown>,
) {
  return async ({ request, context, params }: LoaderArgs): Promise<Response> => {
    if (request.method === "OPTIONS") return preflight();
    const app = getApp(context);
    try {
      const allowed = await takeApiCall(app);
      if (!allowed.ok) {
        return problem(
          app,
          "rate-limited",
          `Too many requests from this client. Please wait ${allowed.retryAfterS} seconds and try again.`,
          {
            headers: { "Retry-After": String(allowed.retryAfterS) },
          },
        );
      }

      const url = new URL(request.url);
      const { values, repeated } = queryObject(url);
      const invalid: InvalidParam[] = repeated.map((name) => ({ name, in: "query", reason: `Give ${name} once.` }));
      let pathValues: unknown;
      if (endpoint.params) {
        const parsedPath = endpoint.params.safeParse(params);
        if (parsedPath.success) pathValues = parsedPath.data;
        else invalid.push(...issuesOf(parsedPath.error, "path", []));
      }
      const parsedQuery = endpoint.query.safeParse(values);
      if (!parsedQuery.success) invalid.push(...issuesOf(parsedQuery.error, "query", shapeKeys(endpoint.query)));
      if (invalid.length || !parsedQuery.success) {
        const detail =
          invalid.length === 1
            ? describe(invalid[0]!)
            : `These parameters are invalid: ${[...new Set(invalid.map((p) => p.name))].join(", ")}.`;
        return problem(app, "invalid-parameter", detail, { invalidParams: invalid });
      }

      const body = JSON.stringify(await handle({ query: parsedQuery.data, params: pathValues as Parsed<P>, app, request }));
      const etag = etagOf(body);
      const headers = { ...CORS_HEADERS, ETag: etag, "Cache-Control": PUBLIC_PAGE_CACHE_CONTROL };
      if (matchesIfNoneMatch(request.headers.get("if-none-match"), etag)) return new Response(null, { status: 304, headers });
      return new Response(request.method === "HEAD" ? null : body, {
        status: 200,
        headers: { ...headers, "Content-Type": "application/json; charset=utf-8" },
      });
    } catch (error) {
      return failure(app, error);
    }
  };
}

const KIND_BY_STATUS: Partial<Record<number, ProblemKind>> = { 400: "invalid-parameter", 404: "not-found" };

function failure(app: AppContext, error: unknown): Response {
  if (error instanceof AppError && KIND_BY_STATUS[error.status]) return problem(app, KIND_BY_STATUS[error.status]!, error.message);
  if (error instanceof DatabaseUnavailableError || isUnavailable(error)) {
    app.logger.warn({ err: error }, "API call while the database is unavailable");
    return problem(app, "unavailable", "The catalogue is temporarily unavailable. Please try again in a few moments.", {
      headers: { "Retry-After": String(RETRY_AFTER_SECONDS) },
    });
  }
  app.logger.error({ err: error }, "API call failed");
  return problem(app, "internal", "Something went wrong. Please try again later.");
}

/** Other methods on an API address: 405 naming the ones it answers (cross-site writes are refused before this, server/security.ts). */
export function apiMethodNotAllowed({ request, context }: Pick<LoaderArgs, "request" | "context">): Response {
  return problem(getApp(context), "method-not-allowed", `${request.method} is not allowed here. The read API answers ${API_METHODS}.`, {
    headers: { Allow: API_METHODS },
  });
}

/** An address under /api/v1 that no endpoint has. */
export function apiNotFound({ request, context }: Pick<LoaderArgs, "request" | "context">): Response {
  if (request.method === "OPTIONS") return preflight();
  const path = new URL(request.url).pathname;
  return problem(getApp(context), "not-found", `No endpoint has the address ${path}. The list is at /api/v1/openapi.json.`);
}
