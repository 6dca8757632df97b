import crypto from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import zlib from "node:zlib";
import { createReadableStreamFromReadable } from "@react-router/node";
import type { Request as ExpressRequest, RequestHandler, Response as ExpressResponse } from "express";
import { sessionCookieName } from "#app/modules/auth/sessions.server.ts";
import { googleCookieName, loginRequestCookieName } from "#app/modules/desksync/sessions.server.ts";
import { dismissedBanners } from "#app/modules/site/banners.ts";
import { etagOf, matchesIfNoneMatch, PRIVATE_CACHE_CONTROL, PUBLIC_PAGE_CACHE_CONTROL } from "#app/utils/http-cache.ts";
import { ownOrigin } from "./request-target.ts";

/*
 * The page cache (ADR 014). Anonymous GET and HEAD requests for the public pages
 * listed below are rendered without a CSP nonce; the finished HTML is hashed, its
 * inline scripts are allowed by their SHA-256 hashes, and the bytes are kept in a
 * byte-bounded LRU keyed by path, known query parameters and dismissed notices. An
 * entry is served only while the database's content version (bumped by every write
 * visitors would see) is the one it was rendered at. Everything else (sessions,
 * admin, DeskSync, forms, writes) is rendered as before, with a nonce, `private, no-store`.
 */

/** Parameters the search, browse and home pages read (app/modules/search/params.ts, pagination). */
const SEARCH_PARAMS = ["q", "page", "type", "genre", "quality", "yearFrom", "yearTo", "sort"] as const;

/**
 * The pages that may be cached and the query parameters each reads: any other
 * parameter (utm_*, fbclid…) is dropped before rendering, so it cannot split the
 * cache and the render never depends on it. A page reading a new parameter must list it here.
 */
const CACHED_PAGES: { path: RegExp; params: readonly string[] }[] = [
  { path: /^\/$/, params: SEARCH_PARAMS },
  { path: /^\/search$/, params: SEARCH_PARAMS },
  { path: /^\/genre\/[^/]+(\/[^/]+)?$/, params: SEARCH_PARAMS },
  { path: /^\/movie\/\d+(\/[^/]+)?$/, params: ["season"] },
  { path: /^\/archive\/\d+\/[^/]+$/, params: [] },
  { path: /^\/desksync\/\d+\/[^/]+\/[^/]+\/[^/]+$/, params: [] },
  { path: /^\/faq$/, params: ["q"] },
  { path: /^\/(how-to-download|about-us|site-disclaimer|privacy-policy|terms|watchlist)$/, params: [] },
  { path: /^\/api\/docs$/, params: [] },
];

/** Cookies that mean a signed-in admin or Google user: such requests are never served from or stored in the cache. */
const SESSION_COOKIES = new Set(
  [true, false].flatMap((secure) => [sessionCookieName(secure), googleCookieName(secure), loginRequestCookieName(secure)]),
);

export { etagOf, matchesIfNoneMatch, PRIVATE_CACHE_CONTROL, PUBLIC_PAGE_CACHE_CONTROL };

export interface CachedPage {
  version: number;
  status: number;
  /** Response headers without Set-Cookie (a page with one is never kept). */
  headers: [string, string][];
  body: Buffer;
  etag: string;
  /** CSP sources allowing the page's inline scripts: 'sha256-…' each. */
  scriptSources: string[];
  /** The body compressed once when kept, so a hit costs no compression (empty for a small body). */
  encoded: Partial<Record<Encoding, Buffer>>;
  bytes: number;
  /**
   * The headers the whole pipeline (security headers, CSP with this page's hashes,
   * caching) sent the first time Express served this entry, less those set per
   * request: what the hit path (hit-path.ts) sends. Null when it must not replay them.
   */
  replay?: [string, string | string[] | number][] | null;
}

export type Encoding = "br" | "gzip";

/** Below this, compression is not worth it (the compression middleware's own threshold). */
const COMPRESS_MIN_BYTES = 1024;

/** Fast settings: an entry is compressed once, on the request that rendered it. */
function compressed(body: Buffer): Partial<Record<Encoding, Buffer>> {
  if (body.length < COMPRESS_MIN_BYTES) return {};
  return {
    br: zlib.brotliCompressSync(body, {
      params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length },
    }),
    gzip: zlib.gzipSync(body, { level: 6 }),
  };
}

