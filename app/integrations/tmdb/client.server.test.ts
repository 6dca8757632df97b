import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { MOCK_API_KEY, startTmdbMock, type TmdbMock } from "#tests/mocks/tmdb/server.ts";
import { createTmdbClient, TmdbError, type TmdbClientOptions } from "./client.server.ts";
import { parseExternalRouteId, parseLookup } from "./ids.ts";

let mock: TmdbMock;
beforeAll(async () => {
  mock = await startTmdbMock();
});
afterAll(() => mock.close());
beforeEach(() => {
  mock.requests.length = 0;
});

const client = (options: TmdbClientOptions = {}, auth: { apiKey?: string; readToken?: string } = { apiKey: MOCK_API_KEY }) =>
  createTmdbClient(
    { apiKey: auth.apiKey ?? null, readToken: auth.readToken ?? null, baseUrl: mock.origin, imageBase: "https://img.test/t/p" },
    options,
  );

async function failure(promise: Promise<unknown>): Promise<TmdbError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(TmdbError);
  return error as TmdbError;
}

describe("TMDB client", () => {
  it("searches movies or TV shows by name, narrowed by year, mapped for the editor and cached", async () => {
    const tmdb = client();
    const movies = await tmdb.searchByType("movie", "  The Matrix ", null);
    expect(movies.map((m) => [m.type, m.tmdbId, m.title, m.year])).toEqual([
      ["movie", 603, "The Matrix", 1999],
      ["movie", 604, "The Matrix Reloaded", 2003],
      ["movie", 624860, "The Matrix Resurrections", 2021],
    ]);
    expect(movies[0]!.posterUrl).toBe("https://img.test/t/p/w500/p96dm7sCMn4VYAStA6siNz30G1r.jpg");
    expect(movies[2]!.posterUrl).toBeNull();
    expect(mock.requests[0]!.url).toMatch(/^\/search\/movie\?query=The\+Matrix&page=1&include_adult=false&api_key=/);

    const of1999 = await tmdb.searchByType("movie", "The Matrix", 1999);
    expect(of1999.map((m) => m.tmdbId)).toEqual([603]);
    expect(mock.requests[1]!.url).toContain("year=1999");
    const shows = await tmdb.searchByType("tv", "Fleabag", 2016);
    expect(shows).toEqual([
      expect.objectContaining({
        type: "tv",
        tmdbId: 67070,
        title: "Fleabag",
        year: 2016,
        overview: expect.stringMatching(/^A comedy series/),
      }),
    ]);
    expect(mock.requests[2]!.url).toContain("first_air_date_year=2016");
    // An impossible year searches without one; a repeated search is the cache's.
    await tmdb.searchByType("movie", "the matrix", 99);
    expect(mock.requests).toHaveLength(3);
    expect(await tmdb.searchByType("movie", "   ", 1999)).toEqual([]);
    expect(mock.requests).toHaveLength(3);
  });

  it("a failed search by name throws the message the admin sees", async () => {
    mock.override("/search/tv", { kind: "status", status: 503 });
    const error = await failure(client().searchByType("tv", "Fleabag"));
    expect(error.message).toBe("TMDB did not answer in time or could not be reached.");
  });

  it("fetches a movie with credits, videos and external ids in one request, then answers from its cache", async () => {
    const tmdb = client();
    const movie = await tmdb.movie(603);
    expect(movie.title).toBe("The Matrix");
    expect(movie.posterUrl).toBe("https://img.test/t/p/w500/p96dm7sCMn4VYAStA6siNz30G1r.jpg");
    expect(mock.requests).toHaveLength(1);
    expect(mock.requests[0]!.url).toMatch(/^\/movie\/603\?append_to_response=credits%2Cvideos%2Cexternal_ids&api_key=/);
    await tmdb.movie("603");
    expect(mock.requests).toHaveLength(1);
  });

  it("expires cached details after 12 hours", async () => {
    let now = 1_000_000;
    const tmdb = client({ now: () => now });
    await tmdb.movie(603);
    now += 11 * 3600_000;
    await tmdb.movie(603);
    expect(mock.requests).toHaveLength(1);
    now += 2 * 3600_000;
    await tmdb.movie(603);
    expect(mock.requests).toHaveLength(2);
  });

  it("sends the v4 read token as a bearer token instead of an api_key parameter", async () => {
    await client({}, { readToken: "eyJhbGciOiJIUzI1NiJ9.test-token-value" }).movie(603);
    expect(mock.requests[0]!.authorization).toBe("Bearer eyJhbGciOiJIUzI1NiJ9.test-token-value");
    expect(mock.requests[0]!.url).not.toContain("api_key");
  });

  it("fetches a TV show's numbered seasons with their episodes", async () => {
    const tv = await client().tv(67070);
    expect(tv.seasons.map((s) => [s.number, s.episodes.length])).toEqual([
      [1, 3],
      [2, 2],
    ]);
    expect(mock.requests.map((r) => r.url.split("?")[0])).toEqual(["/tv/67070", "/tv/67070/season/1", "/tv/67070/season/2"]);
  });

  it("finds a title by IMDb id", async () => {
    const tmdb = client();
    expect(await tmdb.findByImdb("tt0133093")).toEqual({ type: "movie", tmdbId: 603 });
    expect(await tmdb.findByImdb("tt5687612")).toEqual({ type: "tv", tmdbId: 67070 });
    expect(await tmdb.findByImdb("tt0000001")).toBeNull();
    expect(mock.requests[0]!.url).toContain("external_source=imdb_id");
  });

  it.each([["../configuration"], ["1?x=1"], ["1234567890123456789012345678901234567890"], [-3], [0], [1.5], ["603 "], [null]])(
    "refuses the id %j without making a request",
    async (id) => {
      const error = await failure(client().movie(id));
      expect(error.kind).toBe("invalid_id");
      await failure(client().tv(id));
      await failure(client().findByImdb(id));
      expect(mock.requests).toHaveLength(0);
    },
  );

  it("reports a 404 as not found", async () => {
    const error = await failure(client().movie(999_999));
    expect(error.kind).toBe("not_found");
    expect(error.message).toBe("TMDB has no title with this id.");
  });

  it("gives up after the timeout", async () => {
    mock.override("/movie/603", { kind: "slow", ms: 1_000 });
    const started = Date.now();
    const error = await failure(client({ timeoutMs: 150 }).movie(603));
    expect(error.kind).toBe("unavailable");
    expect(Date.now() - started).toBeLessThan(900);
  });

  it("reports an answer that is not JSON, or not a title, as unreadable", async () => {
    mock.override("/movie/603", { kind: "body", body: "<html>oops" });
    expect((await failure(client().movie(603))).kind).toBe("bad_response");
    mock.override("/movie/603", { kind: "body", body: JSON.stringify({ id: "x" }) });
    expect((await failure(client().movie(603))).kind).toBe("bad_response");
  });

  it("refuses an answer over the size cap", async () => {
    mock.override("/movie/603", { kind: "body", body: JSON.stringify({ id: 603, title: "x".repeat(5_000) }) });
    expect((await failure(client({ maxBytes: 1_000 }).movie(603))).kind).toBe("bad_response");
  });

  it("waits out a short Retry-After once, then succeeds", async () => {
    mock.override("/movie/603", { kind: "status", status: 429, headers: { "Retry-After": "0" } });
    expect((await client().movie(603)).title).toBe("The Matrix");
    expect(mock.requests).toHaveLength(2);
  });

  it("fails fast while a long Retry-After lasts, without calling TMDB again", async () => {
    let now = 5_000_000;
    const tmdb = client({ now: () => now });
    mock.override("/movie/603", { kind: "status", status: 429, headers: { "Retry-After": "30" } });
    expect((await failure(tmdb.movie(603))).kind).toBe("rate_limited");
    expect((await failure(tmdb.movie(604))).kind).toBe("rate_limited");
    expect(mock.requests).toHaveLength(1);
    now += 31_000;
    expect((await tmdb.movie(603)).title).toBe("The Matrix");
  });

  it("search degrades to no results when TMDB fails, and says why to the log", async () => {
    const warnings: string[] = [];
    const tmdb = client({ onWarning: (m) => warnings.push(m) });
    mock.override("/search/multi", { kind: "status", status: 500, body: "{}" });
    expect(await tmdb.search("paprika")).toEqual([]);
    expect(warnings).toHaveLength(1);
    expect((await tmdb.search("paprika")).map((i) => i.title)).toEqual(["Paprika", "Paprika Kitchen"]);
  });

  it("refuses a wrong key with a clear message", async () => {
    const error = await failure(client({}, { apiKey: "wrongkey0123456789" }).movie(603));
    expect(error.kind).toBe("unauthorized");
  });
});

