import type { Db } from "#app/db/client.server.ts";
import { inTransaction } from "#app/db/transaction.server.ts";
import { recordAudit, type Actor } from "#app/modules/audit/audit.server.ts";
import { bumpContentVersion } from "#app/modules/site/content-version.server.ts";
import { parseOrThrow } from "#app/utils/validation.ts";
import { DEFAULT_SETTINGS, SETTING_LABELS, settingsSchema, type SettingKey, type Settings } from "./schema.ts";

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
  if (entries.length === 0) return getSettings(db);
  return inTransaction(db, async (trx) => {
    await trx
      .insertInto("settings")
      .values(entries.map(([key, value]) => ({ key, value: JSON.stringify(value), updated_at: now })))
      .onConflict((oc) =>
        oc.column("key").doUpdateSet((eb) => ({ value: eb.ref("excluded.value"), updated_at: eb.ref("excluded.updated_at") })),
      )
      .execute();
    // Banners, the site name and the other settings show on every page.
    await bumpContentVersion(trx);
    return getSettings(trx);
  });
}

/**
 * The admin screen's save: validates the whole patch, stores only the settings
 * whose value really changes (so untouched ones keep following their defaults),
 * and records one audit entry naming them, in the same transaction. Nothing is
 * stored, and nothing recorded, when any value is refused.
 */
export async function updateSettingsAudited(db: Db, actor: Actor, patch: unknown): Promise<{ settings: Settings; changed: SettingKey[] }> {
  const parsed = parseOrThrow(settingsSchema.partial(), patch, "Some settings need attention.");
  const named = Object.keys(settingsSchema.shape).filter((key) => isObject(patch) && key in patch) as SettingKey[];
  return inTransaction(db, async (trx) => {
    const before = await getSettings(trx);
    const changed = named.filter((key) => JSON.stringify(parsed[key]) !== JSON.stringify(before[key]));
    if (changed.length === 0) return { settings: before, changed };
    const settings = await updateSettings(trx, Object.fromEntries(changed.map((key) => [key, parsed[key]])));
    await recordAudit(trx, actor, {
      action: "settings.update",
      entityType: "settings",
      summary: `Changed the site settings: ${changed.map((key) => SETTING_LABELS[key]).join(", ")}`,
      details: { keys: changed },
    });
    return { settings, changed };
  });
}

function isObject(value: unknown): value is object {
  return typeof value === "object" && value !== null;
}
