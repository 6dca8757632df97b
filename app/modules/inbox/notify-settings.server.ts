import { z } from "#app/utils/zod.ts";
import type { Db } from "#app/db/client.server.ts";
import { inTransaction } from "#app/db/transaction.server.ts";
import { recordAudit, type Actor } from "#app/modules/audit/audit.server.ts";
import { AppError } from "#app/utils/errors.ts";
import { checkTarget, isRefusedTarget } from "#app/utils/safe-fetch.server.ts";
import { parseOrThrow } from "#app/utils/validation.ts";
import { INBOX_KINDS, type InboxKind } from "./events.ts";
import { DEFAULT_NOTIFY_SETTINGS, notifySettingsSchema, type NotifySettings } from "./notify-settings.ts";
import { readSettingValue, writeSettingValue } from "#app/modules/settings/store.server.ts";

// Kept in the settings table under keys the public settings schema does not know,
// so getSettings (whose result every visitor page receives) never returns them.
const SETTINGS_KEY = "private.operatorNotifications";
const FAILURE_KEY = "private.operatorNotifications.lastFailure";

export const NOTIFY_SETTINGS_INVALID = "Some notification settings need attention.";

/** The latest delivery that did not get through, for the settings screen. */
export interface DeliveryFailure {
  at: string;
  channel: "email" | "webhook";
  kind: InboxKind;
  id: number;
  reason: string;
}

const failureSchema = z.object({
  at: z.string(),
  channel: z.enum(["email", "webhook"]),
  kind: z.enum(INBOX_KINDS),
  id: z.number(),
  reason: z.string(),
});

/** The stored settings; the defaults (DMCA notices only, nobody to tell) when none are stored or they no longer fit. */
export async function getNotifySettings(db: Db): Promise<NotifySettings> {
  const parsed = notifySettingsSchema.safeParse(await readSettingValue(db, SETTINGS_KEY));
  return parsed.success ? parsed.data : structuredClone(DEFAULT_NOTIFY_SETTINGS);
}

/**
 * Validates and stores the settings, with one audit entry naming what changed, in
 * one transaction. The entry leaves the webhook address out: chat webhooks carry
 * their secret in the address, and editors can read the activity log.
 */
export async function updateNotifySettings(
  db: Db,
  actor: Actor,
  input: unknown,
  policy?: WebhookPolicy,
): Promise<{ settings: NotifySettings; changed: string[] }> {
  const settings = parseOrThrow(notifySettingsSchema, input, NOTIFY_SETTINGS_INVALID);
  if (policy && settings.webhookUrl) {
    const refusal = await webhookRefusal(settings.webhookUrl, policy);
    if (refusal) throw new AppError(400, NOTIFY_SETTINGS_INVALID, { fields: { webhookUrl: [webhookRefusalMessage(refusal)] } });
  }
  return inTransaction(db, async (trx) => {
    const before = await getNotifySettings(trx);
    const changed: string[] = [];
    if (JSON.stringify(before.recipients) !== JSON.stringify(settings.recipients)) changed.push("e-mail recipients");
    if (before.webhookUrl !== settings.webhookUrl) changed.push("webhook");
    if (JSON.stringify(before.events) !== JSON.stringify(settings.events)) changed.push("events");
    if (changed.length === 0) return { settings: before, changed };
    await writeSettingValue(trx, SETTINGS_KEY, settings);
    await recordAudit(trx, actor, {
      action: "settings.notifications",
      entityType: "settings",
      summary: `Changed the operator notifications: ${changed.join(", ")}`,
      details: {
        recipients: settings.recipients.length,
        webhook: settings.webhookUrl ? new URL(settings.webhookUrl).host : null,
        events: INBOX_KINDS.filter((kind) => settings.events[kind]),
      },
    });
    return { settings, changed };
  });
}

/** What decides which webhook targets are allowed: the notifier (WEBHOOK_ALLOW_PRIVATE). */
export interface WebhookPolicy {
  allowPrivateWebhooks: boolean;
}

export function webhookRefusalMessage(refusal: string): string {
  return `This webhook address cannot be used: ${refusal}.`;
}

/** Why the webhook address may not be used (it is a loopback address...), or null. */
export async function webhookRefusal(url: string, policy: WebhookPolicy): Promise<string | null> {
  try {
    await checkTarget(url, { allowPrivate: policy.allowPrivateWebhooks, privateSetting: "WEBHOOK_ALLOW_PRIVATE" });
    return null;
  } catch (error) {
    // A name that does not resolve today may tomorrow: only a refusal stops the save.
    return isRefusedTarget(error) ? error.message : null;
  }
}

export async function recordDeliveryFailure(db: Db, failure: DeliveryFailure): Promise<void> {
  await writeSettingValue(db, FAILURE_KEY, failure);
}

export async function getLastDeliveryFailure(db: Db): Promise<DeliveryFailure | null> {
  const parsed = failureSchema.safeParse(await readSettingValue(db, FAILURE_KEY));
  return parsed.success ? parsed.data : null;
}
