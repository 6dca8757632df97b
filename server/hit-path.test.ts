import http from "node:http";
import type { AddressInfo } from "node:net";
import zlib from "node:zlib";
import pino from "pino";
import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import { etagOf } from "#app/utils/http-cache.ts";
import { createHitPath, type HitAnswer } from "./hit-path.ts";
import type { CachedPage, KeySource } from "./page-cache.ts";

const html = Buffer.from(`<!DOCTYPE html><html><body>${"<p>cached page</p>".repeat(200)}</body></html>`);
const replay: CachedPage["replay"] = [
  ["content-type", "text/html; charset=utf-8"],
  ["cache-control", "public, max-age=0, s-maxage=60, stale-while-revalidate=300"],
  ["vary", "Cookie, Accept-Encoding"],
  ["content-security-policy", "script-src 'self' 'sha256-abc'"],
  ["x-frame-options", "DENY"],
];
const entry = (overrides: Partial<CachedPage> = {}): CachedPage => ({
  version: 1,
  status: 200,
  headers: [["content-type", "text/html; charset=utf-8"]],
  body: html,
  etag: etagOf(html),
  scriptSources: ["'sha256-abc'"],
  encoded: { br: zlib.brotliCompressSync(html), gzip: zlib.gzipSync(html) },
  bytes: html.length,
  replay,
  ...overrides,
});

let pages: Record<string, CachedPage | "fails">;
let trusted = false;
const answered: HitAnswer[] = [];
const toExpress: string[] = [];
const logLines: { req: { id: string; url: string }; res: { statusCode: number }; msg: string }[] = [];
let base = "";
let server: http.Server;

beforeAll(async () => {
  const hits = createHitPath({
    lookup: async (source: KeySource) => {
      const page = pages[new URL(source.url).pathname];
      if (page === "fails") throw new Error("database away");
      return page ?? null;
    },
    logger: pino({ level: "info" }, { write: (line: string) => void logLines.push(JSON.parse(line) as (typeof logLines)[number]) }),
    trustProxy: () => trusted,
    requestId: (incoming) => (typeof incoming === "string" ? incoming : "generated-id"),
    onAnswered: (answer) => answered.push(answer),
  });
  server = http.createServer((req, res) =>
    hits(req, res, () => {
      toExpress.push(`${req.method} ${req.url}`);
      res.setHeader("X-Page-Cache", "express");
      res.end("from express");
    }),
  );
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  pages = { "/faq": entry() };
  trusted = false;
  answered.length = 0;
  toExpress.length = 0;
  logLines.length = 0;
});

/** A GET with a body (odd, but clients can send one). */
function getWithBody(path: string, body: string) {
  return new Promise<void>((resolve, reject) => {
    http
      .request(`${base}${path}`, { method: "GET", headers: { "content-length": String(body.length) } }, (res) => {
        res.resume();
        res.on("end", resolve);
      })
      .on("error", reject)
      .end(body);
  });
}

function get(path: string, init: { method?: string; headers?: Record<string, string> } = {}) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    http
      .request(`${base}${path}`, { method: init.method ?? "GET", headers: init.headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
      })
      .on("error", reject)
      .end();
  });
}

it("answers a held page with the pipeline's headers, its coding and validator, and logs, measures and counts it", async () => {
  const answer = await get("/faq?utm_source=x", { headers: { "accept-encoding": "gzip, br", "user-agent": "Mozilla/5.0" } });
  expect(answer.status).toBe(200);
  expect(zlib.brotliDecompressSync(answer.body)).toEqual(html);
  expect(answer.headers).toMatchObject({
    "content-type": "text/html; charset=utf-8",
    "cache-control": "public, max-age=0, s-maxage=60, stale-while-revalidate=300",
    vary: "Cookie, Accept-Encoding",
    "content-security-policy": "script-src 'self' 'sha256-abc'",
    "x-frame-options": "DENY",
    "x-page-cache": "hit",
    "x-request-id": "generated-id",
    "content-encoding": "br",
    etag: `${etagOf(html).slice(0, -1)}-br"`,
    "content-length": String(answer.body.length),
  });
  expect(answer.headers["strict-transport-security"]).toBeUndefined();
  expect(toExpress).toEqual([]);
  await expect.poll(() => answered.length).toBe(1);
  expect(answered[0]).toMatchObject({ method: "GET", path: "/faq", url: "/faq?utm_source=x", status: 200 });
  expect(answered[0]!.header("user-agent")).toBe("Mozilla/5.0");
  expect(logLines).toEqual([
    expect.objectContaining({
      msg: "request completed",
      req: expect.objectContaining({ id: "generated-id", url: "/faq?utm_source=x" }),
      res: { statusCode: 200 },
    }),
  ]);
});

it("answers 304 to its validator and HEAD without a body, and keeps a proxy's request id", async () => {
  const plain = await get("/faq", { headers: { "x-request-id": "proxy-7" } });
  expect(plain.headers["x-request-id"]).toBe("proxy-7");
  expect(plain.headers["content-encoding"]).toBeUndefined();
  expect(plain.body).toEqual(html);
  const revalidated = await get("/faq", { headers: { "if-none-match": plain.headers.etag! } });
  expect(revalidated.status).toBe(304);
  expect(revalidated.body).toHaveLength(0);
  expect(revalidated.headers["content-type"]).toBeUndefined();
  const head = await get("/faq", { method: "HEAD", headers: { "accept-encoding": "gzip" } });
  expect(head.status).toBe(200);
  expect(head.headers["content-encoding"]).toBe("gzip");
  expect(head.body).toHaveLength(0);
  expect(toExpress).toEqual([]);
});

it("adds HSTS only when Express would judge the request HTTPS (a trusted proxy's X-Forwarded-Proto)", async () => {
  const forwarded = { "x-forwarded-proto": "https" };
  expect((await get("/faq", { headers: forwarded })).headers["strict-transport-security"]).toBeUndefined();
  trusted = true;
  expect((await get("/faq", { headers: forwarded })).headers["strict-transport-security"]).toBe("max-age=31536000; includeSubDomains");
  expect((await get("/faq", { headers: { "x-forwarded-proto": "http" } })).headers["strict-transport-security"]).toBeUndefined();
});

it("leaves everything else to Express: other methods, pages not held, not yet served through Express, other codings, a failed lookup", async () => {
  pages["/unsent"] = entry({ replay: undefined });
  pages["/with-cookie"] = entry({ replay: null });
  pages["/away"] = "fails";
  await get("/faq", { method: "POST" });
  await get("/missing");
  await get("/unsent");
  await get("/with-cookie");
  await get("/faq", { headers: { "accept-encoding": "deflate" } });
  await get("/faq", { headers: { "content-length": "0" } });
  await getWithBody("/faq", "a body");
  const away = await get("/away");
  expect(away.headers["x-page-cache"]).toBe("express");
  expect(toExpress).toEqual(["POST /faq", "GET /missing", "GET /unsent", "GET /with-cookie", "GET /faq", "GET /faq", "GET /away"]);
  // An empty declared body is no body: that GET was a hit.
  expect(answered).toHaveLength(1);
});
