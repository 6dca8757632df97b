import nodemailer, { type Transporter } from "nodemailer";
import type { Logger } from "pino";
import type { Db } from "#app/db/client.server.ts";
import { getSettings } from "#app/modules/settings/settings.server.ts";
import { AppError } from "#app/utils/errors.ts";
import { isRefusedTarget, safeFetch } from "#app/utils/safe-fetch.server.ts";
import type { JobRun, JobRunner, RetryPolicy } from "#app/modules/jobs/jobs.server.ts";
import type { SmtpConfig } from "#server/config.ts";
import { INBOX_PATH, inboxItemPath, type InboxEvent } from "./events.ts";
import { getNotifySettings, recordDeliveryFailure } from "./notify-settings.server.ts";
import { INBOX_ITEM_NAMES, type NotifySettings } from "./notify-settings.ts";

/** How long one delivery may take: the SMTP connection, greeting and each socket wait; the webhook's whole exchange. */
export const NOTIFY_TIMEOUT_MS = 5_000;
/** How long a shutting-down server waits for deliveries still under way. */
export const NOTIFY_SHUTDOWN_WAIT_MS = 5_000;
/** How much of a failing webhook's answer is read, for the reason shown to the admin. */
const WEBHOOK_BODY_BYTES = 300;
const SUBJECT_MAX = 200;
const FIELD_MAX = 5_000;
const REASON_MAX = 300;

/** The job that delivers one alert through one channel (ADR 028). */
export const NOTIFY_JOB = "notify.deliver";
/**
 * Retries 5-10 s after a failure, then twice as long each time: 8 retries span
 * 21 to 42 minutes, so an endpoint that is down for a few minutes still gets the alert.
 */
export const NOTIFY_RETRY: RetryPolicy = { limit: 8, delaySeconds: 5, backoff: true };
/** Longer than one delivery can take (NOTIFY_TIMEOUT_MS per step), so a live run is never presumed dead. */
const NOTIFY_JOB_TIMEOUT_S = 60;

/**
 * One per process (server/start.ts): the mail transport, and the deliveries still
 * under way so a graceful shutdown can let them finish.
 */
export interface Notifier {
  /** Where mail goes, without the credentials; null when SMTP_URL is not set. */
  readonly smtp: { host: string; port: number; secure: boolean; from: string } | null;
  readonly timeoutMs: number;
  /** WEBHOOK_ALLOW_PRIVATE: the webhook may target loopback, private and link-local addresses. */
  readonly allowPrivateWebhooks: boolean;
  /** The job queue alerts go through (retried until delivered); without one an alert is tried once. */
  readonly jobs: Pick<JobRunner, "enqueue"> | null;
  /** Sends one message; throws when SMTP is not configured or the server refuses it. */
  sendMail(message: MailMessage): Promise<void>;
  /** Keeps a delivery in view until it settles (it must not reject). */
  track(delivery: Promise<void>): void;
  readonly pending: number;
  /** Waits for the deliveries under way, at most `maxMs`; true when none is left. */
  drain(maxMs?: number): Promise<boolean>;
  /** Reason text with the SMTP password taken out (and its URL-encoded form). */
  scrub(text: string): string;
}

export interface MailMessage {
  to: string[];
  subject: string;
  text: string;
  replyTo?: string;
}

