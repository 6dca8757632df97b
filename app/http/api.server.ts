import type { RouterContextProvider } from "react-router";
import type { z } from "zod";
import { getApp, type AppContext } from "#app/context.ts";
import { isUnavailable } from "#app/db/faults.server.ts";
import { AppError, DatabaseUnavailableError, RETRY_AFTER_SECONDS } from "#app/utils/errors.ts";
import { etagOf, matchesIfNoneMatch, PRIVATE_CACHE_CONTROL, PUBLIC_PAGE_CACHE_CONTROL } from "#app/utils/http-cache.ts";
import { safeParseInput } from "#app/utils/zod.ts";
import { ERROR_KINDS, PROBLEM_CONTENT_TYPE, PROBLEMS, problemType, type ProblemKind } from "#app/modules/api/openapi.ts";
import {
  API_TOKEN_RATE_RULE,
  identifyCaller,
  requestFingerprint,
  scopeAllows,
  scopeRefusal,
  TOKEN_REQUIRED,
  type AuthFailure,
  type Caller,
} from "#app/modules/api/auth.server.ts";
import { canonicalJson, findEarlier, IDEMPOTENCY_KEY_MAX, keepRefusal, runOnce } from "#app/modules/api/idempotency.server.ts";
import { API_BASE_PATH, type ApiOperation } from "#app/modules/api/operations.ts";
import { takeApiCall } from "#app/modules/api/rate-limit.server.ts";
import type { TokenScope } from "#app/modules/api/tokens.ts";
import type { ApiToken } from "#app/modules/api/tokens.server.ts";
import type { Problem } from "#app/modules/api/schemas.ts";

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

type ProblemOptions = { invalidParams?: InvalidParam[]; headers?: Record<string, string> };

/**
 * Every error the API answers, as RFC 9457 problem details: its status, headers and
 * body. Express's own refusals under /api/ (server/api-problems.ts) write the same.
 */
export function problemParts(
  publicUrl: string,
  kind: ProblemKind,
  detail: string,
  options: ProblemOptions = {},
): { status: number; headers: Record<string, string>; body: string } {
  const { status, title } = PROBLEMS[kind];
  const body: Problem = { type: problemType(publicUrl, kind), title, status, detail };
  if (options.invalidParams) body.invalidParams = options.invalidParams;
  return {
    status,
    headers: { ...CORS_HEADERS, "Content-Type": PROBLEM_CONTENT_TYPE, "Cache-Control": PRIVATE_CACHE_CONTROL, ...options.headers },
    body: JSON.stringify(body),
  };
}

export function problem(app: Pick<AppContext, "publicUrl">, kind: ProblemKind, detail: string, options: ProblemOptions = {}): Response {
  const { status, headers, body } = problemParts(app.publicUrl, kind, detail, options);
  return new Response(body, { status, headers });
}

function preflight(): Response {
  return new Response(null, {
    status: 204,
    headers: {
      ...CORS_HEADERS,
      Allow: API_METHODS,
      "Access-Control-Allow-Methods": API_METHODS,
      // Authorization: a token may read from a browser page; writes from other sites' pages are refused anyway (server/security.ts).
      "Access-Control-Allow-Headers": "If-None-Match, Authorization",
      "Access-Control-Max-Age": String(PREFLIGHT_MAX_AGE_S),
      "Cache-Control": PRIVATE_CACHE_CONTROL,
    },
  });
}

