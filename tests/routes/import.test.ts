import { expect, it, vi } from "vitest";
import { IMPORT_UPLOAD_LIMIT } from "#app/constants.ts";
import { listAudit } from "#app/modules/audit/audit.server.ts";
import { getImportRun } from "#app/modules/catalogue/import.server.ts";
import { action as applyAction } from "#app/routes/admin/import-apply.ts";
import { loader as exportLoader } from "#app/routes/admin/export.ts";
import { action as uploadAction, CHOOSE_FILE, loader as importLoader } from "#app/routes/admin/import.tsx";
import { callAdminRoute, signIn } from "#tests/helpers/admin.ts";
import { describeEachDatabase } from "#tests/helpers/database.ts";

const CSV = "type,title,quality,file_title,link_label,link_url\nmovie,Upload Film,720p,Upload Film 720p,gdrive,https://x.example/1\n";

function upload(text: string | Uint8Array | null, name = "catalogue.csv", format = "auto") {
  const form = new FormData();
  form.set("format", format);
  if (text !== null) form.set("file", new File([text as BlobPart], name, { type: "text/csv" }));
  return form;
}

describeEachDatabase("the admin Import screen (/dashboard/import)", (ctx) => {
  it("says what same-named titles without ids are: a problem to resolve, or the operator's choice applied (issue 30)", async () => {
    const { cookie } = await signIn(ctx.db);
    const runOf = async (duplicates: string) => {
      const form = upload(CSV);
      form.set("duplicates", duplicates);
      const response = await callAdminRoute(uploadAction, ctx.db, { path: "/dashboard/import", cookie, body: form });
      const id = new URL(response.headers.get("Location")!, "http://x").searchParams.get("run");
      return (await callAdminRoute(importLoader, ctx.db, { path: `/dashboard/import?run=${id}`, cookie })).body as {
        run: { canApply: boolean; plan: { counts: { titles: object }; errors: { message: string }[] } };
      };
    };
    await ctx.db
      .insertInto("titles")
      .values({
        type: "movie",
        title: "Upload Film",
        slug: "upload-film",
        created_at: "2026-01-01",
        updated_at: "2026-01-01",
        uploaded_at: "2026-01-01",
      })
      .execute();
    const asked = await runOf("ask");
    expect(asked.run.canApply).toBe(false);
    expect(asked.run.plan.errors[0]!.message).toMatch(/^Possible duplicate of #\d+ “Upload Film” \(upload-film\)/);
    expect((await runOf("update")).run).toMatchObject({ canApply: true, plan: { counts: { titles: { create: 0, update: 1 } } } });
    expect((await runOf("add")).run).toMatchObject({ canApply: true, plan: { counts: { titles: { create: 1, update: 0 } } } });
  });

  it("checks an upload (dry run), shows its counts and errors, then applies it in the background with progress", async () => {
    const { cookie } = await signIn(ctx.db);
    const bad = await callAdminRoute(uploadAction, ctx.db, {
      path: "/dashboard/import",
      cookie,
      body: upload(`${CSV}movie,Broken,720p,B 720p,gdrive,ftp://nope\n`),
    });
    expect(bad.status).toBe(302);
    const badId = Number(new URL(bad.headers.get("Location")!, "http://x").searchParams.get("run"));
    const badPage = await callAdminRoute(importLoader, ctx.db, { path: `/dashboard/import?run=${badId}`, cookie });
    expect(badPage.body).toMatchObject({
      run: { canApply: false, plan: { errors: [{ line: 3, field: "link_url", message: "Must be an http:// or https:// address" }] } },
    });
    const refused = await callAdminRoute(applyAction, ctx.db, {
      path: `/dashboard/import/${badId}/apply`,
      params: { id: String(badId) },
      cookie,
      form: {},
    });
    expect(refused.status).toBe(400);

    const good = await callAdminRoute(uploadAction, ctx.db, { path: "/dashboard/import", cookie, body: upload(CSV) });
    const id = Number(new URL(good.headers.get("Location")!, "http://x").searchParams.get("run"));
    const page = await callAdminRoute(importLoader, ctx.db, { path: `/dashboard/import?run=${id}`, cookie });
    expect(page.body).toMatchObject({ run: { status: "planned", canApply: true, plan: { counts: { titles: { create: 1 } } } } });
    expect(await ctx.db.selectFrom("titles").select("id").execute()).toEqual([]);

    const applied = await callAdminRoute(applyAction, ctx.db, {
      path: `/dashboard/import/${id}/apply`,
      params: { id: String(id) },
      cookie,
      form: {},
    });
    expect(applied.status).toBe(302);
    expect(applied.headers.get("Location")).toBe(`/dashboard/import?run=${id}`);
    await vi.waitFor(async () => expect((await getImportRun(ctx.db, id))?.status).toBe("done"), { timeout: 10_000 });
    expect(await ctx.db.selectFrom("titles").select("title").execute()).toEqual([{ title: "Upload Film" }]);
    const audit = await listAudit(ctx.db, { entityType: "import" });
    expect(audit.items[0]).toMatchObject({
      action: "catalogue.import",
      summary: "Imported catalogue.csv: 1 title added, 0 updated, 0 unchanged",
    });

    // Applying again (a double click, a second tab) changes nothing.
    const again = await callAdminRoute(applyAction, ctx.db, {
      path: `/dashboard/import/${id}/apply`,
      params: { id: String(id) },
      cookie,
      form: {},
    });
    expect(again.status).toBe(302);
    expect(await ctx.db.selectFrom("titles").select("title").execute()).toHaveLength(1);
  });

  it("refuses a post without a file, an oversized file and an id list when TMDB is not configured, with a clear message", async () => {
    const { cookie } = await signIn(ctx.db);
    const none = await callAdminRoute(uploadAction, ctx.db, { path: "/dashboard/import", cookie, body: upload(null) });
    expect(none).toMatchObject({ status: 400, body: { ok: false, error: CHOOSE_FILE, fields: { file: [CHOOSE_FILE] } } });
    const huge = await callAdminRoute(uploadAction, ctx.db, {
      path: "/dashboard/import",
      cookie,
      body: upload("x".repeat(IMPORT_UPLOAD_LIMIT + 1)),
    });
    expect(huge).toMatchObject({ status: 413, body: { ok: false, error: expect.stringContaining("larger than 8 MB") } });
    const ids = await callAdminRoute(uploadAction, ctx.db, { path: "/dashboard/import", cookie, body: upload("603\n", "ids.txt") });
    expect(ids).toMatchObject({ status: 503, body: { ok: false, error: expect.stringContaining("TMDB is not configured") } });
    const notForm = await callAdminRoute(uploadAction, ctx.db, {
      path: "/dashboard/import",
      cookie,
      body: "{}",
      contentType: "application/json",
    });
    expect(notForm.status).toBe(415);
  });

  it("refuses an upload that is not UTF-8 with the line of its first bad byte, as the command line does (issue 30)", async () => {
    const { cookie } = await signIn(ctx.db);
    const latin1 = Buffer.concat([
      Buffer.from(`${CSV}movie,Caf`),
      Buffer.from([0xe9]),
      Buffer.from(",720p,C 720p,gdrive,https://x.example/2\n"),
    ]);
    const answer = await callAdminRoute(uploadAction, ctx.db, { path: "/dashboard/import", cookie, body: upload(latin1) });
    const message = "line 3: This line is not UTF-8 text; save the file as UTF-8.";
    expect(answer).toMatchObject({ status: 400, body: { ok: false, error: message, fields: { file: [message] } } });
  });

  it("downloads the catalogue as the JSON export and records it", async () => {
    const { cookie } = await signIn(ctx.db);
    await callAdminRoute(uploadAction, ctx.db, { path: "/dashboard/import", cookie, body: upload(CSV) });
    const answer = await callAdminRoute(exportLoader, ctx.db, { path: "/dashboard/export", cookie });
    expect(answer.status).toBe(200);
    expect(answer.headers.get("Content-Disposition")).toMatch(/^attachment; filename="cinedex-catalogue-\d{4}-\d{2}-\d{2}\.json"$/);
    expect((await listAudit(ctx.db, { entityType: "import" })).items[0]).toMatchObject({ action: "catalogue.export" });
  });

  it("without a session, nothing is read, checked or applied", async () => {
    const answer = await callAdminRoute(uploadAction, ctx.db, { path: "/dashboard/import", body: upload(CSV) });
    expect(answer.status).toBe(302);
    expect(answer.headers.get("Location")).toBe("/admin");
    expect(await ctx.db.selectFrom("import_runs").select("id").execute()).toEqual([]);
  });
});