export function createNotifier(options: {
  smtp: SmtpConfig | null;
  timeoutMs?: number;
  allowPrivateWebhooks?: boolean;
  jobs?: Pick<JobRunner, "enqueue"> | null;
}): Notifier {
  const { smtp } = options;
  const timeoutMs = options.timeoutMs ?? NOTIFY_TIMEOUT_MS;
  const pending = new Set<Promise<void>>();
  const secrets = smtp?.password ? [smtp.password, encodeURIComponent(smtp.password)].filter((s) => s.length >= 3) : [];
  let transport: Transporter | null = null;

  const scrub = (text: string) => secrets.reduce((t, secret) => t.split(secret).join("***"), text);

  return {
    smtp: smtp ? { host: smtp.host, port: smtp.port, secure: smtp.secure, from: smtp.from } : null,
    timeoutMs,
    allowPrivateWebhooks: options.allowPrivateWebhooks ?? false,
    jobs: options.jobs ?? null,
    async sendMail(message) {
      if (!smtp) throw new Error("SMTP_URL is not set");
      transport ??= nodemailer.createTransport({
        host: smtp.host,
        port: smtp.port,
        secure: smtp.secure,
        auth: smtp.user ? { user: smtp.user, pass: smtp.password ?? "" } : undefined,
        connectionTimeout: timeoutMs,
        greetingTimeout: timeoutMs,
        socketTimeout: timeoutMs,
        dnsTimeout: timeoutMs,
      });
      await transport.sendMail({ from: smtp.from, ...message });
    },
    track(delivery) {
      pending.add(delivery);
      void delivery.finally(() => pending.delete(delivery));
    },
    get pending() {
      return pending.size;
    },
    async drain(maxMs = NOTIFY_SHUTDOWN_WAIT_MS) {
      const deadline = Date.now() + maxMs;
      // Deliveries can start while waiting (a request that was still running).
      while (pending.size > 0 && Date.now() < deadline) {
        let timer: NodeJS.Timeout | undefined;
        const timeout = new Promise<void>((resolve) => {
          timer = setTimeout(resolve, deadline - Date.now());
        });
        await Promise.race([Promise.allSettled([...pending]), timeout]);
        clearTimeout(timer);
      }
      return pending.size === 0;
    },
    scrub,
  };
}

/** The part of the app's context (AppContext, which holds the Notifier) that notifying reads; named here so this module does not import the context back. */
type NotifyApp = { db: Db; logger: Logger; publicUrl: string; notifier: Notifier };

/**
 * Tells the operators about a new submission. Called after the submission is
 * stored; it returns at once and never throws, so a failing mail server or
 * webhook can neither lose a submission nor delay the visitor's answer. With a job
 * queue, each channel's delivery is a job retried with back-off until it goes
 * through; without one it is tried once. Each failure is logged and kept as the
 * last failure for the settings screen.
 */
export function notifyOperators(app: NotifyApp, event: InboxEvent): void {
  const jobs = app.notifier.jobs;
  app.notifier.track(
    (jobs ? queueDeliveries(app, jobs, event) : deliverEvent(app, event)).catch((error: unknown) => {
      app.logger.warn({ kind: event.kind, id: event.id, reason: app.notifier.scrub(reasonOf(error)) }, "operator notification failed");
    }),
  );
}

type Channel = DeliveryResult["channel"];

/** What a delivery job carries: the channel's address is read when it runs, so a corrected setting helps a retry. */
export interface NotifyJobData {
  channel: Channel;
  event: InboxEvent;
}

/** The channels an event goes out on, or none (a repeat, or a kind the operators did not ask for). */
function channelsFor(settings: NotifySettings, event: InboxEvent): Channel[] {
  // A repeat only raises the count of an item the operators already heard of.
  if (event.merged || !settings.events[event.kind]) return [];
  const channels: Channel[] = [];
  if (settings.recipients.length > 0) channels.push("email");
  if (settings.webhookUrl) channels.push("webhook");
  return channels;
}

/** One job per channel, so a webhook that is down is retried without sending the e-mail again. */
async function queueDeliveries(app: NotifyApp, jobs: Pick<JobRunner, "enqueue">, event: InboxEvent): Promise<void> {
  const settings = await getNotifySettings(app.db);
  for (const channel of channelsFor(settings, event)) await jobs.enqueue<NotifyJobData>(NOTIFY_JOB, { channel, event });
}

