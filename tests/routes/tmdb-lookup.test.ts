import { afterAll, beforeAll, expect, it } from "vitest";
import { createTmdbClient } from "#app/integrations/tmdb/client.server.ts";
import { FETCHED, FETCHED_TV, TMDB_NOT_CONFIGURED } from "#app/modules/catalogue/tmdb-fill.ts";
import { INVALID_TMDB_ID } from "#app/modules/catalogue/admin-form.ts";
import { createTitle } from "#app/modules/catalogue/write.server.ts";
import { action } from "#app/routes/admin/tmdb.ts";
import { buildSeries } from "#tests/factories/titles.ts";
import { callAdminRoute, signIn } from "#tests/helpers/admin.ts";
import { describeEachDatabase } from "#tests/helpers/database.ts";
import { MOCK_API_KEY, startTmdbMock, type TmdbMock } from "#tests/mocks/tmdb/server.ts";

let mock: TmdbMock;
beforeAll(async () => {
  mock = await startTmdbMock();
});
afterAll(() => mock.close());

describeEachDatabase("the title editor's TMDB fetch (POST /dashboard/tmdb), on the form kit", (ctx) => {
  const lookup = async (
    form: Record<string, string> | null,
    options: { configured?: boolean; body?: string; contentType?: string } = {},
  ) => {
    const { cookie } = await signIn(ctx.db);
    const tmdb =
      options.configured === false
        ? null
        : createTmdbClient({ apiKey: MOCK_API_KEY, readToken: null, baseUrl: mock.origin, imageBase: "https://img.test/t/p" });
    return callAdminRoute(action, ctx.db, {
      path: "/dashboard/tmdb",
      method: "POST",
      cookie,
      context: { tmdb },
      ...(form ? { form } : { body: options.body, contentType: options.contentType }),
    });
  };

  it("searches by name and year: results with the catalogue title that has them; failures worded for the admin", async () => {
    const found = await lookup({ intent: "search", type: "movie", name: "The Matrix", year: "1999" });
    expect(found.status).toBe(200);
    expect(found.body).toMatchObject({
      ok: true,
      results: [{ type: "movie", tmdbId: 603, title: "The Matrix", year: 1999, existing: null }],
    });
    const show = await createTitle(ctx.db, buildSeries({ title: "Fleabag here", tmdbId: 67070 }));
    const tv = await lookup({ intent: "search", type: "tv", name: "Fleabag", year: "not a year" });
    expect(tv.body).toMatchObject({ ok: true, results: [{ tmdbId: 67070, existing: { id: show.id, title: "Fleabag here" } }] });

    expect((await lookup({ intent: "search", type: "movie", name: "  " })).body).toMatchObject({
      ok: false,
      fields: { name: ["Type a name to search for."] },
    });
    expect((await lookup({ intent: "search", type: "movie", name: "The Matrix" }, { configured: false })).body).toMatchObject({
      ok: false,
      error: TMDB_NOT_CONFIGURED,
    });
    mock.override("/search/movie", { kind: "status", status: 500 });
    expect((await lookup({ intent: "search", type: "movie", name: "Nothing cached" })).body).toMatchObject({
      ok: false,
      error: "TMDB search failed",
      fields: { name: ["TMDB did not answer in time or could not be reached."] },
    });
  });

  it("fills a movie or a TV show, each with its own wording", async () => {
    const movie = await lookup({ type: "movie", query: "603" });
    expect(movie.status).toBe(200);
    expect(movie.body).toMatchObject({ ok: true, message: FETCHED, title: { title: "The Matrix" }, existing: null });
    const show = await lookup({ type: "tv", query: "67070" });
    expect(show.body).toMatchObject({ ok: true, message: FETCHED_TV, title: { title: "Fleabag" } });
  });

  it("a lookup that finds nothing is the kit's failure answered 200 (the request worked): the toast, and the detail under the field", async () => {
    const bad = await lookup({ type: "movie", query: "not an id" });
    expect(bad.status).toBe(200);
    expect(bad.body).toMatchObject({ ok: false, error: INVALID_TMDB_ID, fields: { query: [expect.stringContaining("TMDB id")] } });
    const off = await lookup({ type: "movie", query: "603" }, { configured: false });
    expect(off.status).toBe(200);
    expect(off.body).toMatchObject({ ok: false, error: TMDB_NOT_CONFIGURED });
    const garbage = await lookup(null, { body: "{not json", contentType: "application/json" });
    expect(garbage.status).toBe(400);
  });
});
