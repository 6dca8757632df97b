import type { Db } from "#app/db/client.server.ts";

/**
 * One JSON value under a key of the settings table, for modules that keep their
 * own settings beside the site's (the inbox's operator notifications): the settings
 * module owns the table, so they read and write through these.
 */

/** The stored value, or undefined when there is none or it is not JSON. */
export async function readSettingValue(db: Db, key: string): Promise<unknown> {
  const row = await db.selectFrom("settings").select("value").where("key", "=", key).executeTakeFirst();
  if (!row) return undefined;
  try {
    return JSON.parse(row.value);
  } catch {
    return undefined;
  }
}

/** Stores the value as JSON, replacing any. */
export async function writeSettingValue(db: Db, key: string, value: unknown): Promise<void> {
  const row = { key, value: JSON.stringify(value), updated_at: new Date().toISOString() };
  await db
    .insertInto("settings")
    .values(row)
    .onConflict((oc) => oc.column("key").doUpdateSet({ value: row.value, updated_at: row.updated_at }))
    .execute();
}
