import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { OpenAPIObject } from "#app/modules/api/openapi.ts";
import { createApiToken } from "#app/modules/api/tokens.server.ts";
import type { TokenScope } from "#app/modules/api/tokens.ts";
import { actorOf } from "#app/modules/auth/accounts.server.ts";
import { insertRequest } from "#tests/factories/inbox.ts";
import { signIn } from "#tests/helpers/admin.ts";
import { testDialects } from "#tests/helpers/database.ts";
import { documentChecker } from "#tests/helpers/openapi.ts";
import {
  operationsOf,
  random,
  resolver,
  validValue,
  type Operation,
  type Parameter,
  type Random,
  type Schema,
} from "#tests/helpers/openapi-values.ts";
import { rawRequest, startInProcessApp, type InProcessApp, type RawAnswer } from "./fuzz-app.ts";

/**
 * The API fuzzed from its own OpenAPI document (issue 29): the document the app
 * serves is read, and every operation, every parameter and every request body in
 * it is sent valid values, then malformed and boundary ones (empty, too long,
 * wrong type, negative, huge, NUL, bad percent-encodings, other scripts), bodies of
 * the wrong type or shape, the wrong content types, bodies over the limit and
 * without a length, anonymous, with a token of the right scope, of another scope
 * and with an unknown one. Every answer must be below 500, have a status the
 * document lists for the operation, be problem details when it is an error, and
 * match the documented schema; nothing may be logged at error level. Seeded and
 * bounded: the same requests on every run.
 */

const SEED = 29_2026;
const API = "/api/v1";
const MAX_BODY = 1024 * 1024;

// ---- Malformed and boundary values ----------------------------------------------------------

/** A parameter's text as it goes in the address: already percent-encoded, bad sequences kept raw. */
interface RawValue {
  label: string;
  raw: string;
}

const plain = (label: string, value: string): RawValue => ({ label, raw: encodeURIComponent(value) });

/** Values every parameter is tried with; a whole number or a text of the wrong length or script. */
function badValues(schema: Schema): RawValue[] {
  const max = schema.maxLength ?? schema.maximum ?? 200;
  return [
    plain("empty", ""),
    plain("blank", "   "),
    plain("too long", "x".repeat(Math.min(Number(max) + 1, 5_000))),
    plain("very long", "y".repeat(5_000)),
    plain("wrong type", "abc"),
    plain("negative", "-1"),
    plain("zero", "0"),
    plain("fraction", "1.5"),
    plain("exponent", "1e3"),
    plain("huge", "99999999999999999999"),
    plain("past the maximum", String(Number(schema.maximum ?? 1e9) + 1)),
    { label: "NUL", raw: "%00" },
    { label: "NUL inside", raw: "a%00b" },
    { label: "lone %", raw: "%" },
    { label: "bad hex", raw: "%zz" },
    { label: "UTF-16 surrogate", raw: "%ED%A0%80" },
    { label: "overlong UTF-8", raw: "%C0%AF" },
    { label: "truncated UTF-8", raw: "%E0%A4%A" },
    plain("right-to-left override", "\u202eabc"),
    plain("other scripts", "日本語 ünï 😀"),
    plain("markup", "<script>alert(1)</script>"),
    plain("traversal", "../../etc/passwd"),
  ];
}

/** Ways to break one field of a valid body. */
const FIELD_BREAKS: { label: string; value: (current: unknown, schema: Schema) => unknown }[] = [
  { label: "null", value: () => null },
  { label: "wrong type", value: (current) => (typeof current === "string" ? 12 : "twelve") },
  { label: "object", value: () => ({ nested: true }) },
  { label: "array", value: () => ["a"] },
  { label: "too long", value: (_c, s) => "z".repeat(Math.min((s.maxLength ?? 300) + 1, 25_000)) },
  { label: "NUL", value: () => "a\u0000b" },
  { label: "negative", value: () => -1 },
  { label: "huge", value: () => 1e20 },
  { label: "unsafe integer", value: () => 2 ** 53 + 1 },
  { label: "fraction", value: () => 0.5 },
  { label: "other scripts", value: () => "日本語 😀 \u202e" },
  { label: "boolean", value: () => true },
];

