import type { Db } from "#app/db/client.server.ts";

/**
 * Admin accounts as other modules name them (the API's token creators, the inbox's
 * "resolved by"): auth owns the admins table, so they read it through these.
 */

/** Every account's public fields, as a derived table to join (both databases flatten it). */
export function adminRows(db: Db) {
  return db.selectFrom("admins").select(["id", "name", "email", "role", "disabled"]);
}

/** An account's name, or null when there is no such account. */
export async function adminName(db: Db, id: number): Promise<string | null> {
  return (await db.selectFrom("admins").select("name").where("id", "=", id).executeTakeFirst())?.name ?? null;
}
