import { expect, it } from "vitest";
import { buildMovie, buildSeries } from "#tests/factories/titles.ts";
import { callAdminRoute, signIn } from "#tests/helpers/admin.ts";
import { describeEachDatabase } from "#tests/helpers/database.ts";
import { duplicateOf, emptyEditorValues, valuesFromTitle } from "#app/modules/catalogue/admin-form.ts";
import { createTitle, duplicateImdbMessage, duplicateTmdbMessage, replaceTitle } from "#app/modules/catalogue/write.server.ts";
import { isAppError } from "#app/utils/errors.ts";
import * as add from "#app/routes/admin/add.tsx";
import * as edit from "#app/routes/admin/edit-title.tsx";

const json = (value: unknown) => ({ body: JSON.stringify(value), contentType: "application/json" });

async function refusal(work: Promise<unknown>) {
  const error = await work.then(
    () => null,
    (e: unknown) => e,
  );
  if (!isAppError(error)) throw new Error(`expected a refusal, got ${String(error)}`);
  return error;
}

describeEachDatabase("one title per TMDB id (per type) and per IMDb id", (ctx) => {
  it("refuses a second title with a taken TMDB id of the same type, or a taken IMDb id, naming the first", async () => {
    const matrix = await createTitle(ctx.db, buildMovie({ title: "The Matrix", tmdbId: 603, imdbId: "tt0133093" }));

    const again = await refusal(createTitle(ctx.db, buildMovie({ title: "The Matrix (copy)", tmdbId: 603, imdbId: null })));
    expect(again.status).toBe(409);
    expect(again.fields).toEqual({ tmdbId: [duplicateTmdbMessage("movie", 603, matrix)] });
    expect(again.message).toBe("A movie with TMDB ID 603 is already in the catalogue: “The Matrix”.");

    const byImdb = await refusal(createTitle(ctx.db, buildMovie({ title: "Matrix again", tmdbId: 999_603, imdbId: "tt0133093" })));
    expect(byImdb.fields).toEqual({ imdbId: [duplicateImdbMessage("tt0133093", matrix)] });

    // TMDB numbers movies and TV shows separately: a show with the same number is another title.
    const show = await createTitle(ctx.db, buildSeries({ title: "Another 603", tmdbId: 603, imdbId: null }));
    expect(show.tmdbId).toBe(603);
    const titles = await ctx.db.selectFrom("titles").select("title").orderBy("id").execute();
    expect(titles.map((t) => t.title)).toEqual(["The Matrix", "Another 603"]);
  });

  it("refuses changing an id to a taken one, but never blocks saving a title whose ids did not change", async () => {
    const first = await createTitle(ctx.db, buildMovie({ title: "First", tmdbId: 700, imdbId: "tt0000700" }));
    const second = await createTitle(ctx.db, buildMovie({ title: "Second", tmdbId: 701, imdbId: "tt0000701" }));
    const moved = await refusal(replaceTitle(ctx.db, second.id, buildMovie({ title: "Second", tmdbId: 700, imdbId: "tt0000701" })));
    expect(moved.fields).toEqual({ tmdbId: [duplicateTmdbMessage("movie", 700, first)] });

    // Duplicates stored before the check (here written behind its back) stay savable as they are.
    await ctx.db.updateTable("titles").set({ tmdb_id: 700, imdb_id: "tt0000700" }).where("id", "=", second.id).execute();
    const saved = await replaceTitle(ctx.db, second.id, buildMovie({ title: "Second, edited", tmdbId: 700, imdbId: "tt0000700" }));
    expect(saved.title).toBe("Second, edited");
    // Its own ids are never a conflict with itself.
    expect((await replaceTitle(ctx.db, first.id, buildMovie({ title: "First, edited", tmdbId: 700, imdbId: "tt0000700" }))).title).toBe(
      "First, edited",
    );
  });

  it("answers the editor's save on Add and Edit with a 409 on the TMDB ID field and the title to open", async () => {
    const { cookie } = await signIn(ctx.db, "editor");
    const matrix = await createTitle(ctx.db, buildMovie({ title: "The Matrix", tmdbId: 603, imdbId: "tt0133093" }));
    const values = { ...emptyEditorValues("movie", new Date().toISOString()), title: "The Matrix", tmdbId: "603" };

    const added = await callAdminRoute(add.action, ctx.db, { path: "/add", cookie, ...json(values) });
    expect(added.status).toBe(409);
    expect(added.body).toMatchObject({ ok: false, fields: { tmdbId: [duplicateTmdbMessage("movie", 603, matrix)] } });
    expect(duplicateOf(added.body)).toEqual({ id: matrix.id, type: "movie", slug: matrix.slug, title: "The Matrix" });

    // The IMDb id Fetch details filled in lands on the same field.
    const viaImdb = await callAdminRoute(add.action, ctx.db, {
      path: "/add",
      cookie,
      ...json({ ...values, tmdbId: "604", imdbId: "tt0133093" }),
    });
    expect(viaImdb).toMatchObject({ status: 409, body: { fields: { tmdbId: [duplicateImdbMessage("tt0133093", matrix)] } } });
    expect(await ctx.db.selectFrom("titles").select("id").execute()).toHaveLength(1);

    const other = await createTitle(ctx.db, buildMovie({ title: "Other", tmdbId: 800 }));
    const path = `/dashboard/movies/${other.id}`;
    const params = { id: String(other.id) };
    const edited = await callAdminRoute(edit.action, ctx.db, {
      path,
      params,
      cookie,
      ...json({ ...valuesFromTitle(other), tmdbId: "603" }),
    });
    expect(edited.status).toBe(409);
    expect(duplicateOf(edited.body)?.id).toBe(matrix.id);
    const unchanged = await callAdminRoute(edit.action, ctx.db, {
      path,
      params,
      cookie,
      ...json({ ...valuesFromTitle(other), overview: "Fine" }),
    });
    expect(unchanged.status).toBe(200);
  });
});