/** The delivery job's definition; `retry` is for tests that cannot wait for the real back-off. */
export function notifyJob(app: NotifyApp, retry: RetryPolicy = NOTIFY_RETRY) {
  return {
    name: NOTIFY_JOB,
    retry,
    timeoutSeconds: NOTIFY_JOB_TIMEOUT_S,
    run: (data: NotifyJobData, job: JobRun) => deliverQueued(app, data, job.id),
  };
}

/**
 * One attempt of a delivery job: throws when it failed, so the queue retries it.
 * A webhook address the target policy refuses (ADR 025) fails once, reported like
 * any failure but not retried: another try meets the same refusal.
 */
async function deliverQueued(app: NotifyApp, { channel, event }: NotifyJobData, deliveryId: string): Promise<void> {
  const settings = await getNotifySettings(app.db);
  const { siteName } = await getSettings(app.db);
  const adminUrl = `${app.publicUrl}${inboxItemPath(event.kind, event.id)}`;
  const [result] = await deliverAll(app.notifier, settings, { ...event, adminUrl, deliveryId }, siteName, [channel]);
  // None when the channel was removed since: nobody is waiting on it any more.
  if (!result) return;
  await report(app, event, result);
  if (!result.ok && !result.refused) throw new Error(result.detail);
}

async function deliverEvent(app: NotifyApp, event: InboxEvent): Promise<void> {
  const settings = await getNotifySettings(app.db);
  const channels = channelsFor(settings, event);
  if (channels.length === 0) return;
  const adminUrl = `${app.publicUrl}${inboxItemPath(event.kind, event.id)}`;
  const { siteName } = await getSettings(app.db);
  const results = await deliverAll(app.notifier, settings, { ...event, adminUrl }, siteName, channels);
  for (const result of results) await report(app, event, result);
}

/** Logs a delivery; a failure is also kept as the last failure for the settings screen. */
async function report(app: NotifyApp, event: InboxEvent, result: DeliveryResult): Promise<void> {
  const where = { kind: event.kind, id: event.id, channel: result.channel };
  if (result.ok) {
    app.logger.info(where, "operators notified");
    return;
  }
  app.logger.warn({ ...where, reason: result.detail }, "operator notification failed");
  await recordDeliveryFailure(app.db, {
    at: new Date().toISOString(),
    channel: result.channel,
    kind: event.kind,
    id: event.id,
    reason: result.detail,
  });
}

/** What the webhook receives: the event, a link to it, and `text`/`content` lines that Slack-, Mattermost- and Discord-style webhooks show as is. */
export interface WebhookPayload extends InboxEvent {
  adminUrl: string;
  text: string;
  content: string;
  test?: true;
  /** A queued delivery's id, the same on every retry; also sent as the Idempotency-Key header. */
  deliveryId?: string;
}

interface DeliveryResult {
  channel: "email" | "webhook";
  ok: boolean;
  /** Success: to whom / what answered; failure: why, fit to show an admin. */
  detail: string;
  /** The address was refused by policy, never contacted: trying again cannot help. */
  refused?: true;
}

/** deliveryId: the queued delivery's id, the same on every retry (a receiver can drop a repeat by it). */
type Outgoing = InboxEvent & { adminUrl: string; test?: true; deliveryId?: string };

/** The given channels (by default every configured one) at once; each result says how it went (nothing here throws). */
async function deliverAll(
  notifier: Notifier,
  settings: NotifySettings,
  event: Outgoing,
  siteName: string,
  channels: Channel[] = ["email", "webhook"],
): Promise<DeliveryResult[]> {
  const deliveries: Promise<DeliveryResult>[] = [];
  if (channels.includes("email") && settings.recipients.length > 0) {
    deliveries.push(
      sendEmail(notifier, settings.recipients, event, siteName).then(
        () => ({ channel: "email" as const, ok: true, detail: `e-mail sent to ${settings.recipients.join(", ")}` }),
        (error: unknown) => ({ channel: "email" as const, ok: false, detail: `e-mail not sent: ${notifier.scrub(reasonOf(error))}` }),
      ),
    );
  }
  if (channels.includes("webhook") && settings.webhookUrl) {
    deliveries.push(
      postWebhook(settings.webhookUrl, webhookPayload(event), notifier).then(
        (status) => ({ channel: "webhook" as const, ok: true, detail: `webhook answered ${status}` }),
        (error: unknown) => ({
          channel: "webhook" as const,
          ok: false,
          detail: `webhook failed: ${webhookReason(error, notifier.timeoutMs)}`,
          ...(isRefusedTarget(error) ? { refused: true as const } : {}),
        }),
      ),
    );
  }
  return Promise.all(deliveries);
}

