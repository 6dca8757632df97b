import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";

/**
 * A stand-in for the TMDB v3 API on loopback, answering from recorded-shape
 * fixtures (tests/mocks/tmdb/fixtures). Used by the client tests and, through
 * TMDB_BASE_URL, by an app server process in the end-to-end tests.
 */

export type MockBehaviour =
  | { kind: "slow"; ms: number }
  | { kind: "status"; status: number; headers?: Record<string, string>; body?: string }
  | { kind: "body"; body: string };

export interface TmdbMock {
  origin: string;
  /** Paths (with query) the mock was asked for. */
  requests: { url: string; authorization: string | undefined }[];
  /** Makes the next `times` requests whose path starts with `prefix` behave differently. */
  override(prefix: string, behaviour: MockBehaviour, times?: number): void;
  close(): Promise<void>;
}

export const MOCK_API_KEY = "testkey0123456789abcdef";
const FIXTURES = path.join(import.meta.dirname, "fixtures");

function fixture(name: string): string | null {
  if (!/^[\w-]+$/.test(name)) return null;
  try {
    return fs.readFileSync(path.join(FIXTURES, `${name}.json`), "utf8");
  } catch {
    return null;
  }
}

const EMPTY_SEARCH = JSON.stringify({ page: 1, results: [], total_pages: 1, total_results: 0 });

function route(pathname: string, query: URLSearchParams): string | null {
  let m: RegExpExecArray | null;
  if ((m = /^\/movie\/(\d+)$/.exec(pathname))) return fixture(`movie-${m[1]}`);
  if ((m = /^\/tv\/(\d+)$/.exec(pathname))) return fixture(`tv-${m[1]}`);
  if ((m = /^\/tv\/(\d+)\/season\/(\d+)$/.exec(pathname))) return fixture(`tv-${m[1]}-season-${m[2]}`);
  if ((m = /^\/find\/(tt\d+)$/.exec(pathname)) && query.get("external_source") === "imdb_id") {
    return fixture(`find-${m[1]}`) ?? JSON.stringify({ movie_results: [], tv_results: [], person_results: [] });
  }
  // Fixtures are named by a word of the query: the first for multi, the last for typed searches ("The Matrix").
  const words = (query.get("query") ?? "").toLowerCase().match(/[a-z]+/g) ?? [];
  if (pathname === "/search/multi") return fixture(`search-${words[0] ?? ""}`) ?? EMPTY_SEARCH;
  const word = words.at(-1) ?? "";
  if ((m = /^\/search\/(movie|tv)$/.exec(pathname))) {
    const found = fixture(`search-${m[1]}-${word}`);
    if (!found) return EMPTY_SEARCH;
    // TMDB narrows by year itself: year for movies, first_air_date_year for TV.
    const year = query.get(m[1] === "tv" ? "first_air_date_year" : "year");
    if (!year) return found;
    const raw = JSON.parse(found) as { results: { release_date?: string; first_air_date?: string }[] };
    const results = raw.results.filter((r) => (r.release_date ?? r.first_air_date ?? "").startsWith(year));
    return JSON.stringify({ page: 1, results, total_pages: 1, total_results: results.length });
  }
  return null;
}

export async function startTmdbMock(): Promise<TmdbMock> {
  const requests: TmdbMock["requests"] = [];
  const overrides: { prefix: string; behaviour: MockBehaviour; times: number }[] = [];
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://mock");
    requests.push({ url: `${url.pathname}${url.search}`, authorization: req.headers.authorization });
    const send = (status: number, body: string, headers: Record<string, string> = {}) => {
      res.writeHead(status, { "Content-Type": "application/json;charset=utf-8", ...headers });
      res.end(body);
    };
    const o = overrides.find((x) => x.times > 0 && url.pathname.startsWith(x.prefix));
    if (o) {
      o.times -= 1;
      const b = o.behaviour;
      if (b.kind === "slow") {
        setTimeout(() => send(200, route(url.pathname, url.searchParams) ?? "{}"), b.ms).unref();
        return;
      }
      if (b.kind === "status")
        return send(
          b.status,
          b.body ?? JSON.stringify({ status_code: 25, status_message: "Request rate limit", success: false }),
          b.headers,
        );
      return send(200, b.body);
    }
    const authorised = url.searchParams.get("api_key") === MOCK_API_KEY || req.headers.authorization?.startsWith("Bearer ");
    if (!authorised)
      return send(
        401,
        JSON.stringify({ status_code: 7, status_message: "Invalid API key: You must be granted a valid key.", success: false }),
      );
    const body = route(url.pathname, url.searchParams);
    if (body === null)
      return send(
        404,
        JSON.stringify({ status_code: 34, status_message: "The resource you requested could not be found.", success: false }),
      );
    send(200, body);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    requests,
    override(prefix, behaviour, times = 1) {
      overrides.unshift({ prefix, behaviour, times });
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