/** The coding to send for an Accept-Encoding header: brotli, then gzip, else none (q=0 refuses one). */
export function chooseEncoding(header: string | null | undefined, available: Partial<Record<Encoding, Buffer>>): Encoding | null {
  if (!header) return null;
  const accepted = new Map<string, number>();
  for (const part of header.split(",")) {
    const [name = "", ...params] = part.split(";").map((p) => p.trim().toLowerCase());
    const q = params.find((p) => p.startsWith("q="));
    accepted.set(name, q ? Number(q.slice(2)) || 0 : 1);
  }
  const wildcard = accepted.get("*");
  for (const encoding of ["br", "gzip"] as const) {
    const q = accepted.get(encoding) ?? wildcard ?? 0;
    if (q > 0 && available[encoding]) return encoding;
  }
  return null;
}

/** A strong validator per representation: each coding of the same page has its own. */
export function etagFor(entry: CachedPage, encoding: Encoding | null): string {
  return encoding ? `${entry.etag.slice(0, -1)}-${encoding}"` : entry.etag;
}

/** A least-recently-used map bounded by the bytes of its entries. */
export class PageStore {
  #entries = new Map<string, CachedPage>();
  #bytes = 0;
  constructor(readonly maxBytes: number) {}

  get size(): number {
    return this.#entries.size;
  }

  get bytes(): number {
    return this.#bytes;
  }

  get(key: string): CachedPage | undefined {
    const entry = this.#entries.get(key);
    if (entry) {
      this.#entries.delete(key);
      this.#entries.set(key, entry);
    }
    return entry;
  }

