import { beforeEach, expect, it } from "vitest";
import { describeEachDatabase } from "#tests/helpers/database.ts";
import { buildMovie, buildSeries } from "#tests/factories/titles.ts";
import { listAudit, type Actor } from "#app/modules/audit/audit.server.ts";
import { AppError } from "#app/utils/errors.ts";
import { validate } from "#app/utils/validation.ts";
import {
  EDITOR_UNREADABLE,
  emptyEditorValues,
  emptyLink,
  TITLE_AND_TMDB_REQUIRED,
  titleEditorSchema,
  valuesFromTitle,
  type EditorValues,
} from "#app/modules/catalogue/admin-form.ts";
import { addTitle, addTitleFromEditor, removeFromTitle, saveTitleFromEditor } from "./titles.server.ts";
import { getTitle } from "#app/modules/catalogue/read.server.ts";
import type { TitleType } from "#app/modules/catalogue/types.ts";
import { createTitle } from "#app/modules/catalogue/write.server.ts";

/** The editor's values as the route hands them over: checked by the editor's schema (as a title of `type`). */
const checked = (values: EditorValues, type?: TitleType) => titleEditorSchema(type).parse(values);

const actor: Actor = { id: null, name: "Editor Tester" };
const NOW = "2026-03-01T10:00:00.000Z";

