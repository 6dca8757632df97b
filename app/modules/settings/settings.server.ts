import type { Db } from "#app/db/client.server.ts";
import { parseOrThrow } from "#app/utils/validation.ts";
import { DEFAULT_SETTINGS, settingsSchema, type SettingKey, type Settings } from "./schema.ts";

/**
 * The current settings: stored values over the defaults. A stored value that no
 * longer fits the schema (an older shape, a manual edit) falls back to its default
 * rather than breaking every page.
 */
export async function getSettings(db: Db): Promise<Settings> {
  const rows = await db.selectFrom("settings").select(["key", "value"]).execute();
  const settings: Settings = structuredClone(DEFAULT_SETTINGS);
  const shape = settingsSchema.shape;
  for (const row of rows) {
    if (!(row.key in shape)) continue;
    const key = row.key as SettingKey;
    let raw: unknown;
    try {
      raw = JSON.parse(row.value);
    } catch {
      continue;
    }
    const parsed = shape[key].safeParse(raw);
    if (parsed.success) (settings as Record<SettingKey, unknown>)[key] = parsed.data;
  }
  return settings;
}

/** Validates and stores some settings; returns all of them. */
export async function updateSettings(db: Db, patch: Partial<Settings>): Promise<Settings> {
  const parsed = parseOrThrow(settingsSchema.partial(), patch, "Some settings need attention.");
  const now = new Date().toISOString();
  // Defaults fill in keys the patch leaves out; only the keys it names are stored.
  const entries = Object.entries(parsed).filter(([key, v]) => key in patch && v !== undefined);
  if (entries.length > 0) {
    await db
      .insertInto("settings")
      .values(entries.map(([key, value]) => ({ key, value: JSON.stringify(value), updated_at: now })))
      .onConflict((oc) => oc.column("key").doUpdateSet((eb) => ({ value: eb.ref("excluded.value"), updated_at: eb.ref("excluded.updated_at") })))
      .execute();
  }
  return getSettings(db);
}