/** The query string as an object for the schema; a parameter given twice is refused by name rather than one copy silently winning. */
function queryObject(url: URL): { values: Record<string, string>; repeated: string[] } {
  // No prototype: a parameter named `constructor` or `__proto__` is an unknown parameter like any other.
  const values = Object.create(null) as Record<string, string>;
  const repeated = new Set<string>();
  for (const [name, value] of url.searchParams) {
    if (Object.hasOwn(values, name)) repeated.add(name);
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
  /** A read only a token with this scope may make (the inbox); its answers are private. */
  scope?: TokenScope;
}

/**
 * A loader for one read endpoint: `handle` gets the validated query and path
 * parameters and returns the body; an AppError it throws becomes a problem of
 * its status (404 for an unknown id).
 */
export function apiLoader<Q extends z.ZodType, P extends z.ZodType | undefined>(
  endpoint: Endpoint<Q, P>,
  handle: (input: { query: z.output<Q>; params: Parsed<P>; app: AppContext; request: Request; caller: Caller }) => Promise<unknown>,
) {
  return async ({ request, context, params }: LoaderArgs): Promise<Response> => {
    if (request.method === "OPTIONS") return preflight();
    const app = getApp(context);
    try {
      const caller = await identifyCaller(app, request);
      if ("status" in caller) return refused(app, caller);
      if (endpoint.scope && caller.kind === "anonymous") return unauthorized(app, TOKEN_REQUIRED);
      if (endpoint.scope && caller.kind === "token" && !scopeAllows(caller.token.scope, endpoint.scope)) {
        return problem(app, "forbidden", scopeRefusal(endpoint.scope, caller.token));
      }
      const limited = await rateLimited(app, caller);
      if (limited) return limited;

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

      const body = JSON.stringify(await handle({ query: parsedQuery.data, params: pathValues as Parsed<P>, app, request, caller }));
      const etag = etagOf(body);
      // What a token reads is never kept by shared caches: a writer's title has the hosts' addresses, which the public view hides.
      const headers = {
        ...CORS_HEADERS,
        ETag: etag,
        "Cache-Control": endpoint.scope || caller.kind === "token" ? PRIVATE_CACHE_CONTROL : PUBLIC_PAGE_CACHE_CONTROL,
        Vary: "Authorization",
      };
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

function unauthorized(app: AppContext, detail: string): Response {
  return problem(app, "unauthorized", detail, { headers: { "WWW-Authenticate": 'Bearer realm="cinedex-api"' } });
}

/** A refused token: 401, or 429 once the client has had too many refused. */
function refused(app: AppContext, failure: AuthFailure): Response {
  if (failure.status === 429) {
    return problem(app, "rate-limited", failure.detail, { headers: { "Retry-After": String(failure.retryAfterS) } });
  }
  return unauthorized(app, failure.detail);
}

/** The anonymous per-client limit, or a token's own (higher) one; a problem when it is used up. */
async function rateLimited(app: AppContext, caller: Caller): Promise<Response | null> {
  const allowed =
    caller.kind === "token"
      ? await app.limits
          .consume(API_TOKEN_RATE_RULE, `token:${caller.token.id}`)
          .then((v) =>
            v.allowed ? ({ ok: true } as const) : ({ ok: false, retryAfterS: Math.max(1, Math.ceil(v.retryAfterMs / 1000)) } as const),
          )
      : await takeApiCall(app);
  if (allowed.ok) return null;
  const who = caller.kind === "token" ? "with this API token" : "from this client";
  return problem(app, "rate-limited", `Too many requests ${who}. Please wait ${allowed.retryAfterS} seconds and try again.`, {
    headers: { "Retry-After": String(allowed.retryAfterS) },
  });
}

const KIND_BY_STATUS: Partial<Record<number, ProblemKind>> = ERROR_KINDS;

const isUniqueViolation = (error: unknown) => {
  const code = (error as { code?: unknown } | null)?.code;
  return code === "23505" || code === "SQLITE_CONSTRAINT_UNIQUE";
};

function failure(app: AppContext, error: unknown): Response {
  if (error instanceof AppError && KIND_BY_STATUS[error.status]) return problem(app, KIND_BY_STATUS[error.status]!, error.message);
  if (error instanceof DatabaseUnavailableError || isUnavailable(error)) {
    app.logger.warn({ err: error }, "API call while the database is unavailable");
    return problem(app, "unavailable", "The catalogue is temporarily unavailable. Please try again in a few moments.", {
      headers: { "Retry-After": String(RETRY_AFTER_SECONDS) },
    });
  }
  if (isUniqueViolation(error)) {
    // Two writes raced for one unique value (on PostgreSQL, two new titles of the same name and the slug both chose): the loser may retry.
    app.logger.warn({ err: error }, "API write lost a race for a unique value");
    return problem(app, "conflict", "Another request saved a title with the same address at the same moment. Retry the request.", {
      headers: { "Retry-After": "1" },
    });
  }
  app.logger.error({ err: error }, "API call failed");
  return problem(app, "internal", "Something went wrong. Please try again later.");
}

/** Other methods on an API address: 405 naming the ones it answers (cross-site writes are refused before this, server/security.ts). */
export function apiMethodNotAllowed({ request, context }: Pick<LoaderArgs, "request" | "context">, allow = API_METHODS): Response {
  return problem(getApp(context), "method-not-allowed", `${request.method} is not allowed here. This address answers ${allow}.`, {
    headers: { Allow: allow },
  });
}

// ---------------------------------------------------------------------------
// Writes (ADR 034).

/** As every request's (server/security.ts, ADR 004): Express refuses a longer declared body before this. */
const MAX_WRITE_BODY_BYTES = 1024 * 1024;

export interface WriteInput<P, B> {
  params: P;
  body: B;
  app: AppContext;
  token: ApiToken;
}

type WriteHandler = (input: WriteInput<unknown, unknown>) => Promise<unknown>;
/** Turns the raw JSON body into what the operation's schema checks (PUT: links referenced by id get their stored addresses). */
type BodyPreparer = (input: { body: unknown; app: AppContext; params: Record<string, string | undefined> }) => Promise<unknown>;

/** One method of an address: its operation and what it does with the validated input. */
export interface WriteEntry {
  op: ApiOperation;
  handle: WriteHandler;
  prepare?: BodyPreparer;
}

type Output<S> = S extends z.ZodType ? z.output<S> : undefined;

/** Pairs an operation with its handler, typed by the operation's path and body schemas. */
export function write<Q extends z.ZodType, P extends z.ZodType | undefined, B extends z.ZodType | undefined>(
  op: ApiOperation<Q, P, B>,
  handle: (input: WriteInput<Output<P>, Output<B>>) => Promise<unknown>,
  prepare?: BodyPreparer,
): WriteEntry {
  return { op: op as ApiOperation, handle: handle as WriteHandler, prepare };
}

/** Field paths of a validation failure ("releases.0.quality") as body parameters. */
function bodyIssues(fields: Record<string, string[]> | undefined): InvalidParam[] {
  return Object.entries(fields ?? {}).flatMap(([name, reasons]) =>
    reasons.map((reason) => ({ name: name || "body", in: "body" as const, reason })),
  );
}

function json(status: number, body: string | null, headers: Record<string, string> = {}): Response {
  return new Response(body, {
    status,
    headers: {
      ...CORS_HEADERS,
      "Cache-Control": PRIVATE_CACHE_CONTROL,
      ...(body === null ? {} : { "Content-Type": "application/json; charset=utf-8" }),
      ...headers,
    },
  });
}

/** The token a write needs, or the problem to answer without one (a cookie is never a way in). */
async function writer(app: AppContext, request: Request, scope: TokenScope): Promise<ApiToken | Response> {
  const caller = await identifyCaller(app, request);
  if ("status" in caller) return refused(app, caller);
  if (caller.kind === "anonymous") return unauthorized(app, TOKEN_REQUIRED);
  if (!scopeAllows(caller.token.scope, scope)) return problem(app, "forbidden", scopeRefusal(scope, caller.token));
  return (await rateLimited(app, caller)) ?? caller.token;
}

async function readJsonBody(
  request: Request,
): Promise<{ ok: true; text: string; value: unknown } | { ok: false; detail: string; tooLarge?: true }> {
  const type = request.headers.get("content-type") ?? "";
  if (!/^application\/(?:[\w.+-]+\+)?json\b/i.test(type))
    return { ok: false, detail: "Send the body as JSON, with Content-Type: application/json." };
  const length = Number(request.headers.get("content-length") ?? 0);
  if (length > MAX_WRITE_BODY_BYTES) return { ok: false, tooLarge: true, detail: "The body is too large (at most 1 MB)." };
  const text = await request.text();
  if (Buffer.byteLength(text) > MAX_WRITE_BODY_BYTES) return { ok: false, tooLarge: true, detail: "The body is too large (at most 1 MB)." };
  try {
    return { ok: true, text, value: JSON.parse(text) };
  } catch {
    return { ok: false, detail: "The body is not valid JSON." };
  }
}

/**
 * One write operation's HTTP side: the token and its scope, the path and the
 * JSON body validated (400 naming each field), the Idempotency-Key of a POST, and
 * the handler's answer as JSON with the operation's status (or a problem).
 */
async function runWrite({ op, handle, prepare }: WriteEntry, { request, context, params }: LoaderArgs): Promise<Response> {
  const app = getApp(context);
  try {
    const token = await writer(app, request, op.scope ?? "catalogue:write");
    if (token instanceof Response) return token;

    const invalid: InvalidParam[] = [];
    let pathValues: unknown;
    if (op.params) {
      const parsedPath = op.params.safeParse(params);
      if (parsedPath.success) pathValues = parsedPath.data;
      else invalid.push(...issuesOf(parsedPath.error, "path", []));
    }
    const { values, repeated } = queryObject(new URL(request.url));
    const parsedQuery = op.query.safeParse(values);
    invalid.push(...repeated.map((name) => ({ name, in: "query" as const, reason: `Give ${name} once.` })));
    if (!parsedQuery.success) invalid.push(...issuesOf(parsedQuery.error, "query", shapeKeys(op.query)));
    let body: unknown;
    let bodyValue: unknown;
    if (op.body) {
      const read = await readJsonBody(request);
      if (!read.ok && read.tooLarge) return problem(app, "too-large", read.detail);
      if (!read.ok)
        return problem(app, "invalid-parameter", read.detail, { invalidParams: [{ name: "body", in: "body", reason: read.detail }] });
      bodyValue = read.value;
      let value = read.value;
      if (prepare) {
        try {
          value = await prepare({ body: value, app, params });
        } catch (error) {
          if (error instanceof AppError && error.status === 400 && error.fields) return invalidBody(app, error);
          throw error;
        }
      }
      // Validated here so every write names its bad fields alike; handlers get the parsed body (a title is parsed again by the editor's save, which is harmless).
      const parsedBody = safeParseInput(op.body, value);
      if (parsedBody.success) body = parsedBody.data;
      else
        invalid.push(
          ...parsedBody.error.issues.map((issue) => ({ name: issue.path.join(".") || "body", in: "body" as const, reason: issue.message })),
        );
    }
    const key = request.method === "POST" ? request.headers.get("idempotency-key") : null;
    if (key !== null && (key.trim() === "" || key.length > IDEMPOTENCY_KEY_MAX)) {
      invalid.push({ name: "Idempotency-Key", in: "header", reason: `Idempotency-Key must be 1 to ${IDEMPOTENCY_KEY_MAX} characters.` });
    }
    if (invalid.length) {
      const detail =
        invalid.length === 1
          ? describe(invalid[0]!)
          : `These parameters are invalid: ${[...new Set(invalid.map((p) => p.name))].join(", ")}.`;
      return problem(app, "invalid-parameter", detail, { invalidParams: invalid });
    }

    if (key === null) return await answer(app, op, () => handle({ params: pathValues, body, app, token }));

    // The parsed body in a canonical form: the same JSON re-serialised is the same request.
    const fingerprint = requestFingerprint(request.method, new URL(request.url).pathname, op.body ? canonicalJson(bodyValue) : "");
    const earlier = await answerOfEarlier(app, op, token.id, key, fingerprint);
    if (earlier) return earlier;
    const outcome = await runOnce(app.db, token.id, key, fingerprint, async (trx) => {
      // The handler writes through the key's transaction: its effect and the key's answer commit together.
      const scoped = { ...app, db: trx };
      const response = await answer(scoped, op, () => handle({ params: pathValues, body, app: scoped, token }));
      return { status: response.status, body: await response.clone().text(), response };
    });
    // A copy of this request got the key first: its answer (it waited for the copy's commit).
    if (outcome.kind === "taken") return (await answerOfEarlier(app, op, token.id, key, fingerprint)) ?? stillRunning(app);
    const { response } = outcome.answer;
    // A refusal is kept as the key's answer; a server failure, or an answer that says to retry, left nothing, so the retry runs the request again.
    if (outcome.kind === "undone" && response.status < 500 && !response.headers.has("Retry-After")) {
      await keepRefusal(app.db, token.id, key, fingerprint, outcome.answer).catch((error: unknown) => {
        app.logger.warn({ err: error }, "could not keep an idempotent refusal");
      });
    }
    return response;
  } catch (error) {
    return failure(app, error);
  }
}

/** The answer for a key an earlier request used (a replay, 409 while running, 422 for another request), or null when it is free. */
async function answerOfEarlier(
  app: AppContext,
  op: ApiOperation,
  tokenId: number,
  key: string,
  fingerprint: string,
): Promise<Response | null> {
  const earlier = await findEarlier(app.db, tokenId, key);
  if (earlier.kind === "none") return null;
  if (earlier.requestHash !== fingerprint) {
    return problem(
      app,
      "idempotency-key-reused",
      "This Idempotency-Key was already used for a different request. Use a new key for a new request.",
    );
  }
  if (earlier.kind === "in-progress") return stillRunning(app);
  return json(earlier.status, earlier.body || null, {
    ...createdAt(app, op, earlier.status, earlier.body),
    "Idempotent-Replayed": "true",
    ...(earlier.status >= 400 && earlier.body ? { "Content-Type": PROBLEM_CONTENT_TYPE } : {}),
  });
}

function stillRunning(app: AppContext): Response {
  return problem(app, "conflict", "A request with this Idempotency-Key is still being processed. Retry in a moment.", {
    headers: { "Retry-After": "1" },
  });
}

/** A 201's Location: the created resource under the operation's own address (POST /titles → /titles/{id}). */
function createdAt(app: AppContext, op: ApiOperation, status: number, body: string): Record<string, string> {
  if (status !== 201) return {};
  const { id } = JSON.parse(body) as { id?: unknown };
  return typeof id === "number" ? { Location: `${app.publicUrl}${API_BASE_PATH}${op.path}/${id}` } : {};
}

async function answer(app: AppContext, op: ApiOperation, run: () => Promise<unknown>): Promise<Response> {
  try {
    const result = await run();
    if (op.response === null) return json(op.status ?? 204, null);
    const body = JSON.stringify(result);
    return json(op.status ?? 200, body, createdAt(app, op, op.status ?? 200, body));
  } catch (error) {
    if (error instanceof AppError && error.status === 400 && error.fields) return invalidBody(app, error);
    return failure(app, error);
  }
}

/** A body the catalogue refused, field by field. */
function invalidBody(app: AppContext, error: AppError): Response {
  const invalidParams = bodyIssues(error.fields);
  const detail =
    invalidParams.length === 1
      ? describe(invalidParams[0]!)
      : `${error.message} These fields are invalid: ${[...new Set(invalidParams.map((p) => p.name))].join(", ")}.`;
  return problem(app, "invalid-parameter", detail, { invalidParams });
}

/**
 * An action for an API address's write methods, e.g. `{ POST: write(OPERATIONS.createTitle, handler) }`;
 * other methods get a 405 naming the address's methods.
 */
export function apiActions(methods: Partial<Record<"POST" | "PUT" | "PATCH" | "DELETE", WriteEntry>>, { reads = true } = {}) {
  const allow = [...(reads ? [API_METHODS] : []), ...Object.keys(methods)].join(", ");
  return (args: LoaderArgs): Promise<Response> | Response => {
    const entry = methods[args.request.method as keyof typeof methods];
    if (!entry) return apiMethodNotAllowed(args, allow);
    return runWrite(entry, args);
  };
}

/** An address under /api/v1 that no endpoint has. */
export function apiNotFound({ request, context }: Pick<LoaderArgs, "request" | "context">): Response {
  if (request.method === "OPTIONS") return preflight();
  const path = new URL(request.url).pathname;
  return problem(getApp(context), "not-found", `No endpoint has the address ${path}. The list is at /api/v1/openapi.json.`);
}