export function webhookPayload(event: Outgoing): WebhookPayload {
  const line = `${oneLine(event.summary)} ${event.adminUrl}`;
  return { ...event, text: line, content: line };
}

async function sendEmail(notifier: Notifier, to: string[], event: Outgoing, siteName: string): Promise<void> {
  await notifier.sendMail({ to, ...composeMail(event, siteName) });
}

/**
 * The operators' e-mail: plain text only, so nothing a visitor typed can become
 * markup; the subject is one line, so no visitor text can start a header.
 */
export function composeMail(event: Outgoing, siteName: string): { subject: string; text: string; replyTo?: string } {
  const site = oneLine(siteName) || "Cinedex";
  const subject = `[${site}] ${oneLine(event.summary)}`.slice(0, SUBJECT_MAX);
  const name = INBOX_ITEM_NAMES[event.kind];
  const lines = [
    event.test
      ? `This is a test notification from ${site}: operator notifications reach you.`
      : `A new ${name} has arrived in the ${site} inbox.`,
    "",
    oneLine(event.summary),
    "",
  ];
  for (const [key, value] of Object.entries(event.fields)) lines.push(`${fieldLabel(key)}: ${fieldText(value)}`);
  lines.push("", event.test ? "The inbox:" : "Open it in the admin panel:", event.adminUrl, "", `Received ${event.at}`);
  const email = event.fields.email;
  const replyTo = event.kind === "contact" && typeof email === "string" && isPlainAddress(email) ? email : undefined;
  return { subject, text: `${lines.join("\n")}\n`, ...(replyTo ? { replyTo } : {}) };
}

/** A single line: line breaks (which would end a mail header) and other control characters become spaces. */
export function oneLine(text: string): string {
  return (
    text
      // eslint-disable-next-line no-control-regex -- control characters are exactly what is removed.
      .replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g, " ")
      .replace(/\s+/g, " ")
      .trim()
  );
}

const FIELD_LABELS: Record<string, string> = {
  email: "E-mail",
  imdbUrl: "IMDb URL",
  contentUrl: "Content URL",
  movieSeriesName: "Title",
  seasonEpisode: "Season / episode",
  linkId: "Link id",
  titleId: "Title id",
};

