import { Writable } from "node:stream";
import pino from "pino";
import { beforeEach, expect, it } from "vitest";
import type { Db } from "#app/db/client.server.ts";
import { listAudit } from "#app/modules/audit/audit.server.ts";
import { createRateLimits } from "#app/modules/limits/limiter.server.ts";
import { AppError } from "#app/utils/errors.ts";
import { describeEachDatabase } from "#tests/helpers/database.ts";
import {
  changePassword,
  countAdmins,
  createAdmin,
  createFirstAdmin,
  resetPassword,
  setAdminDisabled,
  setAdminRole,
} from "./accounts.server.ts";
import { login } from "./login.server.ts";
import { ACCOUNT_FAILURE_LIMIT, BURST_EMAIL_CHECKS, lockDuration } from "./policy.ts";
import { LOGIN_FAILED, PASSWORD_TOO_LONG, PASSWORD_TOO_SHORT } from "./schema.ts";
import { createSession, deleteSession, readSession } from "./sessions.server.ts";

const PASSWORD = "correct horse battery";

function capturingLogger() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _enc, done) {
      lines.push(String(chunk));
      done();
    },
  });
  return { logger: pino({ level: "info" }, stream), lines };
}

async function newAdmin(db: Db, email = "ann@example.com", password = PASSWORD, role: "admin" | "editor" = "admin") {
  return createAdmin(db, null, { name: "Ann", email, password, confirmPassword: password, role });
}

async function caught(promise: Promise<unknown>): Promise<AppError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error("expected an AppError");
}

const silent = pino({ level: "silent" });
/** The shared limits, fresh for each test (the lock itself is counted in the database, which each test empties). */
let limits = createRateLimits({ kind: "memory" });
beforeEach(() => {
  limits = createRateLimits({ kind: "memory" });
});
const attempt = (db: Db, email: string, password: string, client = "203.0.113.7", logger = silent) =>
  login(db, logger, { email, password, remember: false, client, limits });

/** Moves every recorded sign-in attempt (and password change) back in time, as if that long had passed. */
async function age(db: Db, ms: number) {
  for (const admin of await db.selectFrom("admins").select(["id", "password_changed_at"]).execute()) {
    const at = new Date(Date.parse(admin.password_changed_at) - ms).toISOString();
    await db.updateTable("admins").set({ password_changed_at: at }).where("id", "=", admin.id).execute();
  }
  const rows = await db.selectFrom("login_attempts").select(["id", "at"]).execute();
  for (const row of rows) {
    await db
      .updateTable("login_attempts")
      .set({ at: new Date(Date.parse(row.at) - ms).toISOString() })
      .where("id", "=", row.id)
      .execute();
  }
}

