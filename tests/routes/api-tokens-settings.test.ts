import { expect, it } from "vitest";
import { sql } from "kysely";
import { up as revokeOrphanTokens } from "#db/migrations/2026-11-28T1900_api_token_creators.ts";
import { authenticateApiToken, createApiToken, listApiTokens } from "#app/modules/api/tokens.server.ts";
import { TOKEN_CREATED, TOKEN_NOT_FOUND, TOKEN_REVOKED } from "#app/modules/api/tokens.ts";
import { listAudit } from "#app/modules/audit/audit.server.ts";
import { actorOf } from "#app/modules/auth/accounts.server.ts";
import { requireAdmin } from "#app/http/admin-guard.server.ts";
import { action as createAction, loader } from "#app/routes/admin/settings/api-tokens.tsx";
import { action as revokeAction } from "#app/routes/admin/settings/api-tokens-revoke.tsx";
import { callAdminRoute, signIn } from "#tests/helpers/admin.ts";
import { describeEachDatabase } from "#tests/helpers/database.ts";
import { routeArgs, routeContext } from "#tests/helpers/route.ts";

const PATH = "/dashboard/settings/api-tokens";

describeEachDatabase("Settings → API tokens", (ctx) => {
  async function create(cookie: string, form: Record<string, string>) {
    return callAdminRoute(createAction, ctx.db, { path: PATH, form, cookie });
  }

  it("creates a token whose secret is shown once and stored only as a hash, lists it with whose it is, and revokes it", async () => {
    const { admin, cookie } = await signIn(ctx.db, "admin");
    const created = await create(cookie, { name: "  import script ", scope: "catalogue:write", expiry: "30" });
    const body = created.body as { ok: boolean; message: string; secret: string; name: string };
    expect(body).toMatchObject({ ok: true, message: TOKEN_CREATED, name: "import script" });
    expect(body.secret).toMatch(/^cdx_[A-Za-z0-9_-]{43}$/);
    const rows = await ctx.db.selectFrom("api_tokens").selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(body.secret.slice(4));
    expect((await authenticateApiToken(ctx.db, body.secret)).ok).toBe(true);

    const listed = await callAdminRoute(loader, ctx.db, { path: PATH, cookie });
    const { tokens } = listed.body as {
      tokens: { id: number; name: string; prefix: string; expiresAt: string; lastUsedAt: string | null }[];
    };
    expect(tokens[0]).toMatchObject({
      name: "import script",
      prefix: body.secret.slice(0, 10),
      createdBy: { id: admin.id, name: admin.name, email: admin.email },
    });
    expect(JSON.stringify(listed.body)).not.toContain(body.secret);
    const days = (Date.parse(tokens[0]!.expiresAt) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThan(30.1);

    const revoked = await callAdminRoute(revokeAction, ctx.db, { path: `${PATH}/revoke`, form: { id: String(tokens[0]!.id) }, cookie });
    expect(revoked.body).toMatchObject({ ok: true, message: TOKEN_REVOKED });
    expect(await authenticateApiToken(ctx.db, body.secret)).toEqual({ ok: false, reason: "revoked" });
    const again = await callAdminRoute(revokeAction, ctx.db, { path: `${PATH}/revoke`, form: { id: String(tokens[0]!.id) }, cookie });
    expect(again.status).toBe(404);
    expect(again.body).toMatchObject({ ok: false, error: TOKEN_NOT_FOUND });
    expect((await listAudit(ctx.db, { entityType: "api-token" })).items.map((e) => e.action)).toEqual([
      "api-token.revoke",
      "api-token.create",
    ]);
  });

  it("refuses a token without a name or with an unknown scope, naming the field", async () => {
    const { cookie } = await signIn(ctx.db, "admin");
    const refused = await create(cookie, { name: " ", scope: "everything", expiry: "30" });
    expect(refused.status).toBe(400);
    expect((refused.body as { fields: Record<string, string[]> }).fields).toMatchObject({
      name: ["Please give the token a name."],
      scope: ["Please choose a scope."],
    });
    expect(await listApiTokens(ctx.db)).toEqual([]);
  });

  it("is for Administrators only", async () => {
    const { cookie } = await signIn(ctx.db, "editor");
    expect((await callAdminRoute(loader, ctx.db, { path: PATH, cookie })).status).toBe(403);
    expect((await create(cookie, { name: "x", scope: "read", expiry: "7" })).status).toBe(403);
  });

  it("never lets a token open an admin page", async () => {
    const { cookie } = await signIn(ctx.db, "admin");
    const { secret } = (await create(cookie, { name: "bot", scope: "catalogue:write", expiry: "never" })).body as { secret: string };
    const request = new Request(`http://localhost${PATH}`, { headers: { Authorization: `Bearer ${secret}` } });
    let reached = false;
    const answer = await Promise.resolve(
      requireAdmin(routeArgs(request, routeContext(ctx.db)), async () => {
        reached = true;
        return new Response(null);
      }),
    ).catch((thrown: unknown) => thrown);
    expect(reached).toBe(false);
    expect(answer).toBeInstanceOf(Response);
    expect((answer as Response).status).toBe(302);
  });

  it("revoked, when the rule came in, the tokens it already covered: no creator, or a disabled one", async () => {
    const { admin: kept } = await signIn(ctx.db, "admin");
    const { admin: disabled } = await signIn(ctx.db, "admin");
    const make = (admin: typeof kept, name: string) => createApiToken(ctx.db, actorOf(admin), { name, scope: "read", expiry: "never" });
    const [ok, orphan, off] = [await make(kept, "ok"), await make(kept, "orphan"), await make(disabled, "off")];
    await ctx.db.updateTable("api_tokens").set({ created_by: null }).where("id", "=", orphan.token.id).execute();
    await ctx.db.updateTable("admins").set({ disabled: true }).where("id", "=", disabled.id).execute();
    // The migration again, as on a database that had these rows before it.
    await sql`drop index api_tokens_created_by_idx`.execute(ctx.db);
    await revokeOrphanTokens(ctx.db);
    const byName = new Map((await listApiTokens(ctx.db)).map((t) => [t.name, t]));
    expect(byName.get("ok")?.revokedAt).toBeNull();
    expect(byName.get("orphan")?.revokedAt).not.toBeNull();
    expect(byName.get("off")?.revokedAt).not.toBeNull();
    expect((await authenticateApiToken(ctx.db, ok.secret)).ok).toBe(true);
    expect(await authenticateApiToken(ctx.db, off.secret)).toEqual({ ok: false, reason: "revoked" });
  });
});
