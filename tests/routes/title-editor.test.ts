import type { KyselyPlugin, RootOperationNode } from "kysely";
import { expect, it } from "vitest";
import { buildMovie, buildSeries } from "#tests/factories/titles.ts";
import { callAdminRoute, signIn } from "#tests/helpers/admin.ts";
import { describeEachDatabase } from "#tests/helpers/database.ts";
import type { Db } from "#app/db/client.server.ts";
import {
  EDITOR_UNREADABLE,
  SAVED,
  titleEditorSchema,
  TITLE_AND_TMDB_REQUIRED,
  valuesFromTitle,
} from "#app/modules/catalogue/admin-form.ts";
import { saveTitleFromEditor } from "#app/modules/editorial/titles.server.ts";
import { getTitle } from "#app/modules/catalogue/read.server.ts";
import { createTitle, TITLE_NOT_FOUND } from "#app/modules/catalogue/write.server.ts";
import * as add from "#app/routes/admin/add.tsx";
import * as edit from "#app/routes/admin/edit-title.tsx";

/**
 * The database with a counter of the statements it runs, and of the reads of whole
 * download groups (one per tree read; the search index's read of their qualities is not one).
 */
function counted(db: Db) {
  const counts = { queries: 0, treeReads: 0 };
  const plugin: KyselyPlugin = {
    transformQuery({ node }: { node: RootOperationNode }) {
      counts.queries += 1;
      const wholeRows = node.kind === "SelectQueryNode" && /SelectAllNode/.test(JSON.stringify(node.selections));
      if (wholeRows && /"name":"releases"/.test(JSON.stringify(node.from))) counts.treeReads += 1;
      return node;
    },
    transformResult: ({ result }) => Promise.resolve(result),
  };
  return { db: db.withPlugin(plugin), counts };
}

const json = (value: unknown) => ({ body: JSON.stringify(value), contentType: "application/json" });