describeEachDatabase("admin accounts", (ctx) => {
  it("stores argon2id hashes with OWASP's parameters and lowercased e-mail addresses", async () => {
    const admin = await newAdmin(ctx.db, "Ann@Example.COM");
    expect(admin.email).toBe("ann@example.com");
    const row = await ctx.db.selectFrom("admins").select("password_hash").where("id", "=", admin.id).executeTakeFirstOrThrow();
    expect(row.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(row.password_hash).not.toContain(PASSWORD);
    const duplicate = await caught(newAdmin(ctx.db, "ANN@example.com"));
    expect(duplicate.status).toBe(409);
  });

  it("allows the first-run setup only while there is no account", async () => {
    const input = { name: "Root", email: "root@example.com", password: PASSWORD, confirmPassword: PASSWORD };
    await createFirstAdmin(ctx.db, input);
    expect(await countAdmins(ctx.db)).toBe(1);
    const again = await caught(createFirstAdmin(ctx.db, { ...input, email: "other@example.com" }));
    expect(again.status).toBe(409);
    expect(await countAdmins(ctx.db)).toBe(1);
  });

  it("asks for 8 to 256 characters and never truncates", async () => {
    expect((await caught(newAdmin(ctx.db, "a@example.com", "seven77"))).message).toBe(PASSWORD_TOO_SHORT);
    expect((await caught(newAdmin(ctx.db, "b@example.com", "x".repeat(257)))).message).toBe(PASSWORD_TOO_LONG);
    // 256 code points of four UTF-8 bytes each: accepted, and every one of them counts.
    const long = "🎬".repeat(255) + "a";
    await newAdmin(ctx.db, "c@example.com", long);
    await expect(attempt(ctx.db, "c@example.com", "🎬".repeat(255) + "b")).rejects.toThrow(LOGIN_FAILED);
    await expect(attempt(ctx.db, "c@example.com", long)).resolves.toMatchObject({ admin: { email: "c@example.com" } });
  });
});

describeEachDatabase("admin sign-in", (ctx) => {
  it("gives an unknown address and a wrong password the same answer, and logs every attempt without the password", async () => {
    await newAdmin(ctx.db);
    const { logger, lines } = capturingLogger();
    const unknown = await caught(attempt(ctx.db, "nobody@example.com", "secret-guess-1", "198.51.100.1", logger));
    const wrong = await caught(attempt(ctx.db, "ann@example.com", "secret-guess-2", "198.51.100.1", logger));
    expect([unknown.status, unknown.message]).toEqual([401, LOGIN_FAILED]);
    expect([wrong.status, wrong.message]).toEqual([401, LOGIN_FAILED]);
    const ok = await login(ctx.db, logger, {
      email: " ANN@example.com ",
      password: PASSWORD,
      remember: "on",
      client: "198.51.100.1",
      limits,
    });
    expect(ok.persistent).toBe(true);

    const attempts = await ctx.db.selectFrom("login_attempts").select(["email", "client", "outcome", "admin_id"]).orderBy("id").execute();
    expect(attempts.map((a) => [a.email, a.client, a.outcome, a.admin_id !== null])).toEqual([
      ["nobody@example.com", "198.51.100.1", "failure", false],
      ["ann@example.com", "198.51.100.1", "failure", true],
      ["ann@example.com", "198.51.100.1", "success", true],
    ]);
    const log = lines.join("");
    expect(log).toContain('"outcome":"failure"');
    expect(log).toContain('"outcome":"success"');
    for (const secret of ["secret-guess-1", "secret-guess-2", PASSWORD]) expect(log).not.toContain(secret);
  });

  it("locks an account after 5 failures in 15 minutes, even for the right password, for a delay that doubles", async () => {
    await newAdmin(ctx.db);
    for (let i = 0; i < 5; i++) await expect(attempt(ctx.db, "ann@example.com", `wrong-${i}`)).rejects.toThrow(LOGIN_FAILED);
    const locked = await caught(attempt(ctx.db, "ann@example.com", PASSWORD));
    expect(locked.status).toBe(429);
    expect(locked.message).toBe("Too many failed attempts. Please try again in 1 minute.");

    // After the first delay one more try is allowed; failing it locks for twice as long.
    await age(ctx.db, lockDuration(5) + 1_000);
    await expect(attempt(ctx.db, "ann@example.com", "wrong-again")).rejects.toThrow(LOGIN_FAILED);
    const longer = await caught(attempt(ctx.db, "ann@example.com", PASSWORD));
    expect(longer.message).toBe("Too many failed attempts. Please try again in 2 minutes.");
    expect(lockDuration(6)).toBe(2 * lockDuration(5));

    await age(ctx.db, lockDuration(6) + 1_000);
    await expect(attempt(ctx.db, "ann@example.com", PASSWORD)).resolves.toMatchObject({ admin: { email: "ann@example.com" } });
    // A success starts the count again.
    await expect(attempt(ctx.db, "ann@example.com", "wrong")).rejects.toThrow(LOGIN_FAILED);
  });

  it("locks unknown addresses the same way, so a lock reveals nothing", async () => {
    for (let i = 0; i < 5; i++) await expect(attempt(ctx.db, "ghost@example.com", `wrong-${i}`)).rejects.toThrow(LOGIN_FAILED);
    expect((await caught(attempt(ctx.db, "ghost@example.com", "x"))).status).toBe(429);
  });

  it("ignores failures older than the 15-minute window", async () => {
    await newAdmin(ctx.db);
    for (let i = 0; i < 4; i++) await expect(attempt(ctx.db, "ann@example.com", `wrong-${i}`)).rejects.toThrow(LOGIN_FAILED);
    await age(ctx.db, 16 * 60_000);
    await expect(attempt(ctx.db, "ann@example.com", "wrong-5")).rejects.toThrow(LOGIN_FAILED);
    await expect(attempt(ctx.db, "ann@example.com", PASSWORD)).resolves.toBeTruthy();
  });

  it("lifts a lock when the operator resets the password", async () => {
    await newAdmin(ctx.db);
    for (let i = 0; i < 5; i++) await expect(attempt(ctx.db, "ann@example.com", `wrong-${i}`)).rejects.toThrow(LOGIN_FAILED);
    await resetPassword(ctx.db, "ann@example.com", "a brand new passphrase");
    await expect(attempt(ctx.db, "ann@example.com", PASSWORD)).rejects.toThrow(LOGIN_FAILED);
    await expect(attempt(ctx.db, "ann@example.com", "a brand new passphrase")).resolves.toBeTruthy();
  });

  it("throttles one client after 20 failures whatever the accounts, and not other clients", async () => {
    await newAdmin(ctx.db);
    for (let i = 0; i < 20; i++)
      await expect(attempt(ctx.db, `spray-${i}@example.com`, "guess", "192.0.2.50")).rejects.toThrow(LOGIN_FAILED);
    const throttled = await caught(attempt(ctx.db, "ann@example.com", PASSWORD, "192.0.2.50"));
    expect(throttled.status).toBe(429);
    await expect(attempt(ctx.db, "ann@example.com", PASSWORD, "192.0.2.51")).resolves.toBeTruthy();
  });

  it("a burst of parallel guesses for one address gets at most 10 password checks, the rest the lock's answer", async () => {
    await newAdmin(ctx.db);
    const results = await Promise.all(
      Array.from({ length: 30 }, (_, i) => caught(attempt(ctx.db, "ann@example.com", `burst-${i}`, `198.51.100.${i + 1}`))),
    );
    const checked = results.filter((e) => e.status === 401).length;
    expect(checked).toBeGreaterThanOrEqual(ACCOUNT_FAILURE_LIMIT);
    expect(checked).toBeLessThanOrEqual(BURST_EMAIL_CHECKS);
    for (const e of results.filter((r) => r.status !== 401)) {
      expect(e.status).toBe(429);
      expect(e.message).toMatch(/^Too many failed attempts\. Please try again in \d+ minutes?\.$/);
    }
  });

  it("refuses a disabled account with the usual message", async () => {
    const admin = await newAdmin(ctx.db);
    await newAdmin(ctx.db, "bob@example.com");
    await setAdminDisabled(ctx.db, { id: null, name: "test" }, admin.id, true);
    await expect(attempt(ctx.db, "ann@example.com", PASSWORD)).rejects.toThrow(LOGIN_FAILED);
  });
});

describeEachDatabase("admin sessions", (ctx) => {
  it("keeps only a hash of the token and ends on logout", async () => {
    const admin = await newAdmin(ctx.db);
    const { token } = await attempt(ctx.db, "ann@example.com", PASSWORD);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const rows = await ctx.db.selectFrom("admin_sessions").select("id").execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.id).not.toContain(token);
    expect((await readSession(ctx.db, token))?.admin.id).toBe(admin.id);
    await deleteSession(ctx.db, token);
    expect(await readSession(ctx.db, token)).toBeNull();
  });

  it("lasts 12 hours without Remember me and 30 days with it", async () => {
    const admin = await newAdmin(ctx.db);
    const now = new Date("2026-11-22T10:00:00.000Z");
    const short = await createSession(ctx.db, admin.id, { persistent: false, now });
    const long = await createSession(ctx.db, admin.id, { persistent: true, now });
    expect(Date.parse(short.expiresAt) - now.getTime()).toBe(12 * 3600_000);
    expect(Date.parse(long.expiresAt) - now.getTime()).toBe(30 * 86_400_000);
    // Used every hour, the browser session still ends at 12 hours; the remembered one goes on.
    for (let h = 1; h <= 11; h++) expect(await readSession(ctx.db, short.token, new Date(now.getTime() + h * 3600_000))).not.toBeNull();
    const at12h = new Date(now.getTime() + 12 * 3600_000 + 1);
    expect(await readSession(ctx.db, short.token, at12h)).toBeNull();
    expect(await readSession(ctx.db, long.token, at12h)).not.toBeNull();
    expect(await readSession(ctx.db, long.token, new Date(now.getTime() + 31 * 86_400_000))).toBeNull();
    // An ended session's row is gone, not just refused.
    expect(await ctx.db.selectFrom("admin_sessions").select("id").execute()).toHaveLength(0);
  });

  it("ends a browser session idle for 2 hours, a remembered one only after 7 days", async () => {
    const admin = await newAdmin(ctx.db);
    const now = new Date("2026-11-22T10:00:00.000Z");
    const short = await createSession(ctx.db, admin.id, { persistent: false, now });
    const long = await createSession(ctx.db, admin.id, { persistent: true, now });
    const later = new Date(now.getTime() + 2 * 3600_000 + 1);
    expect(await readSession(ctx.db, short.token, later)).toBeNull();
    expect(await readSession(ctx.db, long.token, later)).not.toBeNull();
  });

  it("ends the sessions of a disabled account, and refuses to disable the last Administrator", async () => {
    const ann = await newAdmin(ctx.db);
    const actor = { id: ann.id, name: "Ann" };
    const lone = await caught(setAdminDisabled(ctx.db, actor, ann.id, true));
    expect(lone.status).toBe(409);
    expect((await caught(setAdminRole(ctx.db, actor, ann.id, "editor"))).status).toBe(409);
    const bob = await newAdmin(ctx.db, "bob@example.com", PASSWORD, "editor");
    const { token } = await attempt(ctx.db, "bob@example.com", PASSWORD);
    await setAdminDisabled(ctx.db, actor, bob.id, true);
    expect(await readSession(ctx.db, token)).toBeNull();
    const log = await listAudit(ctx.db);
    expect(log.items[0]).toMatchObject({ action: "account.disable", actor: "Ann", entityId: bob.id, summary: "Disabled bob@example.com" });
  });

  it("changing the password needs the current one and ends the admin's other sessions only", async () => {
    await newAdmin(ctx.db);
    const here = await attempt(ctx.db, "ann@example.com", PASSWORD);
    const elsewhere = await attempt(ctx.db, "ann@example.com", PASSWORD, "198.51.100.9");
    const current = (await readSession(ctx.db, here.token))!;

    const wrong = await caught(
      changePassword(ctx.db, current.admin, current.sessionId, {
        currentPassword: "nope",
        newPassword: "another passphrase",
        confirmPassword: "another passphrase",
      }),
    );
    expect(wrong.fields).toEqual({ currentPassword: ["Current password is incorrect"] });
    const mismatch = await caught(
      changePassword(ctx.db, current.admin, current.sessionId, {
        currentPassword: PASSWORD,
        newPassword: "another passphrase",
        confirmPassword: "different",
      }),
    );
    expect(mismatch.fields?.confirmPassword).toEqual(["New passwords don't match!"]);
    const short = await caught(
      changePassword(ctx.db, current.admin, current.sessionId, {
        currentPassword: PASSWORD,
        newPassword: "short",
        confirmPassword: "short",
      }),
    );
    expect(short.fields?.newPassword).toEqual([PASSWORD_TOO_SHORT]);

    await changePassword(ctx.db, current.admin, current.sessionId, {
      currentPassword: PASSWORD,
      newPassword: "another passphrase",
      confirmPassword: "another passphrase",
    });
    expect(await readSession(ctx.db, here.token)).not.toBeNull();
    expect(await readSession(ctx.db, elsewhere.token)).toBeNull();
    await expect(attempt(ctx.db, "ann@example.com", PASSWORD)).rejects.toThrow(LOGIN_FAILED);
    await expect(attempt(ctx.db, "ann@example.com", "another passphrase")).resolves.toBeTruthy();
    expect((await listAudit(ctx.db)).items[0]).toMatchObject({ action: "account.password", actor: "Ann" });
  });
});

describeEachDatabase("audit log", (ctx) => {
  it("lists newest first with paging", async () => {
    for (let i = 1; i <= 30; i++) await newAdmin(ctx.db, `user${i}@example.com`);
    const first = await listAudit(ctx.db, { page: 1, perPage: 25 });
    expect(first.total).toBe(30);
    expect(first.totalPages).toBe(2);
    expect(first.items[0]!.summary).toBe("Added Administrator user30@example.com");
    const second = await listAudit(ctx.db, { page: 2, perPage: 25 });
    expect(second.items.map((e) => e.summary).at(-1)).toBe("Added Administrator user1@example.com");
  });
});
