import { expect, it } from "vitest";
import { describeEachDatabase } from "#tests/helpers/database.ts";
import { listAudit } from "#app/modules/audit/audit.server.ts";
import { AppError } from "#app/utils/errors.ts";
import {
  actorOf,
  CANNOT_CHANGE_OWN_ROLE,
  CANNOT_DISABLE_SELF,
  countActiveSessions,
  createAdmin,
  endAllSessions,
  getAdmin,
  setAdminDisabled,
  setAdminRole,
} from "./accounts.server.ts";
import { BROWSER_SESSION_IDLE_MS } from "./policy.ts";
import { createSession, readSession } from "./sessions.server.ts";

describeEachDatabase("account sessions and self-protection", (ctx) => {
  let n = 0;
  async function account(role: "admin" | "editor" = "admin") {
    n += 1;
    return createAdmin(ctx.db, null, {
      name: `Person ${n}`,
      email: `person-${n}@cinedex.test`,
      password: "long enough password",
      confirmPassword: "long enough password",
      role,
    });
  }

  it("count only the sessions that can still be used", async () => {
    const admin = await account();
    const other = await account();
    expect(await countActiveSessions(ctx.db, admin.id)).toBe(0);
    await createSession(ctx.db, admin.id, { persistent: false });
    await createSession(ctx.db, admin.id, { persistent: true });
    await createSession(ctx.db, other.id, { persistent: false });
    // Idle past the browser-session limit, though not yet past its lifetime.
    await createSession(ctx.db, admin.id, { persistent: false, now: new Date(Date.now() - BROWSER_SESSION_IDLE_MS - 60_000) });
    // Past its lifetime.
    await createSession(ctx.db, admin.id, { persistent: false, now: new Date(Date.now() - 13 * 3_600_000) });
    expect(await countActiveSessions(ctx.db, admin.id)).toBe(2);
    expect(await countActiveSessions(ctx.db, other.id)).toBe(1);
  });

  it("sign out everywhere: every session of the account ends, others' stay, and it is recorded", async () => {
    const admin = await account();
    const other = await account();
    const mine = [
      await createSession(ctx.db, admin.id, { persistent: false }),
      await createSession(ctx.db, admin.id, { persistent: true }),
    ];
    const theirs = await createSession(ctx.db, other.id, { persistent: false });

    expect(await endAllSessions(ctx.db, admin)).toBe(2);
    for (const session of mine) expect(await readSession(ctx.db, session.token)).toBeNull();
    expect((await readSession(ctx.db, theirs.token))?.admin.id).toBe(other.id);
    const audit = await listAudit(ctx.db, { entityType: "account" });
    expect(audit.items[0]).toMatchObject({
      adminId: admin.id,
      action: "account.signout",
      entityId: admin.id,
      summary: "Signed out everywhere (2 sessions)",
    });
  });

  it("refuse to let an admin disable themself or change their own role, changing nothing", async () => {
    const admin = await account();
    await account();
    const session = await createSession(ctx.db, admin.id, { persistent: false });

    const disabling = await setAdminDisabled(ctx.db, actorOf(admin), admin.id, true).catch((e: unknown) => e);
    expect(disabling).toBeInstanceOf(AppError);
    expect((disabling as AppError).message).toBe(CANNOT_DISABLE_SELF);
    const demoting = await setAdminRole(ctx.db, actorOf(admin), admin.id, "editor").catch((e: unknown) => e);
    expect((demoting as AppError).message).toBe(CANNOT_CHANGE_OWN_ROLE);

    expect(await getAdmin(ctx.db, admin.id)).toMatchObject({ disabled: false, role: "admin" });
    expect(await readSession(ctx.db, session.token)).not.toBeNull();
  });

  it("let an Administrator disable an Editor, which ends the Editor's sessions", async () => {
    const admin = await account();
    const editor = await account("editor");
    const session = await createSession(ctx.db, editor.id, { persistent: true });
    expect((await setAdminDisabled(ctx.db, actorOf(admin), editor.id, true)).disabled).toBe(true);
    expect(await readSession(ctx.db, session.token)).toBeNull();
    expect(await countActiveSessions(ctx.db, editor.id)).toBe(0);
  });
});
