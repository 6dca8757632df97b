import { expect, it } from "vitest";
import { buildMovie } from "#tests/factories/titles.ts";
import { callAdminRoute, signIn } from "#tests/helpers/admin.ts";
import { describeEachDatabase } from "#tests/helpers/database.ts";
import { createTitle } from "#app/modules/catalogue/write.server.ts";
import { BOOST_OUT_OF_RANGE, getSearchBoost } from "#app/modules/search/popularity.server.ts";
import { searchCatalogue } from "#app/modules/catalogue/search.server.ts";
import { action as boostAction } from "#app/routes/admin/title-search-boost.ts";

describeEachDatabase("the title editor's search boost", (ctx) => {
  const post = (cookie: string | undefined, id: number | string, form: Record<string, string>) =>
    callAdminRoute(boostAction, ctx.db, { path: `/dashboard/titles/${id}/search-boost`, params: { id: String(id) }, cookie, form });

  it("pins a title first among equal matches, audited; bad values are refused with the field's message", async () => {
    const { cookie } = await signIn(ctx.db, "editor");
    const older = await createTitle(ctx.db, buildMovie({ title: "Psycho", releaseDate: "1960-06-16", rating: 8.5 }));
    const remake = await createTitle(ctx.db, buildMovie({ title: "Psycho", releaseDate: "1998-12-04", rating: 4.6 }));
    const first = async () => (await searchCatalogue(ctx.db, { text: "psycho" })).items[0]!.id;
    expect(await first()).toBe(older.id);

    const saved = await post(cookie, remake.id, { boost: "100" });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ ok: true, message: "Search boost set to 100", boost: 100 });
    expect(await first()).toBe(remake.id);
    expect(await getSearchBoost(ctx.db, remake.id)).toBe(100);
    const audit = await ctx.db.selectFrom("audit_log").select(["action", "entity_id"]).where("action", "=", "title.search-boost").execute();
    expect(audit).toEqual([{ action: "title.search-boost", entity_id: remake.id }]);

    for (const boost of ["101", "-1", "1.5", "lots", ""]) {
      const refused = await post(cookie, remake.id, { boost });
      expect(refused.status, boost).toBe(400);
      expect((refused.body as { fields: Record<string, string[]> }).fields.boost, boost).toEqual([BOOST_OUT_OF_RANGE]);
    }
    expect(await getSearchBoost(ctx.db, remake.id)).toBe(100);

    expect((await post(cookie, remake.id, { boost: "0" })).body).toMatchObject({ ok: true, message: "Search boost removed" });
    expect(await first()).toBe(older.id);
    expect((await post(cookie, 999_999, { boost: "5" })).status).toBe(404);
  });

  it("needs a signed-in admin", async () => {
    const movie = await createTitle(ctx.db, buildMovie({ title: "Psycho" }));
    const answer = await post(undefined, movie.id, { boost: "100" });
    expect([302, 303, 401, 403]).toContain(answer.status);
    expect(await getSearchBoost(ctx.db, movie.id)).toBe(0);
  });
});