/** Every path to a value in `value` ("releases.0.files.0.title"), with its schema. */
function fields(value: unknown, schema: Schema, resolve: (s: Schema) => Schema, at: string[] = []): { path: string[]; schema: Schema }[] {
  const s = resolve(schema);
  const here = at.length ? [{ path: at, schema: s }] : [];
  if (Array.isArray(value)) return [...here, ...value.flatMap((item, i) => fields(item, s.items ?? {}, resolve, [...at, String(i)]))];
  if (value && typeof value === "object") {
    return [...here, ...Object.entries(value).flatMap(([key, v]) => fields(v, s.properties?.[key] ?? {}, resolve, [...at, key]))];
  }
  return here;
}

function pick(value: unknown, path: string[]): unknown {
  return path.reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], value);
}

function withField(value: unknown, path: string[], replacement: unknown): unknown {
  const copy = structuredClone(value) as Record<string, unknown>;
  let node = copy;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string, unknown>;
  if (replacement === undefined) delete node[path.at(-1)!];
  else node[path.at(-1)!] = replacement;
  return copy;
}

// ---- Requests --------------------------------------------------------------------------------

type Auth = "none" | "token" | "other-scope" | "unknown-token";

interface Case {
  op: Operation;
  label: string;
  auth: Auth;
  /** The address, already encoded, with the query. */
  path: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
  /** A body sent in chunks, without Content-Length. */
  chunked?: boolean;
}

const fillPath = (template: string, values: Record<string, string>) =>
  `${API}${template.replace(/\{(\w+)\}/g, (_m, name: string) => values[name] ?? "1")}`;

function queryString(pairs: [string, string][]): string {
  return pairs.length ? `?${pairs.map(([k, v]) => `${encodeURIComponent(k)}=${v}`).join("&")}` : "";
}

