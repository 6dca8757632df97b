import type { z } from "zod";
import type { Selectable } from "kysely";
import type { Db } from "#app/db/client.server.ts";
import { toBool, toCount } from "#app/db/dialect.server.ts";
import type { AdminsTable } from "#app/db/schema.ts";
import { recordAudit, type Actor } from "#app/modules/audit/audit.server.ts";
import { inTransaction } from "#app/db/transaction.server.ts";
import { AppError } from "#app/utils/errors.ts";
import { hashPassword, verifyPassword } from "./password.server.ts";
import { BROWSER_SESSION_IDLE_MS, REMEMBERED_SESSION_IDLE_MS } from "./policy.ts";
import {
  changePasswordSchema,
  newAdminSchema,
  newPassword,
  normalizeEmail,
  preferencesSchema,
  type profileSchema,
  readPreferences,
  ROLE_LABELS,
  type Preferences,
  type Role,
} from "./schema.ts";
import type { Admin } from "./types.ts";
import { parseOrThrow } from "#app/utils/validation.ts";

export function toAdmin(row: Selectable<AdminsTable>): Admin {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    role: row.role,
    disabled: toBool(row.disabled),
    bio: row.bio,
    location: row.location,
    preferences: readPreferences(row.preferences),
    createdAt: row.created_at,
    passwordChangedAt: row.password_changed_at,
  };
}

export async function countAdmins(db: Db): Promise<number> {
  const row = await db
    .selectFrom("admins")
    .select((eb) => eb.fn.countAll().as("n"))
    .executeTakeFirstOrThrow();
  return toCount(row.n as number | string);
}

export async function findAdminByEmail(db: Db, email: string) {
  return db.selectFrom("admins").selectAll().where("email", "=", normalizeEmail(email)).executeTakeFirst();
}

export async function getAdmin(db: Db, id: number): Promise<Admin | null> {
  const row = await db.selectFrom("admins").selectAll().where("id", "=", id).executeTakeFirst();
  return row ? toAdmin(row) : null;
}

export async function listAdmins(db: Db): Promise<Admin[]> {
  const rows = await db.selectFrom("admins").selectAll().orderBy("created_at").orderBy("id").execute();
  return rows.map(toAdmin);
}

const EMAIL_TAKEN = "An account with this e-mail address already exists";