  set(key: string, entry: CachedPage): void {
    this.delete(key);
    // One page may not crowd out most of the others.
    if (entry.bytes > this.maxBytes / 8) return;
    this.#entries.set(key, entry);
    this.#bytes += entry.bytes;
    for (const [oldest, old] of this.#entries) {
      if (this.#bytes <= this.maxBytes) break;
      this.#entries.delete(oldest);
      this.#bytes -= old.bytes;
    }
  }

  delete(key: string): void {
    const entry = this.#entries.get(key);
    if (!entry) return;
    this.#entries.delete(key);
    this.#bytes -= entry.bytes;
  }
}

/** What the key is made of; a Fetch Request, or the Express adapter's view of its request (no Request built for a hit). */
export interface KeySource {
  method: string;
  /** Absolute URL. */
  url: string;
  header(name: "authorization" | "cookie"): string | null;
}

function keySourceOf(request: Request): KeySource {
  return { method: request.method, url: request.url, header: (name) => request.headers.get(name) };
}

type Cacheable = { key: string; url: string } | null;

/** Keys of recent requests, by method, address and cookies: a hit repeats a request already seen. */
const recentKeys = new Map<string, Cacheable>();
const RECENT_KEYS = 1_000;
/** Longer requests (long cookies) are worked out each time, so the memo stays under a megabyte. */
const RECENT_KEY_LENGTH = 1_000;

/** The cache key and the URL to render for a cacheable request; null when the request may not use the cache. */
export function cacheKeyFor(request: Request | KeySource): Cacheable {
  const source = request instanceof Request ? keySourceOf(request) : request;
  if (source.method !== "GET" && source.method !== "HEAD") return null;
  if (source.header("authorization") !== null) return null;
  const cookies = source.header("cookie");
  // The key is a function of these three alone; working it out (URL parsing, sorting) cost more than the rest of a lookup.
  const recent = `${source.method} ${source.url} ${cookies ?? ""}`;
  if (recent.length > RECENT_KEY_LENGTH) return keyOf(source, cookies);
  let cacheable = recentKeys.get(recent);
  if (cacheable === undefined) {
    if (recentKeys.size >= RECENT_KEYS) recentKeys.clear();
    recentKeys.set(recent, (cacheable = keyOf(source, cookies)));
  }
  return cacheable;
}

function keyOf(source: KeySource, cookies: string | null): Cacheable {
  if (cookies && cookies.split(";").some((c) => SESSION_COOKIES.has(c.split("=")[0]!.trim()))) return null;
  const url = new URL(source.url);
  const page = CACHED_PAGES.find((p) => p.path.test(url.pathname));
  if (!page) return null;
  const kept = new URLSearchParams();
  for (const name of [...page.params].sort()) {
    const value = url.searchParams.get(name);
    if (value !== null) kept.set(name, value);
  }
  const search = kept.size ? `?${kept.toString()}` : "";
  // The notices a visitor dismissed are left out of the page by the server (no flash, works without JavaScript).
  const banners = dismissedBanners(cookies).sort().join(".");
  return { key: `${url.pathname}${search}#${banners}`, url: `${url.origin}${url.pathname}${search}` };
}

const INLINE_SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script>/gi;

/**
 * The CSP sources for a page's inline scripts (those without src), as the browser
 * hashes them: the UTF-8 bytes of each script's text. The tags are found in a
 * latin1 view of the page (one character per byte, so indexes are byte offsets):
 * decoding a whole page that holds a few non-ASCII characters as UTF-8 took 0.8 ms
 * of a 10 ms render, latin1 0.01 ms. UTF-8 never puts an ASCII byte inside a
 * multibyte character, so the tags are found exactly where the decoded text has them.
 */
export function inlineScriptSources(html: Buffer): string[] {
  const sources = new Set<string>();
  for (const match of html.toString("latin1").matchAll(INLINE_SCRIPT)) {
    const [, attributes, text] = match;
    const attributesAt = match.index + "<script".length;
    const textAt = attributesAt + attributes!.length + ">".length;
    if (/\ssrc\s*=/i.test(` ${html.toString("utf8", attributesAt, textAt - 1)}`)) continue;
    const bytes = html.subarray(textAt, textAt + text!.length);
    sources.add(`'sha256-${crypto.createHash("sha256").update(bytes).digest("base64")}'`);
  }
  return [...sources];
}

export interface PageAnswer {
  response: Response;
  /** Set when the page was rendered without a nonce: the script hashes its CSP must allow. */
  scriptSources?: string[];
  /** The bytes of a cached page, sent as they are (the response's own body is then unused, except by tests). */
  bytes?: Buffer;
  /** "hit", "miss" or "bypass", for the X-Page-Cache header and tests. */
  cache: "hit" | "miss" | "bypass";
  /** A kept page (hit or miss): the Express adapter sends it, with its stored codings. */
  entry?: CachedPage;
}

export interface PageCacheOptions<S> {
  /** Renders a request; nonce undefined means "render without one" (hashed instead). `state` is the caller's, passed through. */
  render: (request: Request, nonce: string | undefined, state: S) => Promise<Response>;
  /** The content version; null when it cannot be read (then nothing is kept). */
  readVersion: () => Promise<number | null>;
  /** null: the in-process cache is off (pages still get hashes, ETags and HTTP caching headers). */
  store: PageStore | null;
}

/**
 * Anonymous public pages rendered at once; more wait in order. A render is mostly
 * CPU, so more at once only share the processor: under a burst each took longer,
 * some past a client's patience, and their memory added up (ADR 014).
 */
export const RENDERS_AT_ONCE = 4;

/**
 * Callers in one turn of the event loop share one read, started in that turn. Sound
 * for a read made as a request begins (the page cache's version check): every
 * request handled in a turn had arrived before the turn began, so before the read
 * was sent, and an answer true at that moment is true while the request was in
 * flight. A request sent after a write's answer arrives in a later turn, and reads again.
 */
export function oncePerTurn<T>(read: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | null = null;
  return () => {
    if (pending) return pending;
    pending = read();
    setImmediate(() => (pending = null));
    return pending;
  };
}

/** Answers a request through the page cache (core, on Fetch Request/Response, so it is tested without Express). */
export function createPageHandler<S = undefined>({ render, readVersion, store }: PageCacheOptions<S>) {
  const inFlight = new Map<string, Promise<CachedPage | null>>();
  const renders = new RenderQueue(RENDERS_AT_ONCE);
  /** The entry to serve for a request, when the cache holds one of the current version. */
  async function lookup(source: KeySource): Promise<CachedPage | null> {
    if (!store) return null;
    const cacheable = cacheKeyFor(source);
    if (!cacheable) return null;
    const entry = store.get(cacheable.key);
    if (!entry) return null;
    return entry.version === (await readVersion()) ? entry : null;
  }
  return Object.assign(handle, { lookup });

  async function handle(request: Request, nonce: string | undefined, state: S): Promise<PageAnswer> {
    const cacheable = cacheKeyFor(request);
    if (!cacheable) {
      const response = await render(request, nonce, state);
      return { response: withPrivateDefault(response), cache: "bypass" };
    }
    const version = await readVersion();
    const cached = version !== null ? store?.get(cacheable.key) : undefined;
    if (cached && cached.version === version) return { ...answerFrom(cached, request), cache: "hit", entry: cached };

    // A burst after a write asks for the same page many times at once: one render
    // per page and version, which the others wait for (as nginx's proxy_cache_lock).
    const flight = store && version !== null ? `${version} ${cacheable.key}` : null;
    const shared = flight ? inFlight.get(flight) : undefined;
    if (shared) {
      const entry = await shared.catch(() => null);
      if (entry) return { ...answerFrom(entry, request), cache: "hit", entry };
    }
    const rendering = renders.run(request.signal, () => renderForCache(request, cacheable, version, state));
    if (flight && !shared) {
      const entry = rendering.then((rendered) => rendered?.entry ?? null);
      inFlight.set(flight, entry);
      entry.finally(() => inFlight.delete(flight)).catch(() => {});
    }
    return (await rendering)?.answer ?? { response: new Response(null, { status: CLIENT_GONE }), cache: "bypass" };
  }

  async function renderForCache(
    request: Request,
    cacheable: { key: string; url: string },
    version: number | null,
    state: S,
  ): Promise<{ answer: PageAnswer; entry?: CachedPage }> {
    // HEAD renders the page as GET, so the entry serves both.
    const rendered = await render(
      new Request(cacheable.url, { method: "GET", headers: request.headers, signal: request.signal }),
      undefined,
      state,
    );
    const type = rendered.headers.get("content-type") ?? "";
    if (!type.startsWith("text/html")) return { answer: { response: withPrivateDefault(rendered), cache: "bypass" } };
    const body = Buffer.from(await rendered.arrayBuffer());
    const scriptSources = inlineScriptSources(body);
    const keep = rendered.status === 200 && !rendered.headers.has("set-cookie") && !rendered.headers.has("cache-control");
    if (!keep) {
      const response = withPrivateDefault(new Response(request.method === "HEAD" ? null : new Uint8Array(body), rendered));
      return { answer: { response, scriptSources, cache: "bypass" } };
    }
    const headers = [...rendered.headers].filter(([name]) => name !== "content-length");
    headers.push(["cache-control", PUBLIC_PAGE_CACHE_CONTROL], ["vary", "Cookie, Accept-Encoding"]);
    const keeping = store !== null && version !== null;
    const encoded = keeping ? compressed(body) : {};
    const entry: CachedPage = {
      version: version ?? -1,
      status: rendered.status,
      headers,
      body,
      etag: etagOf(body),
      scriptSources,
      encoded,
      bytes: body.length + (encoded.br?.length ?? 0) + (encoded.gzip?.length ?? 0) + cacheable.key.length * 2 + 512,
    };
    if (keeping) store.set(cacheable.key, entry);
    return { answer: { ...answerFrom(entry, request), cache: "miss", entry }, entry: keeping ? entry : undefined };
  }
}

/** The status logged for a request whose client left while it waited to render (nginx's 499): nobody receives it. */
const CLIENT_GONE = 499;

/**
 * Runs at most `limit` tasks at once; the others wait in order of arrival. A
 * waiter whose request is aborted meanwhile (the client left) is skipped: null.
 */
export class RenderQueue {
  #running = 0;
  #waiting: (() => void)[] = [];
  constructor(readonly limit: number) {}

