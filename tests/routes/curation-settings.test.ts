import { expect, it } from "vitest";
import { buildMovie } from "#tests/factories/titles.ts";
import { callAdminRoute, callRoute, signIn } from "#tests/helpers/admin.ts";
import { describeEachDatabase } from "#tests/helpers/database.ts";
import type { Db } from "#app/db/client.server.ts";
import { FEATURED_SAVED, FEATURED_UNCHANGED, FEATURED_UNKNOWN } from "#app/modules/catalogue/featured.ts";
import { GENRE_NAME_REQUIRED, GENRES_CHANGED_ELSEWHERE, GENRES_SAVED, genreNameTaken } from "#app/modules/catalogue/genres.ts";
import { getTitle, listFeatured, listGenres, listGenresInUse } from "#app/modules/catalogue/read.server.ts";
import { createTitle, replaceTitle } from "#app/modules/catalogue/write.server.ts";
import { readContentVersion } from "#app/modules/site/content-version.server.ts";
import * as featured from "#app/routes/admin/settings/featured.tsx";
import * as genres from "#app/routes/admin/settings/genres.tsx";
import * as genrePage from "#app/routes/site/genre.tsx";

const FEATURED = "/dashboard/settings/featured";
const GENRES = "/dashboard/settings/genres";

async function genreRows(db: Db) {
  return db.selectFrom("genres").select(["id", "name", "slug", "hidden"]).orderBy("position").orderBy("name").execute();
}

/** The Genres form as the page posts it: every genre in order, with edits applied. */
function genresForm(rows: { id: number; name: string; hidden: unknown }[], edit: Record<number, { name?: string; hidden?: boolean }> = {}) {
  return {
    id: rows.map((r) => String(r.id)),
    name: rows.map((r) => edit[r.id]?.name ?? r.name),
    hidden: rows.filter((r) => edit[r.id]?.hidden ?? Boolean(r.hidden)).map((r) => String(r.id)),
  };
}

describeEachDatabase("the home carousel's curation", (ctx) => {
  it("saves the chosen titles in order, unfeatures the rest, and the home page follows", async () => {
    const { cookie } = await signIn(ctx.db, "editor");
    const a = await createTitle(ctx.db, buildMovie({ title: "A", featured: true, featuredOrder: 1 }));
    const b = await createTitle(ctx.db, buildMovie({ title: "B", featured: true, featuredOrder: 2 }));
    const c = await createTitle(ctx.db, buildMovie({ title: "C" }));
    const page = await callAdminRoute(featured.loader, ctx.db, { path: `${FEATURED}?q=c`, cookie });
    expect(page.body).toMatchObject({ featured: [{ title: "A" }, { title: "B" }], candidates: [{ title: "C" }] });

    const version = await readContentVersion(ctx.db);
    const saved = await callAdminRoute(featured.action, ctx.db, { path: FEATURED, cookie, form: { ids: [String(c.id), String(a.id)] } });
    expect(saved).toMatchObject({ status: 200, body: { ok: true, message: FEATURED_SAVED } });
    expect((await listFeatured(ctx.db)).map((t) => t.title)).toEqual(["C", "A"]);
    expect((await getTitle(ctx.db, b.id))!.featured).toBe(false);
    expect(await readContentVersion(ctx.db)).toBeGreaterThan(version!);
    const audit = await ctx.db.selectFrom("audit_log").select("summary").where("action", "=", "featured.update").execute();
    expect(audit).toEqual([{ summary: "Home carousel: “C”, “A”" }]);

    const again = await callAdminRoute(featured.action, ctx.db, { path: FEATURED, cookie, form: { ids: [String(c.id), String(a.id)] } });
    expect(again.body).toMatchObject({ ok: true, message: FEATURED_UNCHANGED });

    // Saving the editor keeps a title's place (the editor does not show it).
    await replaceTitle(ctx.db, a.id, buildMovie({ title: "A", tmdbId: null, imdbId: null, featured: true, featuredOrder: 2 }));
    expect((await listFeatured(ctx.db)).map((t) => t.title)).toEqual(["C", "A"]);

    const emptied = await callAdminRoute(featured.action, ctx.db, { path: FEATURED, cookie, form: {} });
    expect(emptied.body).toMatchObject({ ok: true, message: FEATURED_SAVED });
    expect(await listFeatured(ctx.db)).toEqual([]);
  });

  it("refuses unknown or malformed ids with a 400 and changes nothing", async () => {
    const { cookie } = await signIn(ctx.db);
    const a = await createTitle(ctx.db, buildMovie({ title: "A", featured: true, featuredOrder: 1 }));
    for (const ids of [["999999"], ["abc"], [String(a.id), "0"]]) {
      const answer = await callAdminRoute(featured.action, ctx.db, { path: FEATURED, cookie, form: { ids } });
      expect(answer).toMatchObject({ status: 400, body: { ok: false, error: FEATURED_UNKNOWN } });
    }
    expect((await listFeatured(ctx.db)).map((t) => t.title)).toEqual(["A"]);
    const anonymous = await callAdminRoute(featured.action, ctx.db, { path: FEATURED, form: { ids: [String(a.id)] } });
    expect(anonymous.status).toBe(302);
  });
});