function casesFor(op: Operation, document: OpenAPIObject, realPath: Record<string, string>, rng: Random): Case[] {
  const resolve = resolver(document);
  const validOf = (p: Parameter) => String(realPath[p.name] ?? validValue(p.schema, resolve, rng, false));
  const pathValues = Object.fromEntries(op.parameters.filter((p) => p.in === "path").map((p) => [p.name, validOf(p)]));
  const validQuery = (full: boolean): [string, string][] =>
    op.parameters
      .filter((p) => p.in === "query" && (p.required || (full && rng.next() < 0.5)))
      .map((p) => [p.name, encodeURIComponent(validOf(p))]);
  const validBody = (full: boolean) => (op.body ? JSON.stringify(validValue(op.body, resolve, rng, full)) : undefined);
  const json: Record<string, string> = op.body ? { "content-type": "application/json" } : {};
  const auths: Auth[] = op.scope ? ["token", "token", "none", "other-scope", "unknown-token"] : ["none", "none", "token", "unknown-token"];
  const cases: Case[] = [];
  const add = (c: Omit<Case, "op" | "auth"> & { auth?: Auth }) => cases.push({ op, auth: c.auth ?? rng.pick(auths), ...c });

  // Valid requests, minimal and full, with each kind of caller.
  for (const auth of ["none", "token", "other-scope", "unknown-token"] as const) {
    add({
      label: "valid",
      auth,
      path: fillPath(op.path, pathValues) + queryString(validQuery(false)),
      headers: json,
      body: validBody(false),
    });
  }
  for (let i = 0; i < 3; i++) {
    add({
      label: "valid, more fields",
      auth: op.scope ? "token" : "none",
      path: fillPath(op.path, pathValues) + queryString(validQuery(true)),
      headers: json,
      body: validBody(true),
    });
  }

  // Each parameter malformed in turn (the others valid), and given twice.
  for (const parameter of op.parameters) {
    // NUL and a lone surrogate every time (PostgreSQL cannot store them), a sample of the rest.
    const values = badValues(parameter.schema);
    const always = values.filter((v) => ["NUL", "NUL inside", "UTF-16 surrogate"].includes(v.label));
    for (const bad of [
      ...always,
      ...rng.some(
        values.filter((v) => !always.includes(v)),
        7,
      ),
    ]) {
      const label = `${parameter.in} ${parameter.name}: ${bad.label}`;
      if (parameter.in === "path") {
        // An empty segment is another address (the collection), not this operation's.
        if (bad.raw === "") continue;
        add({ label, path: fillPath(op.path, { ...pathValues, [parameter.name]: bad.raw }), headers: json, body: validBody(false) });
      } else if (parameter.in === "query") {
        const others = validQuery(false).filter(([name]) => name !== parameter.name);
        add({ label, path: fillPath(op.path, pathValues) + queryString([...others, [parameter.name, bad.raw]]) });
      } else {
        // Header values travel as Latin-1 text; Node's client refuses control characters in them, as servers do.
        const value = decodeURIComponentSafe(bad.raw);
        if (/[^\t\x20-\x7e\x80-\xff]/.test(value)) continue;
        add({
          label,
          auth: "token",
          path: fillPath(op.path, pathValues),
          headers: { ...json, [parameter.name]: value },
          body: validBody(false),
        });
      }
    }
    if (parameter.in === "query") {
      const v = encodeURIComponent(validOf(parameter));
      add({
        label: `query ${parameter.name}: twice`,
        path:
          fillPath(op.path, pathValues) +
          queryString([
            [parameter.name, v],
            [parameter.name, v],
          ]),
      });
    }
  }
  add({
    label: "unknown query parameter",
    path: fillPath(op.path, pathValues) + queryString([["zzz", "1"]]),
    headers: json,
    body: validBody(false),
  });

  if (op.body) {
    const base = validValue(op.body, resolve, rng, true);
    const target = fillPath(op.path, pathValues);
    // Each field broken in one way, a sample of them; required ones left out; an unknown one added.
    const paths = fields(base, op.body, resolve);
    for (const { path, schema } of rng.some(paths, 14)) {
      const breakage = rng.pick(FIELD_BREAKS);
      const body = withField(base, path, breakage.value(undefined, schema));
      add({ label: `body ${path.join(".")}: ${breakage.label}`, auth: "token", path: target, headers: json, body: JSON.stringify(body) });
    }
    // NUL in every text field of a valid body (PostgreSQL cannot store it; it must be refused, not a 500).
    for (const { path } of fields(base, op.body, resolve).filter(({ path }) => typeof pick(base, path) === "string")) {
      add({
        label: `body ${path.join(".")}: NUL`,
        auth: "token",
        path: target,
        headers: json,
        body: JSON.stringify(withField(base, path, "a\u0000b")),
      });
    }
    for (const name of op.body.required ?? []) {
      add({
        label: `body without ${name}`,
        auth: "token",
        path: target,
        headers: json,
        body: JSON.stringify(withField(base, [name], undefined)),
      });
    }
    add({
      label: "body with an unknown field",
      auth: "token",
      path: target,
      headers: json,
      body: JSON.stringify({ ...(base as object), zzz: 1 }),
    });
    for (const text of [
      "",
      "{",
      "null",
      "[]",
      "42",
      '"text"',
      '{"__proto__":{"admin":true}}',
      '{"constructor":{"prototype":{}}}',
      "[".repeat(5_000),
      `${"[".repeat(100_000)}${"]".repeat(100_000)}`,
    ]) {
      add({ label: `body ${JSON.stringify(text.slice(0, 12))}`, auth: "token", path: target, headers: json, body: text });
    }
    // Wrong content types, the right JSON in them.
    const valid = validBody(false)!;
    for (const type of [
      undefined,
      "text/plain",
      "application/x-www-form-urlencoded",
      "multipart/form-data; boundary=x",
      "application/xml",
      "application/json; charset=utf-16",
      ";;",
    ]) {
      add({
        label: `content type ${type ?? "none"}`,
        auth: "token",
        path: target,
        headers: type ? { "content-type": type } : {},
        body: valid,
      });
    }
    add({ label: "body one byte over the limit", auth: "token", path: target, headers: json, body: Buffer.alloc(MAX_BODY + 1, 0x20) });
    add({ label: "body without a length", auth: "token", path: target, headers: json, body: valid, chunked: true });
    add({
      label: "body from another site",
      auth: "token",
      path: target,
      headers: { ...json, origin: "https://evil.example" },
      body: valid,
    });
  } else if (op.method !== "get") {
    add({
      label: "write from another site",
      auth: "token",
      path: fillPath(op.path, pathValues),
      headers: { origin: "https://evil.example" },
    });
  }
  return cases;
}