describe("what the admin may type in the TMDB ID field", () => {
  it.each([
    ["603", { kind: "tmdb", id: 603, type: null }],
    [" tt0133093 ", { kind: "imdb", id: "tt0133093" }],
    ["https://www.themoviedb.org/movie/603-the-matrix", { kind: "tmdb", id: 603, type: "movie" }],
    ["https://www.themoviedb.org/tv/67070-fleabag/season/1", { kind: "tmdb", id: 67070, type: "tv" }],
    ["https://www.imdb.com/title/tt0133093/?ref_=x", { kind: "imdb", id: "tt0133093" }],
  ])("understands %s", (text, expected) => {
    expect(parseLookup(text)).toEqual(expected);
  });

  it.each(["abc", "0", "-1", "1.5", "https://evil.example/movie/603", "https://www.themoviedb.org/person/1", "tt12"])(
    "refuses %s",
    (text) => {
      expect(parseLookup(text)).toBeNull();
    },
  );

  it("reads TMDB-only title routes", () => {
    expect(parseExternalRouteId("tmdb-603")).toEqual({ type: "movie", tmdbId: 603 });
    expect(parseExternalRouteId("tmdb-tv-67070")).toEqual({ type: "tv", tmdbId: 67070 });
    expect(parseExternalRouteId("tmdb-0")).toBeNull();
    expect(parseExternalRouteId("603")).toBeNull();
  });
});