describeEachDatabase("the title editor's save", (ctx) => {
  it("reads the tree once before and once after, in a bounded number of statements", async () => {
    const movie = await createTitle(ctx.db, buildMovie({ title: "Counted" }));
    const values = valuesFromTitle(movie);
    values.tagline = "Changed once";
    const { db, counts } = counted(ctx.db);
    const saved = await saveTitleFromEditor(db, { id: null, name: "Counter" }, movie.id, "movie", titleEditorSchema("movie").parse(values));
    expect(saved.tagline).toBe("Changed once");
    expect(counts.treeReads).toBe(2);
    // This fixture (2 download groups, 2 files, 3 links) took 60 statements when the tree was read four times;
    // now about 37: two tree reads of 8, one update per kept row, the search index (with its title keys, and the
    // genres and qualities its filter words come from) and the audit entry.
    expect(counts.queries).toBeLessThanOrEqual(40);
    // Rows keep their ids (ADR 003).
    expect(saved.releases.map((r) => [r.id, r.files.map((f) => [f.id, f.links.map((l) => l.id)])])).toEqual(
      movie.releases.map((r) => [r.id, r.files.map((f) => [f.id, f.links.map((l) => l.id)])]),
    );
  });

  it("deletes the rows removed from the form with the save, in its one transaction", async () => {
    const movie = await createTitle(ctx.db, buildMovie({ title: "Removals" }));
    const values = valuesFromTitle(movie);
    const droppedRelease = values.groups[1]!.id!;
    const droppedLink = values.groups[0]!.files[0]!.links.at(-1)!.id!;
    values.groups = values.groups.slice(0, 1);
    values.groups[0]!.files[0]!.links = values.groups[0]!.files[0]!.links.slice(0, -1);
    values.screenshots = values.screenshots.slice(0, 1);
    const edit = titleEditorSchema("movie").parse(values);
    const actor = { id: null, name: "Remover" };
    const has = async () => ({
      release: Boolean(await ctx.db.selectFrom("releases").select("id").where("id", "=", droppedRelease).executeTakeFirst()),
      link: Boolean(await ctx.db.selectFrom("links").select("id").where("id", "=", droppedLink).executeTakeFirst()),
      screenshots: (await ctx.db.selectFrom("screenshots").select("id").where("title_id", "=", movie.id).execute()).length,
    });

    // The save's last write (its audit entry) fails: the removals roll back with it.
    const failing: KyselyPlugin = {
      transformQuery({ node }: { node: RootOperationNode }) {
        if (node.kind === "InsertQueryNode" && /"name":"audit_log"/.test(JSON.stringify(node.into))) throw new Error("audit down");
        return node;
      },
      transformResult: ({ result }) => Promise.resolve(result),
    };
    await expect(saveTitleFromEditor(ctx.db.withPlugin(failing), actor, movie.id, "movie", edit)).rejects.toThrow("audit down");
    expect(await has()).toEqual({ release: true, link: true, screenshots: 2 });

    const saved = await saveTitleFromEditor(ctx.db, actor, movie.id, "movie", edit);
    expect(await has()).toEqual({ release: false, link: false, screenshots: 1 });
    expect(saved.releases.map((r) => r.id)).toEqual([movie.releases[0]!.id]);
  });

  it("edits through the route: JSON checked once at the boundary, messages on the editor's fields", async () => {
    const { cookie } = await signIn(ctx.db, "editor");
    const movie = await createTitle(ctx.db, buildMovie({ title: "Routed" }));
    const path = `/dashboard/movies/${movie.id}`;
    const params = { id: String(movie.id) };

    const saved = await callAdminRoute(edit.action, ctx.db, {
      path,
      params,
      cookie,
      ...json({ ...valuesFromTitle(movie), overview: "New" }),
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ ok: true, message: SAVED, title: { id: movie.id, overview: "New" } });

    const blank = await callAdminRoute(edit.action, ctx.db, { path, params, cookie, ...json({ ...valuesFromTitle(movie), title: " " }) });
    expect(blank.status).toBe(400);
    expect(blank.body).toMatchObject({ ok: false, error: TITLE_AND_TMDB_REQUIRED, fields: { title: [TITLE_AND_TMDB_REQUIRED] } });

    for (const body of [{ body: "{not json", contentType: "application/json" }, json({ title: "x" })]) {
      const refused = await callAdminRoute(edit.action, ctx.db, { path, params, cookie, ...body });
      expect(refused.status).toBe(400);
    }
    const shape = await callAdminRoute(edit.action, ctx.db, { path, params, cookie, ...json({ groups: 1 }) });
    expect(shape.body).toMatchObject({ ok: false, fields: { form: [EDITOR_UNREADABLE] } });
    expect((await getTitle(ctx.db, movie.id))!.overview).toBe("New");

    // A TV show is not editable under the movie list (its values checked as a movie's first), and a malformed id is a missing page.
    const show = await createTitle(ctx.db, buildSeries());
    const wrongList = await callAdminRoute(edit.action, ctx.db, {
      path: `/dashboard/movies/${show.id}`,
      params: { id: String(show.id) },
      cookie,
      ...json({ ...valuesFromTitle(show), groups: [] }),
    });
    expect(wrongList).toMatchObject({ status: 404, body: { ok: false, error: TITLE_NOT_FOUND } });
    const malformed = await callAdminRoute(edit.action, ctx.db, {
      path: "/dashboard/movies/007",
      params: { id: "007" },
      cookie,
      ...json({}),
    });
    expect(malformed.status).toBe(404);
  });

  it("adds through the route, and refuses a post that is not the editor's JSON", async () => {
    const { cookie } = await signIn(ctx.db, "editor");
    const template = await createTitle(ctx.db, buildMovie({ title: "Template" }));
    // Its own ids: the template's are taken (a second title with them is refused, tests/routes/curation-duplicates.test.ts).
    const values = { ...valuesFromTitle(template), title: "Fresh Title", tmdbId: "987654", imdbId: "", groups: [], screenshots: [] };
    const added = await callAdminRoute(add.action, ctx.db, { path: "/add", cookie, ...json(values) });
    expect(added.status).toBe(200);
    expect(added.body).toMatchObject({ ok: true, title: { title: "Fresh Title", slug: "fresh-title", type: "movie" } });

    const form = await callAdminRoute(add.action, ctx.db, { path: "/add", cookie, form: { title: "Posted as a form" } });
    expect(form).toMatchObject({ status: 400, body: { ok: false, fields: { form: [EDITOR_UNREADABLE] } } });
    expect(await ctx.db.selectFrom("titles").select("title").where("title", "=", "Posted as a form").execute()).toEqual([]);
  });
});
