import { z } from "#app/utils/zod.ts";
import { INBOX_KINDS, type InboxKind } from "./events.ts";
import { MAX_URL_LENGTH } from "#app/constants.ts";

/**
 * Who hears of new inbox submissions, and of which kinds. Private to
 * Administrators: these are never part of the public site settings
 * (app/modules/settings/schema.ts), which every visitor receives.
 */
export interface NotifySettings {
  recipients: string[];
  /** Receives a JSON POST per submission; null: no webhook. */
  webhookUrl: string | null;
  events: Record<InboxKind, boolean>;
}

export const MAX_RECIPIENTS = 10;
export const WEBHOOK_URL_MAX = MAX_URL_LENGTH;

/** DMCA notices have legal deadlines, so they notify until an admin says otherwise; the rest start off. */
export const DEFAULT_NOTIFY_SETTINGS: NotifySettings = {
  recipients: [],
  webhookUrl: null,
  events: { requests: false, reports: false, contact: false, dmca: true },
};

export const NOTIFY_EVENT_LABELS: Record<InboxKind, { label: string; description: string }> = {
  requests: { label: "Content requests", description: "A visitor asks for a title (repeats of an open request are only counted)." },
  reports: {
    label: "Broken-link reports",
    description: "A visitor reports a link that does not work (repeats on the same link are only counted).",
  },
  contact: { label: "Contact messages", description: "A message from the contact form." },
  dmca: { label: "DMCA notices", description: "A takedown notice; these usually have a deadline." },
};

/** What a kind of submission is called in a sentence: "a new DMCA notice". */
export const INBOX_ITEM_NAMES: Record<InboxKind, string> = {
  requests: "content request",
  reports: "broken-link report",
  contact: "contact message",
  dmca: "DMCA notice",
};

const EMAIL = /^[^\s@<>()",;:\\[\]]+@[^\s@<>()",;:\\[\]]+\.[^\s@<>()",;:\\[\]]+$/;

function shorten(value: string, max = 60): string {
  return value.length > max ? `${value.slice(0, max - 1)}…` : value;
}

function isWebhookUrl(value: string): boolean {
  try {
    const url = new URL(value);
    // fetch refuses addresses with credentials, so they would fail on every delivery.
    return (url.protocol === "http:" || url.protocol === "https:") && url.hostname !== "" && !url.username && !url.password;
  } catch {
    return false;
  }
}

export const notifySettingsSchema = z.object({
  recipients: z
    .array(z.string().trim())
    .transform((list) => [...new Set(list.filter((address) => address !== ""))])
    .superRefine((list, ctx) => {
      const wrong = list.find((address) => address.length > 254 || !EMAIL.test(address));
      if (wrong !== undefined) {
        ctx.addIssue({
          code: "custom",
          message: `“${shorten(wrong)}” is not an e-mail address. Separate addresses with commas or new lines.`,
        });
      } else if (list.length > MAX_RECIPIENTS) {
        ctx.addIssue({ code: "custom", message: `Please enter at most ${MAX_RECIPIENTS} addresses` });
      }
    }),
  webhookUrl: z.preprocess(
    (v) => (v === null || v === undefined ? "" : v),
    z
      .string()
      .trim()
      .max(WEBHOOK_URL_MAX, `Webhook address must be at most ${WEBHOOK_URL_MAX} characters`)
      .refine((v) => v === "" || isWebhookUrl(v), "Webhook address must be an http:// or https:// address, without a user name or password")
      .transform((v) => (v === "" ? null : v)),
  ),
  events: z.object(Object.fromEntries(INBOX_KINDS.map((kind) => [kind, z.boolean()])) as Record<InboxKind, z.ZodBoolean>),
});

/** The form's text fields, as the admin screen shows and posts them. */
export type NotifySettingsValues = Record<string, string>;

const CHECKED = "on";

export function notifySettingsValues(settings: NotifySettings): NotifySettingsValues {
  const values: NotifySettingsValues = { recipients: settings.recipients.join(", "), webhookUrl: settings.webhookUrl ?? "" };
  for (const kind of INBOX_KINDS) if (settings.events[kind]) values[`events.${kind}`] = CHECKED;
  return values;
}

/** The posted form as input for notifySettingsSchema: one address per comma, semicolon or line. */
export function notifySettingsInput(values: NotifySettingsValues) {
  return {
    recipients: (values.recipients ?? "").split(/[\s,;]+/),
    webhookUrl: values.webhookUrl ?? "",
    events: Object.fromEntries(INBOX_KINDS.map((kind) => [kind, values[`events.${kind}`] === CHECKED])) as Record<InboxKind, boolean>,
  };
}