function fieldLabel(key: string): string {
  const known = FIELD_LABELS[key];
  if (known) return known;
  const words = oneLine(key)
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replace(/[_-]+/g, " ")
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** A field's value; a text of several lines continues indented under its label. */
function fieldText(value: string | number | boolean | null): string {
  if (value === null || value === "") return "—";
  if (typeof value === "boolean") return value ? "yes" : "no";
  const text = String(value).slice(0, FIELD_MAX);
  // eslint-disable-next-line no-control-regex -- keep tabs and line breaks, drop the rest.
  const clean = text.replace(/\r\n?/g, "\n").replace(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g, "");
  return clean.includes("\n") ? `\n  ${clean.split("\n").join("\n  ")}` : clean;
}

function isPlainAddress(value: string): boolean {
  return value.length <= 254 && /^[^\s@<>()",;:\\[\]]+@[^\s@<>()",;:\\[\]]+\.[^\s@<>()",;:\\[\]]+$/.test(value);
}

/**
 * POSTs the payload; resolves with the status of a 2xx answer, rejects with why not.
 * A refused target (an internal address, ADR 025) is never connected to, so there
 * is no answer of it to show.
 */
async function postWebhook(url: string, payload: WebhookPayload, notifier: Notifier): Promise<number> {
  const response = await safeFetch(url, {
    method: "POST",
    headers: {
      "Content-Type": "application/json",
      "User-Agent": "Cinedex-notifications",
      // A retry after an answer that came too late is the only way a receiver sees an alert twice.
      ...(payload.deliveryId ? { "Idempotency-Key": payload.deliveryId } : {}),
    },
    body: JSON.stringify(payload),
    // A redirect could point the payload anywhere; the admin sets the address that is used.
    maxRedirects: 0,
    timeoutMs: notifier.timeoutMs,
    maxBytes: WEBHOOK_BODY_BYTES,
    allowPrivate: notifier.allowPrivateWebhooks,
    privateSetting: "WEBHOOK_ALLOW_PRIVATE",
  });
  if (response.status >= 200 && response.status < 300) return response.status;
  if (response.status >= 300 && response.status < 400)
    throw new Error(`it answered ${response.status} (a redirect, which is not followed)`);
  const body = oneLine(response.body.toString("utf8"));
  throw new Error(`it answered ${response.status}${body ? `: ${body}` : ""}`);
}

function webhookReason(error: unknown, timeoutMs: number): string {
  if (isRefusedTarget(error)) return `refused: ${error.message}`;
  if (error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError"))
    return `no answer within ${timeoutMs / 1000} s`;
  return reasonOf(error);
}

const NETWORK_REASONS: Record<string, string> = {
  ECONNREFUSED: "connection refused",
  ECONNRESET: "connection reset",
  ENOTFOUND: "host not found",
  EAI_AGAIN: "host not found (DNS)",
  ETIMEDOUT: "timed out",
  EHOSTUNREACH: "host unreachable",
};

/** One line saying why a delivery failed, from a network error, nodemailer or fetch. */
function reasonOf(error: unknown): string {
  if (!(error instanceof Error)) return String(error).slice(0, REASON_MAX);
  const cause = error.cause as { code?: string; message?: string } | undefined;
  const code = cause?.code ?? (error as { code?: string }).code;
  // fetch says only "fetch failed"; the cause says why.
  const message = error.message === "fetch failed" && cause?.message ? cause.message : error.message;
  const known = code ? NETWORK_REASONS[code] : undefined;
  const text = known && !message.toLowerCase().includes(known) ? `${known} (${message})` : message;
  return oneLine(text).slice(0, REASON_MAX);
}

/**
 * The settings screen's button: sends a sample through every configured channel
 * with the stored settings, and waits for the outcome so the admin sees it. A
 * failure is the admin's to read, not a delivery failure to record.
 */
export async function sendTestNotification(app: NotifyApp): Promise<{ ok: boolean; message: string }> {
  const settings = await getNotifySettings(app.db);
  if (settings.recipients.length === 0 && !settings.webhookUrl) {
    throw new AppError(400, "Nothing to test yet: add an e-mail recipient or a webhook address, and save.");
  }
  const { siteName } = await getSettings(app.db);
  const event: Outgoing = {
    kind: "contact",
    id: 0,
    merged: false,
    summary: `Test notification from ${oneLine(siteName) || "Cinedex"}`,
    fields: { message: "Operator notifications work: new submissions of the kinds you chose will be announced like this." },
    at: new Date().toISOString(),
    adminUrl: `${app.publicUrl}${INBOX_PATH}`,
    test: true,
  };
  const results = await deliverAll(app.notifier, settings, event, siteName);
  const failed = results.filter((r) => !r.ok);
  for (const result of failed) app.logger.warn({ channel: result.channel, reason: result.detail }, "test notification failed");
  const summary = results.map((r) => r.detail).join("; ");
  return failed.length === 0
    ? { ok: true, message: `Test notification sent: ${summary}.` }
    : { ok: false, message: `Test notification failed: ${summary}.` };
}