async function insertAdmin(db: Db, input: { name: string; email: string; password: string; role: Role }): Promise<Admin> {
  if (await findAdminByEmail(db, input.email)) throw new AppError(409, EMAIL_TAKEN, { fields: { email: [EMAIL_TAKEN] } });
  const now = new Date().toISOString();
  const row = await db
    .insertInto("admins")
    .values({
      email: input.email,
      name: input.name,
      role: input.role,
      password_hash: await hashPassword(input.password),
      disabled: false,
      created_at: now,
      updated_at: now,
      password_changed_at: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return toAdmin(row);
}

/**
 * The first account, from the one-time setup page: allowed only while there is no
 * account at all, checked inside the write transaction so two racing set-ups
 * cannot both succeed.
 */
export async function createFirstAdmin(db: Db, input: unknown): Promise<Admin> {
  const data = parseOrThrow(newAdminSchema, input);
  return inTransaction(db, async (trx) => {
    if ((await countAdmins(trx)) > 0) throw new AppError(409, "Setup is already complete. Sign in instead.");
    const admin = await insertAdmin(trx, { ...data, role: "admin" });
    await recordAudit(trx, actorOf(admin), {
      action: "account.create",
      entityType: "account",
      entityId: admin.id,
      summary: `Created the first account, ${admin.email}`,
    });
    return admin;
  });
}

/** An account added by an Administrator on the Users screen, or by the CLI (actor null). */
export async function createAdmin(db: Db, actor: Actor | null, input: unknown): Promise<Admin> {
  const data = parseOrThrow(newAdminSchema, input);
  return inTransaction(db, async (trx) => {
    const admin = await insertAdmin(trx, data);
    await recordAudit(trx, actor ?? actorOf(admin), {
      action: "account.create",
      entityType: "account",
      entityId: admin.id,
      summary: `Added ${ROLE_LABELS[admin.role]} ${admin.email}`,
    });
    return admin;
  });
}

export function actorOf(admin: Pick<Admin, "id" | "name" | "email">): Actor {
  return { id: admin.id, name: admin.name || admin.email };
}

/** Sets a new password and ends every session of the account except `keepSessionId`. */
async function setPassword(db: Db, adminId: number, password: string, keepSessionId: string | null) {
  const now = new Date().toISOString();
  await db
    .updateTable("admins")
    .set({ password_hash: await hashPassword(password), password_changed_at: now, updated_at: now })
    .where("id", "=", adminId)
    .execute();
  let sessions = db.deleteFrom("admin_sessions").where("admin_id", "=", adminId);
  if (keepSessionId) sessions = sessions.where("id", "!=", keepSessionId);
  await sessions.execute();
}

/** The Security tab: needs the current password; the admin's other sessions end. */
export async function changePassword(db: Db, admin: Admin, sessionId: string, input: unknown): Promise<void> {
  const data = parseOrThrow(changePasswordSchema, input);
  const row = await db.selectFrom("admins").select("password_hash").where("id", "=", admin.id).executeTakeFirstOrThrow();
  if (!(await verifyPassword(row.password_hash, data.currentPassword))) {
    const message = "Current password is incorrect";
    throw new AppError(400, message, { fields: { currentPassword: [message] } });
  }
  await inTransaction(db, async (trx) => {
    await setPassword(trx, admin.id, data.newPassword, sessionId);
    await recordAudit(trx, actorOf(admin), {
      action: "account.password",
      entityType: "account",
      entityId: admin.id,
      summary: "Changed their password; other sessions were signed out",
    });
  });
}

/** The operator's reset (CLI): every session of the account ends, and any lockout lifts. */
export async function resetPassword(db: Db, email: string, password: string): Promise<Admin> {
  const checked = newPassword.safeParse(password);
  if (!checked.success) throw new AppError(400, checked.error.issues[0]!.message);
  const row = await findAdminByEmail(db, email);
  if (!row) throw new AppError(404, `No account with the e-mail address ${normalizeEmail(email)}`);
  await inTransaction(db, async (trx) => {
    await setPassword(trx, row.id, password, null);
    await recordAudit(
      trx,
      { id: null, name: "Operator (command line)" },
      {
        action: "account.password",
        entityType: "account",
        entityId: row.id,
        summary: `Reset the password of ${row.email}`,
      },
    );
  });
  return toAdmin(row);
}

/** The Profile tab's save, with the form's input as its schema parsed it (profileSchema). */
export async function updateProfile(db: Db, admin: Admin, data: z.output<typeof profileSchema>): Promise<Admin> {
  if (data.email !== admin.email && (await findAdminByEmail(db, data.email))) {
    throw new AppError(409, EMAIL_TAKEN, { fields: { email: [EMAIL_TAKEN] } });
  }
  return inTransaction(db, async (trx) => {
    const row = await trx
      .updateTable("admins")
      .set({ name: data.name, email: data.email, bio: data.bio, location: data.location, updated_at: new Date().toISOString() })
      .where("id", "=", admin.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    const changed = (["name", "email", "bio", "location"] as const).filter((k) => data[k] !== admin[k]);
    if (changed.length) {
      await recordAudit(trx, actorOf(row), {
        action: "account.update",
        entityType: "account",
        entityId: admin.id,
        summary: `Updated their profile (${changed.join(", ")})`,
      });
    }
    return toAdmin(row);
  });
}

/** Theme and notification choices; not audited (they change nothing anyone else sees). */
export async function updatePreferences(db: Db, admin: Admin, patch: unknown): Promise<Preferences> {
  const merged = parseOrThrow(preferencesSchema, { ...admin.preferences, ...(patch as object) });
  await db
    .updateTable("admins")
    .set({ preferences: JSON.stringify(merged), updated_at: new Date().toISOString() })
    .where("id", "=", admin.id)
    .execute();
  return merged;
}

export const CANNOT_DISABLE_SELF = "You cannot disable your own account. Another Administrator can.";
export const CANNOT_CHANGE_OWN_ROLE = "You cannot change your own role. Another Administrator can.";

/** Enabled Administrators other than account `id`: none left means `id` is the last one who can manage users. */
async function otherActiveAdministrators(trx: Db, id: number): Promise<number> {
  const others = await trx
    .selectFrom("admins")
    .select((eb) => eb.fn.countAll().as("n"))
    .where("role", "=", "admin")
    .where("disabled", "=", false)
    .where("id", "!=", id)
    .executeTakeFirstOrThrow();
  return toCount(others.n as number | string);
}

/** What other modules hold for an account and end when it is disabled; returns how many it revoked. */
export type RevokeOnDisable = (trx: Db, adminId: number) => Promise<number>;

/**
 * Disables or re-enables an account. A disabled account's sessions end at once, and
 * `revoke` ends what it made elsewhere: the API module passes its tokens' revocation
 * (api/accounts.server.ts, ADR 034), so auth does not import the API. Re-enabling
 * brings back neither.
 * The last enabled Administrator cannot be disabled (nobody could manage users),
 * and nobody disables their own account (the panel would lock them out mid-action).
 */
export async function setAdminDisabled(
  db: Db,
  actor: Actor,
  id: number,
  disabled: boolean,
  revoke: RevokeOnDisable = async () => 0,
): Promise<Admin> {
  return inTransaction(db, async (trx) => {
    const row = await trx.selectFrom("admins").selectAll().where("id", "=", id).executeTakeFirst();
    if (!row) throw new AppError(404, "No such account");
    if (disabled && row.role === "admin" && !toBool(row.disabled)) {
      if ((await otherActiveAdministrators(trx, id)) === 0) throw new AppError(409, "The last active Administrator cannot be disabled");
    }
    if (disabled && actor.id === id) throw new AppError(409, CANNOT_DISABLE_SELF);
    const updated = await trx
      .updateTable("admins")
      .set({ disabled, updated_at: new Date().toISOString() })
      .where("id", "=", id)
      .returningAll()
      .executeTakeFirstOrThrow();
    let tokens = 0;
    if (disabled) {
      await trx.deleteFrom("admin_sessions").where("admin_id", "=", id).execute();
      tokens = await revoke(trx, id);
    }
    const revoked = tokens ? ` and revoked the ${tokens === 1 ? "API token" : `${tokens} API tokens`} they made` : "";
    await recordAudit(trx, actor, {
      action: disabled ? "account.disable" : "account.enable",
      entityType: "account",
      entityId: id,
      summary: `${disabled ? "Disabled" : "Re-enabled"} ${row.email}${revoked}`,
      ...(tokens ? { details: { revokedTokens: tokens } } : {}),
    });
    return toAdmin(updated);
  });
}

/** Changes another account's role; the last enabled Administrator keeps theirs. */
export async function setAdminRole(db: Db, actor: Actor, id: number, role: Role): Promise<Admin> {
  return inTransaction(db, async (trx) => {
    const row = await trx.selectFrom("admins").selectAll().where("id", "=", id).executeTakeFirst();
    if (!row) throw new AppError(404, "No such account");
    if (row.role === role) return toAdmin(row);
    if (row.role === "admin") {
      if ((await otherActiveAdministrators(trx, id)) === 0)
        throw new AppError(409, "The last active Administrator must stay an Administrator");
    }
    if (actor.id === id) throw new AppError(409, CANNOT_CHANGE_OWN_ROLE);
    const updated = await trx
      .updateTable("admins")
      .set({ role, updated_at: new Date().toISOString() })
      .where("id", "=", id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await recordAudit(trx, actor, {
      action: "account.role",
      entityType: "account",
      entityId: id,
      summary: `Made ${row.email} ${ROLE_LABELS[role] === "Administrator" ? "an Administrator" : "an Editor"}`,
    });
    return toAdmin(updated);
  });
}

/**
 * Sessions of the account that can still be used: not past their lifetime and not
 * idle for too long (readSession removes the others when they are next presented).
 */
export async function countActiveSessions(db: Db, adminId: number, now = new Date()): Promise<number> {
  const at = now.getTime();
  const row = await db
    .selectFrom("admin_sessions")
    .select((eb) => eb.fn.countAll().as("n"))
    .where("admin_id", "=", adminId)
    .where("expires_at", ">", now.toISOString())
    .where((eb) =>
      eb.or([
        eb.and([eb("persistent", "=", true), eb("last_seen_at", ">", new Date(at - REMEMBERED_SESSION_IDLE_MS).toISOString())]),
        eb.and([eb("persistent", "=", false), eb("last_seen_at", ">", new Date(at - BROWSER_SESSION_IDLE_MS).toISOString())]),
      ]),
    )
    .executeTakeFirstOrThrow();
  return toCount(row.n as number | string);
}

/** "Sign out everywhere": every session of the account ends, this one included. */
export async function endAllSessions(db: Db, admin: Admin): Promise<number> {
  return inTransaction(db, async (trx) => {
    const result = await trx.deleteFrom("admin_sessions").where("admin_id", "=", admin.id).executeTakeFirst();
    const ended = Number(result.numDeletedRows);
    await recordAudit(trx, actorOf(admin), {
      action: "account.signout",
      entityType: "account",
      entityId: admin.id,
      summary: `Signed out everywhere (${ended} ${ended === 1 ? "session" : "sessions"})`,
    });
    return ended;
  });
}
