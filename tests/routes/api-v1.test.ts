import { Validator } from "@seriousme/openapi-schema-validator";
import { beforeAll, expect, it } from "vitest";
import type { Db } from "#app/db/client.server.ts";
import { createTitle, replaceTitle } from "#app/modules/catalogue/write.server.ts";
import type { LoaderArgs } from "#app/http/api.server.ts";
import { openApiDocument, type OpenAPIObject } from "#app/modules/api/openapi.ts";
import { API_BASE_PATH, OPERATIONS } from "#app/modules/api/operations.ts";
import { API_RATE_RULE } from "#app/modules/api/rate-limit.server.ts";
import { updateSettings } from "#app/modules/settings/settings.server.ts";
import routes from "#app/routes.ts";
import { loader as genresLoader } from "#app/routes/api/v1/genres.ts";
import { action as notFoundAction, loader as notFoundLoader } from "#app/routes/api/v1/not-found.ts";
import { loader as openApiLoader } from "#app/routes/api/v1/openapi.ts";
import { loader as searchLoader } from "#app/routes/api/v1/search.ts";
import { action as settingsAction, loader as settingsLoader } from "#app/routes/api/v1/settings.ts";
import { loader as suggestionsLoader } from "#app/routes/api/v1/suggestions.ts";
import { loader as titleLoader } from "#app/routes/api/v1/title.ts";
import { loader as titlesLoader } from "#app/routes/api/v1/titles.ts";
import { DatabaseUnavailableError } from "#app/utils/errors.ts";
import { buildMovie, buildSeries } from "#tests/factories/titles.ts";
import { describeEachDatabase } from "#tests/helpers/database.ts";
import { freshAddress } from "#tests/helpers/forms.ts";
import { documentChecker } from "#tests/helpers/openapi.ts";
import { routeArgs, routeContext } from "#tests/helpers/route.ts";
import { routePatterns, type RouteEntry } from "#tests/helpers/route-patterns.ts";

const SITE = "https://cinedex.example";
type Loader = (args: LoaderArgs) => Promise<Response> | Response;

let document: OpenAPIObject;
let expectDocumented: ReturnType<typeof documentChecker>;
beforeAll(() => {
  document = openApiDocument(SITE);
  expectDocumented = documentChecker(document);
});

interface CallOptions {
  params?: Record<string, string>;
  headers?: Record<string, string>;
  method?: string;
  /** Each call comes from a new client unless a test names one, so the rate limit only bites where a test means it to. */
  clientAddress?: string;
}

function call(db: Db, loader: Loader, path: string, options: CallOptions = {}): Promise<Response> {
  const request = new Request(`${SITE}${API_BASE_PATH}${path}`, { method: options.method ?? "GET", headers: options.headers });
  const context = routeContext(db, { publicUrl: SITE, clientAddress: options.clientAddress ?? freshAddress() });
  return Promise.resolve(loader(routeArgs<LoaderArgs>(request, context, options.params ?? {})));
}