describeEachDatabase("genres management", (ctx) => {
  it("renames keeping the slug, hides from the public site, and reorders", async () => {
    const { cookie } = await signIn(ctx.db);
    const rows = await genreRows(ctx.db);
    expect(rows.slice(0, 3).map((r) => r.name)).toEqual(["Action", "Adventure", "Biography"]);
    const sciFi = rows.find((r) => r.slug === "sci-fi")!;
    const horror = rows.find((r) => r.slug === "horror")!;
    const movie = await createTitle(ctx.db, buildMovie({ title: "Tagged", genres: ["Sci-Fi", "Horror"] }));

    // Sci-Fi moves to the top, is renamed; Horror is hidden.
    const reordered = [sciFi, ...rows.filter((r) => r.id !== sciFi.id)];
    const saved = await callAdminRoute(genres.action, ctx.db, {
      path: GENRES,
      cookie,
      form: genresForm(reordered, { [sciFi.id]: { name: "Science Fiction" }, [horror.id]: { hidden: true } }),
    });
    expect(saved).toMatchObject({ status: 200, body: { ok: true, message: GENRES_SAVED } });
    const after = await genreRows(ctx.db);
    expect(after[0]).toMatchObject({ id: sciFi.id, name: "Science Fiction", slug: "sci-fi" });
    expect(after).toHaveLength(rows.length);

    // Visitors: the hidden genre is gone from the chips, the sitemap's list, the title page and its own page.
    expect((await listGenresInUse(ctx.db)).map((g) => g.name)).toEqual(["Science Fiction"]);
    expect((await listGenres(ctx.db)).some((g) => g.slug === "horror")).toBe(false);
    expect((await getTitle(ctx.db, movie.id))!.genres.map((g) => g.name)).toEqual(["Science Fiction"]);
    expect((await getTitle(ctx.db, movie.id, { includeDisabled: true }))!.genres.map((g) => g.name)).toEqual(["Science Fiction", "Horror"]);
    expect((await callRoute(genrePage.loader, ctx.db, { path: "/genre/horror", params: { category: "horror" } })).status).toBe(404);
    const renamedPage = await callRoute(genrePage.loader, ctx.db, { path: "/genre/sci-fi", params: { category: "sci-fi" } });
    expect(renamedPage.body).toMatchObject({ genre: { name: "Science Fiction", slug: "sci-fi" } });

    // The editor finds the renamed genre by its new name (and the old slug), never making a second one.
    await replaceTitle(
      ctx.db,
      movie.id,
      buildMovie({ title: "Tagged", tmdbId: null, imdbId: null, genres: ["science fiction", "Sci-Fi", "Horror"] }),
    );
    expect((await getTitle(ctx.db, movie.id, { includeDisabled: true }))!.genres.map((g) => g.slug)).toEqual(["sci-fi", "horror"]);
    expect(await genreRows(ctx.db)).toHaveLength(rows.length);

    const audit = await ctx.db.selectFrom("audit_log").select("summary").where("action", "=", "genres.update").execute();
    expect(audit).toEqual([{ summary: "Genres: renamed “Sci-Fi” to “Science Fiction”; hid “Horror”; changed the order" }]);
  });

  it("allows a change of case, and refuses a taken or blank name or a stale list with a 400 or 409", async () => {
    const { cookie } = await signIn(ctx.db);
    const rows = await genreRows(ctx.db);
    const bollywood = rows.find((r) => r.slug === "bollywood")!;
    // A change of case is the same genre.
    const recased = await callAdminRoute(genres.action, ctx.db, {
      path: GENRES,
      cookie,
      form: genresForm(rows, { [bollywood.id]: { name: "Bollywood" } }),
    });
    expect(recased.body).toMatchObject({ ok: true });
    expect((await genreRows(ctx.db)).find((r) => r.id === bollywood.id)).toMatchObject({ name: "Bollywood", slug: "bollywood" });

    const now = await genreRows(ctx.db);
    const taken = await callAdminRoute(genres.action, ctx.db, {
      path: GENRES,
      cookie,
      form: genresForm(now, { [now[2]!.id]: { name: "drama" } }),
    });
    expect(taken).toMatchObject({ status: 400, body: { ok: false, fields: { "genres.2.name": [genreNameTaken("drama")] } } });
    // "sci fi" reads as the genre at /genre/sci-fi, and "Adventure" as /genre/adventure: taken too (a renamed genre keeps its slug).
    const bySlug = await callAdminRoute(genres.action, ctx.db, {
      path: GENRES,
      cookie,
      form: genresForm(now, { [now[2]!.id]: { name: "sci fi" } }),
    });
    expect(bySlug.status).toBe(400);
    const swapped = await callAdminRoute(genres.action, ctx.db, {
      path: GENRES,
      cookie,
      form: genresForm(now, { [now[0]!.id]: { name: "Adventure" }, [now[1]!.id]: { name: "Action" } }),
    });
    expect(swapped.status).toBe(400);
    const blank = await callAdminRoute(genres.action, ctx.db, {
      path: GENRES,
      cookie,
      form: genresForm(now, { [now[0]!.id]: { name: "  " } }),
    });
    expect(blank).toMatchObject({ status: 400, body: { fields: { "genres.0.name": [GENRE_NAME_REQUIRED] } } });
    const stale = await callAdminRoute(genres.action, ctx.db, { path: GENRES, cookie, form: genresForm(now.slice(1)) });
    expect(stale).toMatchObject({ status: 409, body: { ok: false, error: GENRES_CHANGED_ELSEWHERE } });
    expect((await genreRows(ctx.db)).map((r) => r.name)).toEqual(now.map((r) => r.name));
  });
});