  async run<T>(signal: AbortSignal, task: () => Promise<T>): Promise<T | null> {
    if (this.#running >= this.limit) await new Promise<void>((resolve) => this.#waiting.push(resolve));
    else this.#running += 1;
    try {
      return signal.aborted ? null : await task();
    } finally {
      const next = this.#waiting.shift();
      if (next) next();
      else this.#running -= 1;
    }
  }
}

function answerFrom(entry: CachedPage, request: Request): Omit<PageAnswer, "cache"> {
  const headers = new Headers(entry.headers);
  headers.set("etag", entry.etag);
  if (matchesIfNoneMatch(request.headers.get("if-none-match"), entry.etag)) {
    headers.delete("content-type");
    return { response: new Response(null, { status: 304, headers }), scriptSources: entry.scriptSources };
  }
  headers.set("content-length", String(entry.body.length));
  const bytes = request.method === "HEAD" ? undefined : entry.body;
  return {
    response: new Response(bytes ? new Uint8Array(bytes) : null, { status: entry.status, headers }),
    bytes,
    scriptSources: entry.scriptSources,
  };
}

/** Anything not cacheable says so, unless the route chose its own policy; a Set-Cookie answer is always private. */
function withPrivateDefault(response: Response): Response {
  if (response.headers.has("set-cookie") || !response.headers.has("cache-control")) {
    try {
      response.headers.set("cache-control", PRIVATE_CACHE_CONTROL);
    } catch {
      // Immutable headers (a Response.redirect): copy.
      const copy = new Response(response.body, response);
      copy.headers.set("cache-control", PRIVATE_CACHE_CONTROL);
      return copy;
    }
  }
  return response;
}

// ---------------------------------------------------------------------------
// Express adapter: the same conversions as @react-router/express, with the
// page cache in between and the CSP's nonce replaced by hashes where rendered without one.

export type ExpressState = { req: ExpressRequest; res: ExpressResponse };

export function expressPageHandler(handle: ReturnType<typeof createPageHandler<ExpressState>>): RequestHandler {
  return async (req, res, next) => {
    try {
      // A hit is answered from the request line and two headers, without building a Fetch Request or Response.
      const header = (name: string) => req.headers[name] ?? null;
      const hit = await handle.lookup({
        method: req.method,
        url: `http://cache.invalid${req.originalUrl}`,
        header: (n) => header(n) as string | null,
      });
      if (hit) {
        sendEntry(req, res, hit, "hit");
        return;
      }
      const nonce = res.locals.cspNonce as string | undefined;
      const { response, bytes, scriptSources, cache, entry } = await handle(fetchRequestFrom(req, res), nonce, { req, res });
      if (entry) {
        await response.body?.cancel();
        sendEntry(req, res, entry, cache);
        return;
      }
      if (scriptSources) withScriptHashes(res, scriptSources);
      res.setHeader("X-Page-Cache", cache);
      await send(res, response, bytes);
    } catch (error) {
      next(error);
    }
  };
}

function sendEntry(req: ExpressRequest, res: ExpressResponse, entry: CachedPage, cache: PageAnswer["cache"]) {
  withScriptHashes(res, entry.scriptSources);
  res.setHeader("X-Page-Cache", cache);
  for (const [name, value] of entry.headers) res.setHeader(name, value);
  // What the whole pipeline sent for this page, for the hit path to send again without it.
  entry.replay ??= replayableHeaders(res);
  finishEntry(req, res, entry);
}

/** Headers that differ per request, per coding or per protocol: the hit path sets them itself. */
const PER_REQUEST_HEADERS = new Set([
  "x-request-id",
  "x-page-cache",
  "etag",
  "content-encoding",
  "content-length",
  "strict-transport-security",
  "date",
]);

/**
 * The headers of a response about to send a kept page, less those set per request;
 * null when the pipeline set a cookie, which must never be sent to another visitor.
 */
function replayableHeaders(res: ServerResponse): [string, string | string[] | number][] | null {
  if (res.hasHeader("set-cookie")) return null;
  return Object.entries(res.getHeaders()).flatMap(([name, value]) =>
    value === undefined || PER_REQUEST_HEADERS.has(name) ? [] : [[name, value] as [string, string | string[] | number]],
  );
}

/** How a kept page answers one request: its status, the headers that depend on the request, and its bytes. */
export interface EntryAnswer {
  status: number;
  headers: [string, string | number][];
  /** Undefined for HEAD and 304. */
  body: Buffer | undefined;
  /** A 304 carries no Content-Type. */
  notModified: boolean;
}

/**
 * The coding the client accepts (stored codings are sent as they are; the
 * compression middleware leaves an encoded answer alone), its validator, 304 on a
 * match, no body for HEAD.
 */
export function answerEntry(req: IncomingMessage, entry: CachedPage): EntryAnswer {
  const encoding = chooseEncoding(req.headers["accept-encoding"], entry.encoded);
  const etag = etagFor(entry, encoding);
  if (matchesIfNoneMatch(req.headers["if-none-match"] ?? null, etag)) {
    return { status: 304, headers: [["ETag", etag]], body: undefined, notModified: true };
  }
  const body = encoding ? entry.encoded[encoding]! : entry.body;
  const headers: EntryAnswer["headers"] = [["ETag", etag]];
  if (encoding) headers.push(["Content-Encoding", encoding]);
  headers.push(["Content-Length", body.length]);
  return { status: entry.status, headers, body: req.method === "HEAD" ? undefined : body, notModified: false };
}

/** Sends a kept page through Express, its other headers already set on `res`. */
function finishEntry(req: IncomingMessage, res: ServerResponse, entry: CachedPage) {
  const answer = answerEntry(req, entry);
  for (const [name, value] of answer.headers) res.setHeader(name, value);
  if (answer.notModified) res.removeHeader("Content-Type");
  res.statusCode = answer.status;
  res.end(answer.body);
}

/** The CSP helmet set allows this response's nonce; a page rendered without one is allowed by its scripts' hashes instead. */
function withScriptHashes(res: ServerResponse, sources: string[]) {
  const policy = res.getHeader("Content-Security-Policy");
  if (typeof policy !== "string") return;
  res.setHeader("Content-Security-Policy", policy.replace(/\s*'nonce-[^']*'/, sources.length ? ` ${sources.join(" ")}` : ""));
}

function fetchRequestFrom(req: ExpressRequest, res: ExpressResponse): Request {
  // The origin sameOriginWrites compares Origin with, so React Router's own check agrees with it.
  const url = new URL(`${ownOrigin(req)}${req.originalUrl}`);
  const headers = new Headers();
  for (const [key, values] of Object.entries(req.headers)) {
    if (values === undefined) continue;
    for (const value of Array.isArray(values) ? values : [values]) headers.append(key, value);
  }
  const controller = new AbortController();
  res.on("close", () => {
    if (!res.writableFinished) controller.abort();
  });
  const init: RequestInit & { duplex?: "half" } = { method: req.method, headers, signal: controller.signal };
  if (req.method !== "GET" && req.method !== "HEAD") {
    init.body = createReadableStreamFromReadable(req);
    init.duplex = "half";
  }
  return new Request(url.href, init);
}

async function send(res: ExpressResponse, response: Response, bytes: Buffer | undefined) {
  if (res.destroyed || res.writableEnded) {
    await response.body?.cancel();
    return;
  }
  res.statusMessage = response.statusText;
  res.status(response.status);
  for (const [name, value] of response.headers) {
    if (name === "set-cookie") res.append(name, value);
    else res.setHeader(name, value);
  }
  if (bytes) {
    await response.body?.cancel();
    res.end(bytes);
    return;
  }
  if (!response.body) {
    res.end();
    return;
  }
  const reader = response.body.getReader();
  // One drain listener for the whole page, which waits many times: the compression
  // middleware moves drain listeners onto its compressor, where removing them from
  // `res` does not reach, so a listener per wait piled up (MaxListenersExceededWarning).
  let wake: (() => void) | null = null;
  const resume = () => {
    const waiting = wake;
    wake = null;
    waiting?.();
  };
  res.on("drain", resume);
  res.on("close", resume);
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      if (!res.write(value) && !res.destroyed) await new Promise<void>((resolve) => (wake = resolve));
      if (res.destroyed) {
        await reader.cancel();
        return;
      }
    }
    res.end();
  } catch (error) {
    if (res.destroyed || res.writableEnded) return;
    throw error;
  } finally {
    res.off("close", resume);
  }
}