/** The database, except that every query throws `error`. */
function failing(db: Db, error: Error): Db {
  return new Proxy(db, {
    get(target, key) {
      if (key === "selectFrom") {
        return () => {
          throw error;
        };
      }
      const value: unknown = Reflect.get(target, key, target);
      return typeof value === "function" ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}

type Body = Record<string, unknown> & { items: Record<string, unknown>[] };
type ProblemBody = {
  type: string;
  title: string;
  status: number;
  detail: string;
  invalidParams?: { name: string; in: string; reason: string }[];
};

it("publishes a valid OpenAPI 3.1 document whose every path is a route", async () => {
  const result = await new Validator().validate(structuredClone(document) as unknown as Record<string, unknown>);
  expect(result.errors ?? []).toEqual([]);
  expect(result.valid).toBe(true);
  expect(document.openapi).toBe("3.1.0");
  expect(document.servers).toEqual([{ url: `${SITE}/api/v1` }]);
  const patterns = routePatterns(routes as RouteEntry[]);
  for (const op of Object.values(OPERATIONS)) {
    expect(patterns, op.path).toContain(`${API_BASE_PATH}${op.path.replace(/\{(\w+)\}/g, ":$1")}`);
    expect(document.paths?.[op.path]?.[op.method ?? "get"]?.operationId).toBe(op.operationId);
  }
  expect(patterns).toContain("/api/v1/openapi.json");
});

it("documents the parameters the routes validate with, from the same schemas", () => {
  const names = (path: string) => (document.paths?.[path]?.get?.parameters ?? []).map((p) => ("name" in p ? p.name : ""));
  expect(names("/titles")).toEqual(["type", "genre", "quality", "yearFrom", "yearTo", "sort", "page", "perPage"]);
  expect(names("/search")).toEqual(["q", "type", "genre", "quality", "yearFrom", "yearTo", "sort", "page", "perPage"]);
  expect(names("/titles/{id}")).toEqual(["id"]);
  const page = document.paths?.["/titles"]?.get?.parameters?.find((p) => "name" in p && p.name === "perPage") as { schema: object };
  expect(page.schema).toMatchObject({ type: "integer", minimum: 1, maximum: 100 });
});

describeEachDatabase("the read API", (ctx) => {
  const at = (n: number) => `2026-06-01T12:0${n}:00.000Z`;

  async function seed() {
    const night = await createTitle(
      ctx.db,
      buildMovie({
        title: "Night of the Living Dead",
        releaseDate: "1968-10-01",
        rating: 7.8,
        genres: ["Horror"],
        uploadedAt: at(1),
        releases: [
          {
            quality: "1080p",
            files: [
              {
                title: "Night 1080p",
                size: "2.4 GB",
                links: [
                  { label: "gdrive", url: "https://secret-host.example/visible" },
                  { label: "gofile", url: "https://secret-host.example/broken", status: "broken" },
                  { label: "pixel", url: "https://secret-host.example/disabled", status: "disabled" },
                ],
              },
            ],
          },
        ],
      }),
    );
    const nosferatu = await createTitle(
      ctx.db,
      buildMovie({
        title: "Nosferatu",
        releaseDate: "1922-03-04",
        rating: 7.9,
        genres: ["Horror"],
        uploadedAt: at(2),
        releases: [{ quality: "720p" }],
      }),
    );
    const general = await createTitle(
      ctx.db,
      buildMovie({
        title: "The General",
        releaseDate: "1926-12-31",
        rating: 8.1,
        genres: ["Comedy"],
        uploadedAt: at(3),
        releases: [{ quality: "720p" }],
      }),
    );
    const series = await createTitle(
      ctx.db,
      buildSeries({ title: "Sherlock Holmes", releaseDate: "1954-10-18", rating: 7.1, uploadedAt: at(4) }),
    );
    return { night, nosferatu, general, series };
  }

  const titles = (body: unknown) => (body as Body).items.map((t) => t.title);

  it("lists titles newest upload first with totals and page addresses", async () => {
    await seed();
    const response = await call(ctx.db, titlesLoader, "/titles?perPage=3");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/json; charset=utf-8");
    const body = (await expectDocumented(response, "/titles")) as Body;
    expect(titles(body)).toEqual(["Sherlock Holmes", "The General", "Nosferatu"]);
    expect(body).toMatchObject({
      page: 1,
      perPage: 3,
      total: 4,
      totalPages: 2,
      prev: null,
      next: `${SITE}/api/v1/titles?perPage=3&page=2`,
    });
    expect(body.items[0]).toMatchObject({
      type: "tv",
      year: 1954,
      releaseDate: "1954-10-18",
      url: expect.stringMatching(/^https:\/\/cinedex\.example\/movie\/\d+\/sherlock-holmes$/),
    });

    const second = (await expectDocumented(await call(ctx.db, titlesLoader, "/titles?perPage=3&page=2"), "/titles")) as Body;
    expect(titles(second)).toEqual(["Night of the Living Dead"]);
    expect(second).toMatchObject({ next: null, prev: `${SITE}/api/v1/titles?perPage=3&page=1` });
    const past = (await expectDocumented(await call(ctx.db, titlesLoader, "/titles?page=9"), "/titles")) as Body;
    expect([past.items, past.total, past.next, past.prev]).toEqual([[], 4, null, `${SITE}/api/v1/titles?page=1`]);
  });

  it("filters and sorts titles as the search page does", async () => {
    await seed();
    const list = async (query: string) => titles(await expectDocumented(await call(ctx.db, titlesLoader, `/titles?${query}`), "/titles"));
    expect(await list("type=movie&sort=title")).toEqual(["Night of the Living Dead", "Nosferatu", "The General"]);
    expect(await list("genre=HORROR&sort=rating")).toEqual(["Nosferatu", "Night of the Living Dead"]);
    expect(await list("quality=720P")).toEqual(["The General", "Nosferatu"]);
    // A range given backwards is the same range, as on /search.
    expect(await list("yearFrom=1930&yearTo=1920")).toEqual(["The General", "Nosferatu"]);
    expect(await list("type=tv")).toEqual(["Sherlock Holmes"]);
  });

  it("refuses unknown, repeated and bad parameters with a 400 problem naming each", async () => {
    const refused = async (query: string) => {
      const response = await call(ctx.db, titlesLoader, `/titles?${query}`);
      expect(response.status, query).toBe(400);
      expect(response.headers.get("content-type")).toBe("application/problem+json");
      expect(response.headers.get("access-control-allow-origin")).toBe("*");
      return (await expectDocumented(response, "/titles")) as ProblemBody;
    };
    const unknown = await refused("colour=red");
    expect(unknown).toMatchObject({
      type: `${SITE}/api/docs#problem-invalid-parameter`,
      title: "Invalid parameter",
      status: 400,
      detail: expect.stringContaining("colour: Unknown parameter. This endpoint accepts type, genre"),
      invalidParams: [{ name: "colour", in: "query" }],
    });
    expect((await refused("type=film")).invalidParams).toEqual([{ name: "type", in: "query", reason: "type must be movie or tv" }]);
    expect((await refused("yearFrom=99")).detail).toBe("yearFrom: Please enter a valid 4-digit year");
    expect((await refused("type=movie&type=tv")).invalidParams).toEqual([{ name: "type", in: "query", reason: "Give type once." }]);
    for (const bad of ["page=0", "page=abc", "page=1.5", "page=", `page=${"9".repeat(30)}`]) {
      expect(
        (await refused(bad)).invalidParams?.map((p) => p.name),
        bad,
      ).toEqual(["page"]);
    }
    expect((await refused("perPage=101")).detail).toBe("perPage must be a whole number from 1 to 100");
    expect((await refused("sort=relevance")).detail).toBe("sort must be one of newest, rating, title");
    expect((await refused("genre=<script>")).invalidParams?.[0]?.name).toBe("genre");
    const several = await refused("type=film&page=-1&x=1");
    expect(several.detail).toBe("These parameters are invalid: type, page, x.");
    expect(several.invalidParams?.map((p) => p.name).sort()).toEqual(["page", "type", "x"]);
  });

  it("gives one title with its releases, files and visible links, through the site's download pages only", async () => {
    const { night } = await seed();
    const response = await call(ctx.db, titleLoader, `/titles/${night.id}`, { params: { id: String(night.id) } });
    expect(response.status).toBe(200);
    const text = await response.clone().text();
    const body = (await expectDocumented(response, "/titles/{id}")) as Record<string, unknown> & {
      releases: { quality: string; files: { links: { id: number; label: string; status: string; url: string }[] }[] }[];
    };
    expect(body).toMatchObject({
      id: night.id,
      title: "Night of the Living Dead",
      genres: [{ name: "Horror", slug: "horror" }],
      directors: ["George A. Romero"],
      uploadedAt: at(1),
    });
    const links = body.releases[0]!.files[0]!.links;
    expect(links.map((l) => [l.label, l.status])).toEqual([
      ["gdrive", "ok"],
      ["gofile", "broken"],
    ]);
    for (const link of links) expect(link.url).toBe(`${SITE}/middleman?id=${link.id}`);
    // The hosts' own addresses appear nowhere, and the disabled link not at all.
    expect(text).not.toContain("secret-host.example");
    expect(text).not.toContain("pixel");
  });

  it("answers 404 for an unknown title and 400 for an id that is not one", async () => {
    const { night } = await seed();
    const missing = await call(ctx.db, titleLoader, "/titles/999999", { params: { id: "999999" } });
    expect(missing.status).toBe(404);
    expect(await expectDocumented(missing, "/titles/{id}")).toMatchObject({
      type: `${SITE}/api/docs#problem-not-found`,
      status: 404,
      detail: "No title has the id 999999.",
    });
    // The largest id either database can hold is still looked up; one more is not an id.
    expect((await call(ctx.db, titleLoader, "/titles/2147483647", { params: { id: "2147483647" } })).status).toBe(404);
    for (const id of ["abc", "0", "-3", "2147483648", "9".repeat(30), "1e3"]) {
      const bad = await call(ctx.db, titleLoader, `/titles/${id}`, { params: { id } });
      expect(bad.status, id).toBe(400);
      const problem = (await expectDocumented(bad, "/titles/{id}")) as ProblemBody;
      expect(problem.invalidParams, id).toEqual([{ name: "id", in: "path", reason: expect.stringContaining("id must be a whole number") }]);
    }
    const withQuery = await call(ctx.db, titleLoader, `/titles/${night.id}?full=1`, { params: { id: String(night.id) } });
    expect(withQuery.status).toBe(400);
    expect(((await expectDocumented(withQuery, "/titles/{id}")) as ProblemBody).detail).toBe(
      "full: This endpoint takes no query parameters.",
    );
  });

  it("lists every genre with its number of titles", async () => {
    await seed();
    const body = (await expectDocumented(await call(ctx.db, genresLoader, "/genres"), "/genres")) as Body;
    const bySlug = new Map(body.items.map((g) => [g.slug, g]));
    expect(bySlug.get("horror")).toMatchObject({ name: "Horror", titleCount: 2, url: `${SITE}/genre/horror` });
    expect(bySlug.get("comedy")).toMatchObject({ titleCount: 1 });
    expect(bySlug.get("action")).toMatchObject({ titleCount: 0 });
  });

  it("searches with filters and typo tolerance, without counting the search in the admin's statistics", async () => {
    await seed();
    const search = async (query: string) =>
      (await expectDocumented(await call(ctx.db, searchLoader, `/search?${query}`), "/search")) as Body;
    const found = await search("q=night");
    expect([titles(found), found.query, found.match, found.total]).toEqual([["Night of the Living Dead"], "night", "words", 1]);
    expect(titles(await search("q=the&type=movie&sort=title"))).toEqual(["Night of the Living Dead", "The General"]);
    const typo = await search("q=nosferatuu");
    expect([titles(typo), typo.match]).toEqual([["Nosferatu"], "similar"]);
    // The same query understanding as the site: noise words do not count, a year is a filter.
    expect(titles(await search("q=nosferatu+1922+full+movie+download"))).toEqual(["Nosferatu"]);
    expect(titles(await search("q=nosferatu+1950"))).toEqual(["Nosferatu"]);
    const nothing = await search("q=zzzzqqq");
    expect([nothing.items, nothing.total, nothing.totalPages, nothing.match]).toEqual([[], 0, 1, "none"]);
    const counted = await ctx.db.selectFrom("search_queries").select("query").execute();
    expect(counted).toEqual([]);

    for (const [query, name] of [
      ["", "q"],
      ["q=%20%20", "q"],
      [`q=${"a".repeat(201)}`, "q"],
      ["q=x&sort=best", "sort"],
      ["q=x&limit=3", "limit"],
    ] as const) {
      const response = await call(ctx.db, searchLoader, `/search?${query}`);
      expect(response.status, query).toBe(400);
      expect(
        ((await expectDocumented(response, "/search")) as ProblemBody).invalidParams?.map((p) => p.name),
        query,
      ).toEqual([name]);
    }
  });

  it("says why a title was found when its name lacks words (a credited name), what it read from the words, and its correction", async () => {
    await seed();
    await createTitle(ctx.db, buildMovie({ title: "Sherlock Jr.", releaseDate: "1924-04-21", directors: ["Buster Keaton"], cast: [] }));
    const search = async (query: string) =>
      (await expectDocumented(await call(ctx.db, searchLoader, `/search?${query}`), "/search")) as Body;
    const byName = await search("q=sherlock+keaton+1924");
    expect(byName.items.map((t) => [t.title, t.matchedPerson])).toEqual([["Sherlock Jr.", "Buster Keaton"]]);
    expect(byName.understood).toEqual([{ kind: "year", label: "Year: 1924", words: ["1924"], applied: true }]);
    expect(byName.corrected).toBeNull();
    // A title holding every word was not found through anyone.
    expect((await search("q=nosferatu")).items.map((t) => t.matchedPerson)).toEqual([null]);
    const typo = await search("q=sherlock+keatn");
    expect([titles(typo), typo.corrected]).toEqual([["Sherlock Jr."], "sherlock keaton"]);
  });

  it("suggests titles for text being typed", async () => {
    await seed();
    const suggest = async (query: string) =>
      (await expectDocumented(await call(ctx.db, suggestionsLoader, `/suggestions?${query}`), "/suggestions")) as Body;
    const body = await suggest("q=nos");
    expect(body.items).toEqual([
      expect.objectContaining({ title: "Nosferatu", type: "movie", year: 1922, url: expect.stringContaining(`${SITE}/movie/`) }),
    ]);
    expect(Object.keys(body.items[0]!).sort()).toEqual(["id", "posterUrl", "title", "type", "url", "year"]);
    expect((await suggest("q=n&limit=1")).items).toHaveLength(1);
    expect((await suggest("q=nosferatu+movie+hd")).items.map((t) => t.title)).toEqual(["Nosferatu"]);
    for (const query of ["limit=3", "q=n&limit=0", "q=n&limit=21"]) {
      const response = await call(ctx.db, suggestionsLoader, `/suggestions?${query}`);
      expect(response.status, query).toBe(400);
      await expectDocumented(response, "/suggestions");
    }
  });

  it("gives the public settings as the pages show them", async () => {
    await updateSettings(ctx.db, { siteName: "Film Shelf", middlemanCountdownSeconds: 0 });
    const body = (await expectDocumented(await call(ctx.db, settingsLoader, "/settings"), "/settings")) as Record<string, unknown> & {
      banners: { id: string; enabled: boolean }[];
    };
    expect(body).toMatchObject({ siteName: "Film Shelf", middlemanCountdownSeconds: 0, supportEmail: "support@cinedex.example" });
    expect(body.banners.map((b) => b.id)).toEqual(["vpn", "download-button", "report", "queries"]);
    const refused = await call(ctx.db, settingsLoader, "/settings?fields=all");
    expect(refused.status).toBe(400);
    await expectDocumented(refused, "/settings");
  });

  it("answers If-None-Match with 304 until the answer changes, and HEAD without a body", async () => {
    const { nosferatu } = await seed();
    const path = `/titles/${nosferatu.id}`;
    const params = { id: String(nosferatu.id) };
    const first = await call(ctx.db, titleLoader, path, { params });
    const etag = first.headers.get("etag");
    expect(etag).toMatch(/^"[\w-]{32}"$/);
    expect(first.headers.get("cache-control")).toBe("public, max-age=0, s-maxage=10, stale-while-revalidate=30");

    const same = await call(ctx.db, titleLoader, path, { params, headers: { "If-None-Match": etag! } });
    expect(same.status).toBe(304);
    expect(same.headers.get("etag")).toBe(etag);
    expect(same.headers.get("access-control-allow-origin")).toBe("*");
    expect(await expectDocumented(same, "/titles/{id}")).toBeNull();
    expect((await call(ctx.db, titleLoader, path, { params, headers: { "If-None-Match": `W/"other", ${etag}` } })).status).toBe(304);

    const head = await call(ctx.db, titleLoader, path, { params, method: "HEAD" });
    expect([head.status, head.headers.get("etag"), await head.text()]).toEqual([200, etag, ""]);

    await replaceTitle(ctx.db, nosferatu.id, buildMovie({ title: "Nosferatu (restored)", releases: [{ quality: "720p" }] }));
    const changed = await call(ctx.db, titleLoader, path, { params, headers: { "If-None-Match": etag! } });
    expect(changed.status).toBe(200);
    expect(changed.headers.get("etag")).not.toBe(etag);
    expect(await expectDocumented(changed, "/titles/{id}")).toMatchObject({ title: "Nosferatu (restored)" });
  });

  it("lets any origin read, without credentials, and answers preflights", async () => {
    const response = await call(ctx.db, genresLoader, "/genres", { headers: { Origin: "https://elsewhere.example" } });
    expect(response.headers.get("access-control-allow-origin")).toBe("*");
    expect(response.headers.get("access-control-allow-credentials")).toBeNull();
    expect(response.headers.get("access-control-expose-headers")).toBe("ETag, Retry-After");
    await expectDocumented(response, "/genres");

    const preflight = await call(ctx.db, genresLoader, "/genres", {
      method: "OPTIONS",
      headers: {
        Origin: "https://elsewhere.example",
        "Access-Control-Request-Method": "GET",
        "Access-Control-Request-Headers": "if-none-match",
      },
    });
    expect(preflight.status).toBe(204);
    expect(Object.fromEntries([...preflight.headers].filter(([name]) => name.startsWith("access-control")))).toEqual({
      "access-control-allow-origin": "*",
      "access-control-allow-methods": "GET, HEAD, OPTIONS",
      "access-control-allow-headers": "If-None-Match, Authorization",
      "access-control-expose-headers": "ETag, Retry-After",
      "access-control-max-age": "86400",
    });
  });

  it("limits each client's calls per minute with a 429 problem and Retry-After", async () => {
    const client = freshAddress();
    for (let i = 0; i < API_RATE_RULE.points; i++) {
      const response = await call(ctx.db, settingsLoader, "/settings", { clientAddress: client });
      expect(response.status, `call ${i + 1}`).toBe(200);
      await response.body?.cancel();
    }
    const limited = await call(ctx.db, settingsLoader, "/settings", { clientAddress: client });
    expect(limited.status).toBe(429);
    // The seconds left of the client's one-minute window.
    const retryAfter = Number(limited.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(await expectDocumented(limited, "/settings")).toMatchObject({
      type: `${SITE}/api/docs#problem-rate-limited`,
      status: 429,
      detail: `Too many requests from this client. Please wait ${retryAfter} seconds and try again.`,
    });
    // Another client is not held back.
    expect((await call(ctx.db, settingsLoader, "/settings")).status).toBe(200);
  });

  it("answers 503 with Retry-After while the database is away, and 500 for a bug, as problems", async () => {
    const unavailable = await call(
      failing(ctx.db, new DatabaseUnavailableError(new Error("connection refused"))),
      settingsLoader,
      "/settings",
    );
    expect([unavailable.status, unavailable.headers.get("retry-after")]).toEqual([503, "5"]);
    expect(await expectDocumented(unavailable, "/settings")).toMatchObject({ status: 503, type: `${SITE}/api/docs#problem-unavailable` });

    const failed = await call(failing(ctx.db, new TypeError("a bug")), settingsLoader, "/settings");
    expect(failed.status).toBe(500);
    const body = (await expectDocumented(failed, "/settings")) as ProblemBody;
    expect(body.detail).toBe("Something went wrong. Please try again later.");
    expect(JSON.stringify(body)).not.toContain("a bug");
  });

  it("serves its OpenAPI document with an ETag, and problems for other methods and addresses", async () => {
    const response = await call(ctx.db, openApiLoader, "/openapi.json");
    expect(response.status).toBe(200);
    expect(response.headers.get("etag")).toBeTruthy();
    expect(await response.json()).toEqual(JSON.parse(JSON.stringify(document)));

    const post = await settingsAction(
      routeArgs(new Request(`${SITE}/api/v1/settings`, { method: "POST" }), routeContext(ctx.db, { publicUrl: SITE })),
    );
    expect([post.status, post.headers.get("allow")]).toEqual([405, "GET, HEAD, OPTIONS"]);
    expect(await expectDocumented.expectProblem(post)).toMatchObject({ status: 405, type: `${SITE}/api/docs#problem-method-not-allowed` });

    for (const [handler, method] of [
      [notFoundLoader, "GET"],
      [notFoundAction, "DELETE"],
    ] as const) {
      const missing = handler(routeArgs(new Request(`${SITE}/api/v1/movies`, { method }), routeContext(ctx.db, { publicUrl: SITE })));
      expect(missing.status).toBe(404);
      expect(await expectDocumented.expectProblem(missing)).toMatchObject({
        status: 404,
        detail: "No endpoint has the address /api/v1/movies. The list is at /api/v1/openapi.json.",
      });
    }
  });
});