async function failure(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

function movieForm(title: string): EditorValues {
  const values = emptyEditorValues("movie", NOW);
  const group = values.groups[0]!;
  const file = group.files[0]!;
  return {
    ...values,
    title,
    tmdbId: "603",
    genres: "Action, Sci-Fi",
    actors: "Keanu Reeves, Carrie-Anne Moss",
    groups: [
      {
        ...group,
        quality: "1080p",
        files: [
          {
            ...file,
            title: `${title} 1080p`,
            size: "2 GB",
            links: [
              { ...file.links[0]!, label: "instant", url: "https://instant.example/m" },
              { ...emptyLink(), label: "gdrive", url: "https://gdrive.example/m", status: "broken" },
            ],
          },
        ],
      },
    ],
  };
}

describeEachDatabase("admin catalogue writes", (ctx) => {
  beforeEach(async () => {
    await ctx.db.deleteFrom("audit_log").execute();
  });

  const audit = async () => (await listAudit(ctx.db, { perPage: 50 })).items;

  it("adds a title from the editor, audited as title.create", async () => {
    const title = await addTitleFromEditor(ctx.db, actor, checked(movieForm("The Matrix")));
    expect(title).toMatchObject({ type: "movie", title: "The Matrix", tmdbId: 603, slug: "the-matrix", uploadedAt: NOW });
    expect(title.genres.map((g) => g.name)).toEqual(["Action", "Sci-Fi"]);
    expect(title.releases[0]!.files[0]!.links.map((l) => [l.label, l.status])).toEqual([
      ["instant", "ok"],
      ["gdrive", "broken"],
    ]);
    const [entry] = await audit();
    expect(entry).toMatchObject({ action: "title.create", entityType: "title", entityId: title.id, actor: "Editor Tester" });
    expect(entry!.summary).toBe("Added the movie “The Matrix” with 2 links");
  });

  it("refuses invalid editor input at the boundary with messages per editor field", () => {
    const missing = validate(titleEditorSchema(), emptyEditorValues("movie", NOW));
    expect(missing.ok).toBe(false);
    if (missing.ok) return;
    expect(missing.status).toBe(400);
    expect(missing.failure.error).toBe(TITLE_AND_TMDB_REQUIRED);
    expect(missing.failure.fields).toMatchObject({ title: [TITLE_AND_TMDB_REQUIRED], tmdbId: [TITLE_AND_TMDB_REQUIRED] });

    const form = movieForm("Bad Trailer");
    const link = form.groups[0]!.files[0]!.links[1]!;
    form.trailerUrl = "javascript:alert(1)";
    link.url = "javascript:alert(2)";
    const unsafe = validate(titleEditorSchema(), form);
    expect(unsafe.ok ? null : unsafe.failure.fields).toEqual({
      trailerUrl: ["Must be an http:// or https:// address"],
      [`${link.key}.url`]: ["Must be an http:// or https:// address"],
    });

    for (const payload of [{}, { title: 5 }, { ...movieForm("x"), groups: "no" }]) {
      const result = validate(titleEditorSchema(), payload);
      expect(result.ok ? null : [result.status, result.failure.fields]).toEqual([400, { form: [EDITOR_UNREADABLE] }]);
    }
  });

  it("saves the edit form over a title, keeping what the form does not show, audited as title.update", async () => {
    const created = await createTitle(
      ctx.db,
      buildMovie({ title: "Night", slug: "night-custom", featured: true, featuredOrder: 3, imdbId: "tt0063350", originalTitle: "La Nuit" }),
    );
    const values = valuesFromTitle(created);
    const saved = await saveTitleFromEditor(
      ctx.db,
      actor,
      created.id,
      "movie",
      checked(
        {
          ...values,
          tagline: "A new tagline",
          screenshots: [...values.screenshots, { key: "new1", url: "https://images.example/3.jpg" }],
        },
        "movie",
      ),
    );
    expect(saved).toMatchObject({
      tagline: "A new tagline",
      slug: "night-custom",
      featured: true,
      featuredOrder: 3,
      imdbId: "tt0063350",
      originalTitle: "La Nuit",
    });
    expect(saved.cast).toEqual(created.cast);
    expect(saved.screenshots.map((s) => s.url)).toEqual([...created.screenshots.map((s) => s.url), "https://images.example/3.jpg"]);
    // Saved rows keep their ids (out-link ids are in visitors' bookmarks).
    expect(saved.releases.flatMap((r) => r.files.flatMap((f) => f.links.map((l) => l.id)))).toEqual(
      created.releases.flatMap((r) => r.files.flatMap((f) => f.links.map((l) => l.id))),
    );
    const [entry] = await audit();
    expect(entry).toMatchObject({ action: "title.update", entityType: "title", entityId: created.id });
    expect(entry!.summary).toBe("Edited “Night” (tagline, screenshots)");

    // A renamed title gets the new title's slug; a new actor has no character yet.
    const renamed = await saveTitleFromEditor(
      ctx.db,
      actor,
      created.id,
      "movie",
      checked(
        {
          ...valuesFromTitle(saved),
          title: "Night Two",
          actors: "Duane Jones, New Face",
        },
        "movie",
      ),
    );
    expect(renamed.slug).toBe("night-two");
    expect(renamed.cast).toEqual([
      { name: "Duane Jones", character: "Ben" },
      { name: "New Face", character: null },
    ]);
  });

  it("only saves a title through the list of its type, and a missing one is a 404", async () => {
    const show = await createTitle(ctx.db, buildSeries());
    const values = valuesFromTitle(show);
    expect((await failure(saveTitleFromEditor(ctx.db, actor, show.id, "movie", checked(values)))).status).toBe(404);
    expect((await failure(saveTitleFromEditor(ctx.db, actor, 999_999, "tv", checked(values, "tv")))).status).toBe(404);
    // The type cannot be switched from the form either.
    const saved = await saveTitleFromEditor(ctx.db, actor, show.id, "tv", checked({ ...values, type: "movie" }, "tv"));
    expect(saved.type).toBe("tv");
    expect(saved.releases.map((r) => r.season)).toEqual(show.releases.map((r) => r.season));
  });

  it("moves a write's own field messages onto the editor's fields", async () => {
    const a = await createTitle(ctx.db, buildMovie());
    const b = await createTitle(ctx.db, buildMovie());
    const values = valuesFromTitle(a);
    const foreign = b.releases[0]!.files[0]!.links[0]!.id;
    const group = values.groups[0]!;
    const file = group.files[0]!;
    const stolen = { ...file.links[0]!, key: "stolen", id: foreign };
    const error = await failure(
      saveTitleFromEditor(
        ctx.db,
        actor,
        a.id,
        "movie",
        checked(
          {
            ...values,
            groups: [{ ...group, files: [{ ...file, links: [...file.links, stolen] }] }, ...values.groups.slice(1)],
          },
          "movie",
        ),
      ),
    );
    expect(error.status).toBe(400);
    expect(error.fields).toEqual({ "stolen.id": ["This link does not belong here"] });
    expect((await getTitle(ctx.db, b.id))!.releases[0]!.files[0]!.links[0]!.id).toBe(foreign);
    expect(await audit()).toEqual([]);
  });

  it("audits each granular delete with what went", async () => {
    const show = await addTitle(ctx.db, actor, buildSeries({ title: "Holmes", screenshots: ["https://images.example/s.jpg"] }));
    const season = show.releases[0]!;
    const link = season.files[0]!.links[0]!;
    const zip = season.zipLinks[0]!;
    await removeFromTitle(ctx.db, actor, show.id, "screenshot", show.screenshots[0]!.id);
    await removeFromTitle(ctx.db, actor, show.id, "link", link.id);
    await removeFromTitle(ctx.db, actor, show.id, "zip", zip.id);
    await removeFromTitle(ctx.db, actor, show.id, "release", show.releases[1]!.id);
    await removeFromTitle(ctx.db, actor, show.id, "title", show.id);
    const entries = (await audit()).reverse();
    expect(entries.map((e) => [e.action, e.entityType, e.entityId])).toEqual([
      ["title.create", "title", show.id],
      ["screenshot.delete", "title", show.id],
      ["link.delete", "link", link.id],
      ["zip.delete", "link", zip.id],
      ["release.delete", "title", show.id],
      ["title.delete", "title", show.id],
    ]);
    expect(entries.slice(1).map((e) => e.summary)).toEqual([
      "Deleted a screenshot of “Holmes”",
      `Deleted the link “${link.label}” of “Holmes”`,
      `Deleted the zip link “${zip.label}” of “Holmes”`,
      `Deleted the ${show.releases[1]!.season} ${show.releases[1]!.quality} downloads of “Holmes”`,
      "Deleted the TV show “Holmes”",
    ]);
    expect(await getTitle(ctx.db, show.id)).toBeNull();
    // Deleting what is gone says so and logs nothing.
    expect((await failure(removeFromTitle(ctx.db, actor, show.id, "title", show.id))).status).toBe(404);
    expect(await audit()).toHaveLength(6);
  });

  it("saving the edit form untouched changes nothing and says so", async () => {
    for (const input of [buildMovie({ title: "Same" }), buildSeries({ title: "Same" })]) {
      const created = await createTitle(ctx.db, input);
      const saved = await saveTitleFromEditor(ctx.db, actor, created.id, created.type, checked(valuesFromTitle(created), created.type));
      // Screenshots are rewritten on every save (nothing refers to their ids); the rest keeps its ids.
      const comparable = (t: typeof saved) => ({ ...t, updatedAt: null, screenshots: t.screenshots.map((s) => s.url) });
      expect(comparable(saved)).toEqual(comparable(created));
      const [entry] = await audit();
      expect(entry).toMatchObject({ action: "title.update", summary: "Saved “Same” without changes" });
    }
  });
});
