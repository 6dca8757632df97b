import { beforeEach, expect, it } from "vitest";
import { describeEachDatabase } from "#tests/helpers/database.ts";
import { insertReport, insertReportGroup } from "#tests/factories/inbox.ts";
import { buildMovie } from "#tests/factories/titles.ts";
import { listAudit, type Actor } from "#app/modules/audit/audit.server.ts";
import { actorOf, createAdmin } from "#app/modules/auth/accounts.server.ts";
import { titleEditorSchema, valuesFromTitle } from "#app/modules/catalogue/admin-form.ts";
import { removeFromTitle, saveTitleFromEditor } from "#app/modules/editorial/titles.server.ts";
import { createTitle } from "#app/modules/catalogue/write.server.ts";
import { countOpenReportsOnTitle, FIXED_FROM_EDITOR_NOTE, LINK_REPLACED_NOTE, markTitleReportsFixed } from "./fixes.server.ts";

describeEachDatabase("broken-link reports and the title editor", (ctx) => {
  let actor: Actor;
  beforeEach(async () => {
    const admin = await createAdmin(ctx.db, null, {
      name: "Fixer",
      email: "fixer@example.com",
      password: "a-long-password-1",
      confirmPassword: "a-long-password-1",
      role: "editor",
    });
    actor = actorOf(admin);
  });
  const report = (id: number) =>
    ctx.db.selectFrom("link_reports").select(["status", "resolution_note", "resolved_by"]).where("id", "=", id).executeTakeFirstOrThrow();

  it("closes reports whose link got a new address or was removed when the title is saved, and keeps the others open", async () => {
    const movie = await createTitle(ctx.db, buildMovie({ title: "Detour" }));
    const [a, b] = movie.releases[0]!.files[0]!.links;
    const c = movie.releases[1]!.files[0]!.links[0]!;
    const changed = await insertReportGroup(ctx.db, { contentName: "Detour", linkId: a!.id, linkUrl: a!.url, titleId: movie.id }, 1);
    const untouched = await insertReport(ctx.db, { contentName: "Detour", linkId: b!.id, linkUrl: b!.url, titleId: movie.id });
    const removed = await insertReport(ctx.db, { contentName: "Detour", linkId: c.id, linkUrl: c.url, titleId: movie.id });
    expect(await countOpenReportsOnTitle(ctx.db, movie.id)).toBe(3);

    const values = valuesFromTitle(movie);
    values.groups[0]!.files[0]!.links[0]!.url = "https://mirror.example/new-detour";
    values.groups = [values.groups[0]!];
    await saveTitleFromEditor(ctx.db, actor, movie.id, "movie", titleEditorSchema("movie").parse(values));

    expect(await report(changed.primaryId)).toEqual({ status: "fixed", resolution_note: LINK_REPLACED_NOTE, resolved_by: actor.id });
    expect((await report(changed.mergedIds[0]!)).status).toBe("fixed");
    expect(await report(removed)).toMatchObject({ status: "fixed", resolution_note: LINK_REPLACED_NOTE });
    expect((await report(untouched)).status).toBe("open");
    expect(await countOpenReportsOnTitle(ctx.db, movie.id)).toBe(1);

    const entries = (await listAudit(ctx.db, { perPage: 10 })).items;
    const closings = entries.filter((e) => e.action === "report.fixed");
    expect(closings.map((e) => [e.entityId, e.actor]).sort()).toEqual(
      [
        [changed.primaryId, "Fixer"],
        [removed, "Fixer"],
      ].sort(),
    );
    expect(closings.find((e) => e.entityId === changed.primaryId)!.summary).toBe(
      "Closed the broken-link report on “Detour” as fixed: its link was replaced",
    );
    expect(closings.find((e) => e.entityId === removed)!.summary).toContain("its link was deleted");
  });

  it("saving without touching a reported link leaves its report open", async () => {
    const movie = await createTitle(ctx.db, buildMovie({ title: "Stable" }));
    const a = movie.releases[0]!.files[0]!.links[0]!;
    const id = await insertReport(ctx.db, { contentName: "Stable", linkId: a.id, linkUrl: a.url, titleId: movie.id });
    const values = valuesFromTitle(movie);
    values.overview = "A new overview.";
    await saveTitleFromEditor(ctx.db, actor, movie.id, "movie", titleEditorSchema("movie").parse(values));
    expect((await report(id)).status).toBe("open");
  });

  it("closes a report when its link is deleted on its own from the editor", async () => {
    const movie = await createTitle(ctx.db, buildMovie({ title: "Gone" }));
    const a = movie.releases[0]!.files[0]!.links[0]!;
    const id = await insertReport(ctx.db, { contentName: "Gone", linkId: a.id, linkUrl: a.url, titleId: movie.id });
    await removeFromTitle(ctx.db, actor, movie.id, "link", a.id);
    expect(await report(id)).toMatchObject({ status: "fixed", resolution_note: LINK_REPLACED_NOTE });
  });

  it("marks every open report on a title fixed in one click, each group audited", async () => {
    const movie = await createTitle(ctx.db, buildMovie({ title: "Clicked" }));
    const other = await createTitle(ctx.db, buildMovie({ title: "Elsewhere" }));
    const [a, b] = movie.releases[0]!.files[0]!.links;
    const g1 = await insertReportGroup(ctx.db, { contentName: "Clicked", linkId: a!.id, linkUrl: a!.url, titleId: movie.id }, 2);
    const g2 = await insertReport(ctx.db, { contentName: "Clicked", linkId: b!.id, linkUrl: b!.url, titleId: movie.id });
    // Reported from the form: names the title, not a link.
    const g3 = await insertReport(ctx.db, { contentName: "Clicked", titleId: movie.id });
    const closedBefore = await insertReport(ctx.db, { contentName: "Clicked", linkId: a!.id, titleId: movie.id, status: "invalid" });
    const elsewhere = await insertReport(ctx.db, {
      contentName: "Elsewhere",
      linkId: other.releases[0]!.files[0]!.links[0]!.id,
      titleId: other.id,
    });

    expect(await countOpenReportsOnTitle(ctx.db, movie.id)).toBe(3);
    expect(await markTitleReportsFixed(ctx.db, actor, movie.id)).toBe(3);
    for (const id of [g1.primaryId, ...g1.mergedIds, g2, g3])
      expect(await report(id)).toMatchObject({ status: "fixed", resolution_note: FIXED_FROM_EDITOR_NOTE });
    expect((await report(closedBefore)).status).toBe("invalid");
    expect((await report(elsewhere)).status).toBe("open");
    expect(await countOpenReportsOnTitle(ctx.db, movie.id)).toBe(0);
    const fixed = (await listAudit(ctx.db, { perPage: 10 })).items.filter((e) => e.action === "report.fixed");
    expect(fixed.map((e) => e.entityId).sort((x, y) => x! - y!)).toEqual([g1.primaryId, g2, g3]);
  });
});