function decodeURIComponentSafe(raw: string): string {
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

// ---- The run --------------------------------------------------------------------------------

for (const dialect of testDialects) {
  describe(`the API, fuzzed from its OpenAPI document [${dialect}]`, () => {
    let app: InProcessApp;
    let document: OpenAPIObject;
    let tokens: Record<TokenScope, string>;
    let realPath: Record<string, Record<string, string>>;

    beforeAll(async () => {
      app = await startInProcessApp(dialect);
      const db = app.database.db;
      const { admin } = await signIn(db, "admin");
      const make = async (scope: TokenScope) =>
        (await createApiToken(db, actorOf(admin), { name: `fuzz ${scope}`, scope, expiry: "never" })).secret;
      tokens = { read: await make("read"), "catalogue:write": await make("catalogue:write"), inbox: await make("inbox") };
      const titles = await db.selectFrom("titles").select("id").orderBy("id").limit(3).execute();
      const link = await db.selectFrom("links").select("id").orderBy("id").executeTakeFirstOrThrow();
      const request = await insertRequest(db, { title: "Fuzz" });
      // Reads, replaces and deletes each have their own title, so a delete does not turn the others into 404s.
      realPath = {
        getTitle: { id: String(titles[0]!.id) },
        updateTitle: { id: String(titles[1]!.id) },
        deleteTitle: { id: String(titles[2]!.id) },
        updateLink: { id: String(link.id) },
        listInbox: { kind: "requests" },
        updateInboxItem: { kind: "requests", id: String(request) },
      };
      // The document as the app serves it; the first request also waits for Vite to compile the route modules.
      const served = await fetch(`${app.baseURL}${API}/openapi.json`);
      expect(served.status).toBe(200);
      document = (await served.json()) as OpenAPIObject;
    }, 120_000);

    afterAll(async () => {
      await app?.close();
    });

    it("answers every operation's valid, malformed and boundary requests as the document says, never with a 5xx", async () => {
      const operations = operationsOf(document);
      expect(operations.length).toBeGreaterThanOrEqual(12);
      const rng = random(SEED);
      const cases = operations.flatMap((op) => casesFor(op, document, realPath[op.operationId] ?? {}, rng));
      const expectDocumented = documentChecker(document);
      const failures: string[] = [];
      const statuses = new Map<number, number>();
      const started = Date.now();

      const headersOf = (c: Case): Record<string, string> => {
        const headers: Record<string, string> = { ...c.headers };
        // Another scope: refused for writes and the inbox; any scope may read the catalogue.
        const other: TokenScope = c.op.scope === "catalogue:write" ? "inbox" : "catalogue:write";
        if (c.auth === "token") headers.authorization = `Bearer ${tokens[c.op.scope ?? "read"]}`;
        if (c.auth === "other-scope") headers.authorization = `Bearer ${tokens[other]}`;
        if (c.auth === "unknown-token") headers.authorization = `Bearer cdx_${"Q".repeat(43)}`;
        if (c.chunked) headers["transfer-encoding"] = "chunked";
        else if (c.body !== undefined) headers["content-length"] = String(Buffer.byteLength(c.body));
        return headers;
      };

      async function check(c: Case, answer: RawAnswer) {
        const where = `${c.op.method.toUpperCase()} ${c.path.slice(0, 100)} (${c.label}, ${c.auth})`;
        statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
        if (process.env.API_FUZZ_VERBOSE) console.log(`${where}: ${answer.status} ${answer.body.slice(0, 160)}`);
        if (answer.status >= 500) failures.push(`${where}: ${answer.status} ${answer.body.slice(0, 200)}`);
        const headers = new Headers();
        for (const [name, value] of Object.entries(answer.headers)) if (typeof value === "string") headers.set(name, value);
        const response = new Response([204, 304].includes(answer.status) ? null : answer.body, { status: answer.status, headers });
        try {
          const body = await expectDocumented(response, c.op.path, c.op.method);
          if (answer.status >= 400) expect((body as { status?: number }).status, "the problem's status").toBe(answer.status);
          if (answer.status === 201) expect(answer.headers.location, "a 201's Location").toMatch(/\/api\/v1\/titles\/\d+$/);
        } catch (error) {
          failures.push(`${where}: ${answer.status} ${(error as Error).message.split("\n").slice(0, 3).join(" ")}`);
        }
      }

      const queue = [...cases];
      let sent = 0;
      const worker = async () => {
        for (let c = queue.shift(); c; c = queue.shift()) {
          let answer: RawAnswer;
          try {
            answer = await rawRequest(app.port, { method: c.op.method.toUpperCase(), path: c.path, headers: headersOf(c), body: c.body });
          } catch (error) {
            failures.push(`${c.op.method.toUpperCase()} ${c.path.slice(0, 100)} (${c.label}): no answer: ${(error as Error).message}`);
            continue;
          }
          sent++;
          await check(c, answer);
        }
      };
      await Promise.all([worker(), worker(), worker()]);
      const seconds = (Date.now() - started) / 1000;
      const byStatus = [...statuses]
        .sort(([a], [b]) => a - b)
        .map(([s, n]) => `${s}×${n}`)
        .join(" ");
      console.log(`api fuzz [${dialect}]: ${sent} requests over ${operations.length} operations in ${seconds.toFixed(1)} s: ${byStatus}`);
      // Nothing at error level in the log either (a 5xx's cause shows here).
      const errors = app.logs.filter((line) => line.level >= 50).map((e) => e.err?.message ?? e.msg);
      expect({ failures, errors }).toEqual({ failures: [], errors: [] });
      // Some of every kind of answer, so the cases reach past the front door.
      expect([...statuses.keys()]).toEqual(expect.arrayContaining([200, 201, 204, 400, 401, 403, 404, 411, 413]));
    }, 240_000);

    // The integrator's findings (issue 29, item 9), one by one.
    const problemOf = (answer: RawAnswer) => {
      expect(answer.headers["content-type"], `${answer.status} ${answer.body.slice(0, 100)}`).toBe("application/problem+json");
      const body = JSON.parse(answer.body) as { type: string; title: string; status: number; detail: string };
      expect(body).toMatchObject({ status: answer.status, type: expect.stringContaining("/api/docs#problem-") as unknown });
      expect(body.title.length * body.detail.length).toBeGreaterThan(0);
      return body;
    };
    const write = (method: string, path: string, headers: Record<string, string>, body?: string | Buffer) =>
      rawRequest(app.port, {
        method,
        path,
        headers: {
          authorization: `Bearer ${tokens["catalogue:write"]}`,
          "content-type": "application/json",
          ...(body === undefined || headers["transfer-encoding"] ? {} : { "content-length": String(Buffer.byteLength(body)) }),
          ...headers,
        },
        body,
      });

    it("answers errors raised before the API (body limit, undecodable address, cross-site write, method, address) as problem details", async () => {
      const tooLarge = await write("POST", `${API}/titles`, {}, Buffer.alloc(MAX_BODY + 1, 0x20));
      expect(tooLarge.status).toBe(413);
      expect(problemOf(tooLarge).type).toMatch(/#problem-too-large$/);

      const chunked = await write("POST", `${API}/titles`, { "transfer-encoding": "chunked" }, "{}");
      expect(chunked.status).toBe(411);
      problemOf(chunked);

      for (const path of [`${API}/titles/%ED%A0%80`, `${API}/titles/%zz`, `${API}/inbox/%C0%AF`]) {
        const malformed = await rawRequest(app.port, { method: "GET", path });
        expect(malformed.status, path).toBe(400);
        expect(problemOf(malformed).detail).toContain("malformed");
      }

      const crossSite = await write(
        "POST",
        `${API}/titles`,
        { origin: "https://evil.example" },
        JSON.stringify({ type: "movie", title: "X" }),
      );
      expect(crossSite.status).toBe(403);
      expect(problemOf(crossSite).type).toMatch(/#problem-cross-site$/);

      const trace = await rawRequest(app.port, { method: "TRACE", path: `${API}/titles` });
      expect([trace.status, trace.headers.allow]).toEqual([405, expect.stringContaining("GET")]);
      problemOf(trace);
      const postToRead = await write("POST", `${API}/genres`, {}, "{}");
      expect(postToRead.status).toBe(405);
      problemOf(postToRead);

      for (const path of ["/api/nope", "/api/v2/titles", `${API}/nope`]) {
        const unknown = await rawRequest(app.port, { method: "GET", path });
        expect(unknown.status, path).toBe(404);
        problemOf(unknown);
      }
      const getOnPostOnly = await rawRequest(app.port, { method: "GET", path: "/api/request-title" });
      expect(getOnPostOnly.status).toBe(405);
      problemOf(getOnPostOnly);

      // The site's pages keep their plain-text refusals.
      const page = await rawRequest(app.port, { method: "POST", path: "/contact-us", headers: { origin: "https://evil.example" } });
      expect([page.status, page.headers["content-type"]]).toEqual([403, expect.stringContaining("text/plain")]);
      const pagePath = await rawRequest(app.port, { method: "GET", path: "/title/%ED%A0%80" });
      expect([pagePath.status, pagePath.headers["content-type"]]).toEqual([400, expect.stringContaining("text/plain")]);
    });

    it("gives every 201 the created title's Location, a replay too, marked Idempotent-Replayed", async () => {
      const body = JSON.stringify({ type: "movie", title: "Located" });
      const created = await write("POST", `${API}/titles`, { "idempotency-key": "fuzz-location" }, body);
      expect(created.status).toBe(201);
      const { id } = JSON.parse(created.body) as { id: number };
      expect(created.headers.location).toBe(`${app.baseURL}${API}/titles/${id}`);
      expect((await rawRequest(app.port, { method: "GET", path: new URL(created.headers.location!).pathname })).status).toBe(200);
      const replayed = await write("POST", `${API}/titles`, { "idempotency-key": "fuzz-location" }, body);
      expect([replayed.status, replayed.headers.location, replayed.headers["idempotent-replayed"]]).toEqual([
        201,
        created.headers.location,
        "true",
      ]);
    });

    it("documents Idempotent-Replayed, Location and Retry-After, with portable patterns and a security entry on every operation", () => {
      const post = document.paths!["/titles"]!.post!.responses!;
      const created = post["201"] as { headers: Record<string, { required?: boolean }> };
      expect(created.headers.Location?.required).toBe(true);
      expect(created.headers["Idempotent-Replayed"]).toBeDefined();
      expect(Object.keys((post["409"] as { headers: object }).headers)).toContain("Retry-After");
      expect(JSON.stringify(document)).not.toMatch(/\\p\{/);
      for (const op of operationsOf(document)) {
        const security = (document.paths![op.path] as Record<string, { security?: unknown[] }>)[op.method]!.security;
        expect(security?.length, `${op.method} ${op.path}`).toBeGreaterThan(0);
      }
    });

    it("answers titles created at the same moment under one name without a 500 (the slug race)", async () => {
      const body = JSON.stringify({ type: "movie", title: "Same Moment" });
      const answers = await Promise.all(Array.from({ length: 6 }, () => write("POST", `${API}/titles`, {}, body)));
      const statuses = answers.map((a) => a.status);
      expect(
        statuses.every((s) => s === 201 || s === 409),
        statuses.join(" "),
      ).toBe(true);
      for (const answer of answers.filter((a) => a.status === 409)) expect(answer.headers["retry-after"]).toBe("1");
      expect(statuses).toContain(201);
    });
  });
}
