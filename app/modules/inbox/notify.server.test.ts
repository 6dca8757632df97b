import http from "node:http";
import net from "node:net";
import type { AddressInfo } from "node:net";
import pino from "pino";
import { SMTPServer } from "smtp-server";
import { afterAll, afterEach, beforeAll, beforeEach, expect, it } from "vitest";
import type { AppContext } from "#app/context.ts";
import type { Db } from "#app/db/client.server.ts";
import { listAudit } from "#app/modules/audit/audit.server.ts";
import { getSettings, updateSettings } from "#app/modules/settings/settings.server.ts";
import { isAppError } from "#app/utils/errors.ts";
import type { SmtpConfig } from "#server/config.ts";
import { describeEachDatabase } from "#tests/helpers/database.ts";
import type { InboxEvent } from "./events.ts";
import { getLastDeliveryFailure, getNotifySettings, NOTIFY_SETTINGS_INVALID, updateNotifySettings } from "./notify-settings.server.ts";
import { notifySettingsInput, type NotifySettings } from "./notify-settings.ts";
import { NOTIFY_TIMEOUT_MS, createNotifier, notifyOperators, sendTestNotification, type Notifier } from "./notify.server.ts";
import { MAX_URL_LENGTH } from "#app/constants.ts";

const ACTOR = { id: null, name: "Operator" };
/** For the tests of a server that never answers; a working local server gets the real timeout (a busy machine can take more than 0.3 s). */
const SHORT_TIMEOUT_MS = 300;
const SMTP_USER = "ops";
const SMTP_PASSWORD = "s3cret-smtp-pass";

// ---- A local SMTP sink ------------------------------------------------------------

interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
}

const mails: ReceivedMail[] = [];
const smtpServer = new SMTPServer({
  authOptional: true,
  allowInsecureAuth: true,
  disabledCommands: ["STARTTLS"],
  logger: false,
  onAuth(auth, _session, callback) {
    if (auth.username === SMTP_USER && auth.password === SMTP_PASSWORD) callback(null, { user: SMTP_USER });
    else callback(new Error("Invalid username or password"));
  },
  onData(stream, session, callback) {
    const chunks: Buffer[] = [];
    stream.on("data", (chunk: Buffer) => chunks.push(chunk));
    stream.on("end", () => {
      mails.push({
        from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
        to: session.envelope.rcptTo.map((r) => r.address),
        raw: Buffer.concat(chunks).toString("utf8"),
      });
      callback();
    });
  },
});
let smtpPort = 0;

// ---- A local webhook receiver -----------------------------------------------------

interface Hit {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: unknown;
}

const hits: Hit[] = [];
/** What the receiver does with a request: answer 200, 500, a redirect, or never. */
let webhookMode: "ok" | "fail" | "redirect" | "hang" = "ok";
const hanging: http.ServerResponse[] = [];
const webhookServer = http.createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on("data", (chunk: Buffer) => chunks.push(chunk));
  req.on("end", () => {
    const text = Buffer.concat(chunks).toString("utf8");
    hits.push({ path: req.url ?? "", headers: req.headers, body: text ? JSON.parse(text) : null });
    if (req.url === "/elsewhere" || webhookMode === "ok") res.writeHead(200).end("ok");
    else if (webhookMode === "fail") res.writeHead(500, { "Content-Type": "text/plain" }).end(`boom ${"x".repeat(5_000)}`);
    else if (webhookMode === "redirect") res.writeHead(302, { Location: "/elsewhere" }).end();
    else hanging.push(res);
  });
});
let webhookUrl = "";

/** Accepts connections and never says a word: an SMTP server that hangs before its greeting. */
const silentServer = net.createServer((socket) => {
  socket.on("error", () => {});
});
let silentPort = 0;

/** A port nothing listens on. */
let closedPort = 0;

function listen(server: net.Server | http.Server): Promise<number> {
  return new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve((server.address() as AddressInfo).port)));
}

beforeAll(async () => {
  smtpPort = await new Promise<number>((resolve) =>
    smtpServer.listen(0, "127.0.0.1", () => resolve((smtpServer.server.address() as AddressInfo).port)),
  );
  webhookUrl = `http://127.0.0.1:${await listen(webhookServer)}/hook`;
  silentPort = await listen(silentServer);
  const probe = net.createServer();
  closedPort = await listen(probe);
  await new Promise((resolve) => probe.close(resolve));
});

afterAll(async () => {
  for (const res of hanging) res.destroy();
  webhookServer.closeAllConnections();
  await Promise.all([
    new Promise((resolve) => smtpServer.close(() => resolve(undefined))),
    new Promise((resolve) => webhookServer.close(resolve)),
    new Promise((resolve) => silentServer.close(resolve)),
  ]);
});

beforeEach(() => {
  mails.length = 0;
  hits.length = 0;
  webhookMode = "ok";
});

afterEach(() => {
  for (const res of hanging.splice(0)) res.destroy();
});

// ---- Helpers ------------------------------------------------------------------------

function smtpAt(port: number, overrides: Partial<SmtpConfig> = {}): SmtpConfig {
  return {
    host: "127.0.0.1",
    port,
    secure: false,
    user: SMTP_USER,
    password: SMTP_PASSWORD,
    from: "Cinedex <alerts@cinedex.test>",
    ...overrides,
  };
}

interface Harness {
  app: Pick<AppContext, "db" | "logger" | "publicUrl" | "notifier">;
  notifier: Notifier;
  logs: Record<string, unknown>[];
  /** Every log line as text, to look for secrets. */
  logText(): string;
}

// The local receiver is on the loopback: allowed as WEBHOOK_ALLOW_PRIVATE=true allows it.
function harness(db: Db, smtp: SmtpConfig | null, timeoutMs = NOTIFY_TIMEOUT_MS, allowPrivateWebhooks = true): Harness {
  const logs: Record<string, unknown>[] = [];
  const logger = pino({ level: "info" }, { write: (line: string) => void logs.push(JSON.parse(line) as Record<string, unknown>) });
  const notifier = createNotifier({ smtp, timeoutMs, allowPrivateWebhooks });
  return { app: { db, logger, publicUrl: "https://cinedex.test", notifier }, notifier, logs, logText: () => JSON.stringify(logs) };
}

async function configure(db: Db, patch: Partial<NotifySettings>): Promise<void> {
  await updateNotifySettings(db, ACTOR, {
    recipients: [],
    webhookUrl: null,
    events: { requests: false, reports: false, contact: false, dmca: true },
    ...patch,
  });
}

function dmcaEvent(overrides: Partial<InboxEvent> = {}): InboxEvent {
  return {
    kind: "dmca",
    id: 12,
    merged: false,
    summary: "DMCA notice: https://cinedex.test/movie/3/dune",
    fields: {
      name: "Ada Rights",
      email: "ada@rights.example",
      contentUrl: "https://cinedex.test/movie/3/dune",
      contentType: "Movie",
      message: "First line\nSecond line <b>not markup</b>",
      declaration: true,
    },
    at: "2026-11-22T06:00:00.000Z",
    ...overrides,
  };
}

const warnings = (h: Harness) => h.logs.filter((line) => line.level === 40);

/** RFC 2047 encoded words ("=?UTF-8?Q?...?="), as nodemailer writes headers with quotes or non-ASCII text. */
function decodeWords(value: string): string {
  return value.replace(/\?=\s+=\?/g, "?==?").replace(/=\?UTF-8\?([QB])\?(.*?)\?=/gi, (_m, encoding: string, text: string) =>
    encoding.toUpperCase() === "B"
      ? Buffer.from(text, "base64").toString("utf8")
      : Buffer.from(
          text.replace(/_/g, " ").replace(/=([0-9A-F]{2})/gi, (_x, hex: string) => String.fromCharCode(parseInt(hex, 16))),
          "latin1",
        ).toString("utf8"),
  );
}

/** The message's header block, unfolded and decoded, one header a line. */
function headersOf(raw: string): string[] {
  const head = raw.split(/\r?\n\r?\n/)[0]!;
  return head
    .replace(/\r?\n[ \t]+/g, " ")
    .split(/\r?\n/)
    .map(decodeWords);
}

function decodedBody(raw: string): string {
  const body = raw
    .split(/\r?\n\r?\n/)
    .slice(1)
    .join("\n\n");
  // nodemailer sends plain text as quoted-printable when lines are long or not ASCII.
  return body
    .replace(/=\r?\n/g, "")
    .replace(/(=[0-9A-F]{2})+/g, (m) => Buffer.from(m.replace(/=/g, ""), "hex").toString("utf8"))
    .replace(/\r\n/g, "\n");
}

// ---- Tests --------------------------------------------------------------------------

describeEachDatabase("operator notifications", (ctx) => {
  beforeEach(async () => {
    // The site name (in the subject) and the notification settings start from their defaults.
    await ctx.db.deleteFrom("settings").execute();
  });

  it("starts with DMCA notices on, the rest off, nobody to tell; and keeps the settings out of the public site settings", async () => {
    expect(await getNotifySettings(ctx.db)).toEqual({
      recipients: [],
      webhookUrl: null,
      events: { requests: false, reports: false, contact: false, dmca: true },
    });
    await configure(ctx.db, { recipients: ["ops@cinedex.test"], webhookUrl: "https://hooks.example/T0/secret-token" });
    expect(await getNotifySettings(ctx.db)).toMatchObject({
      recipients: ["ops@cinedex.test"],
      webhookUrl: "https://hooks.example/T0/secret-token",
    });
    const publicSettings = JSON.stringify(await getSettings(ctx.db));
    expect(publicSettings).not.toContain("ops@cinedex.test");
    expect(publicSettings).not.toContain("secret-token");
  });

  it("stores a change with one audit entry that names it and leaves the webhook's secret out; an unchanged save records nothing", async () => {
    const input = notifySettingsInput({
      recipients: "ops@cinedex.test,\n legal@cinedex.test; ops@cinedex.test",
      webhookUrl: "https://hooks.example/T0/secret-token",
      "events.dmca": "on",
      "events.reports": "on",
    });
    const { settings, changed } = await updateNotifySettings(ctx.db, ACTOR, input);
    expect(settings).toEqual({
      recipients: ["ops@cinedex.test", "legal@cinedex.test"],
      webhookUrl: "https://hooks.example/T0/secret-token",
      events: { requests: false, reports: true, contact: false, dmca: true },
    });
    expect(changed).toEqual(["e-mail recipients", "webhook", "events"]);
    const audit = await listAudit(ctx.db, { entityType: "settings" });
    expect(audit.items).toHaveLength(1);
    expect(audit.items[0]).toMatchObject({
      action: "settings.notifications",
      actor: "Operator",
      summary: "Changed the operator notifications: e-mail recipients, webhook, events",
    });
    expect(JSON.stringify(audit.items[0])).not.toContain("secret-token");

    expect((await updateNotifySettings(ctx.db, ACTOR, input)).changed).toEqual([]);
    expect((await listAudit(ctx.db, { entityType: "settings" })).items).toHaveLength(1);
  });

  it("refuses bad recipients and webhook addresses with messages per field, and stores nothing", async () => {
    const failure = async (values: Record<string, string>) => {
      try {
        await updateNotifySettings(ctx.db, ACTOR, notifySettingsInput(values));
      } catch (error) {
        if (isAppError(error)) return { status: error.status, message: error.message, fields: error.fields };
        throw error;
      }
      throw new Error("expected the settings to be refused");
    };
    expect(await failure({ recipients: "ops@cinedex.test, not-an-address", webhookUrl: "ftp://hooks.example/x" })).toEqual({
      status: 400,
      message: NOTIFY_SETTINGS_INVALID,
      fields: {
        recipients: ["“not-an-address” is not an e-mail address. Separate addresses with commas or new lines."],
        webhookUrl: ["Webhook address must be an http:// or https:// address, without a user name or password"],
      },
    });
    const eleven = Array.from({ length: 11 }, (_, i) => `ops${i}@cinedex.test`).join(",");
    expect((await failure({ recipients: eleven })).fields).toEqual({ recipients: ["Please enter at most 10 addresses"] });
    expect((await failure({ webhookUrl: "https://user:pw@hooks.example/x" })).fields?.webhookUrl).toHaveLength(1);
    expect((await failure({ webhookUrl: `https://hooks.example/${"a".repeat(MAX_URL_LENGTH)}` })).fields).toEqual({
      webhookUrl: [`Webhook address must be at most ${MAX_URL_LENGTH} characters`],
    });
    expect((await failure({ recipients: "Ops <ops@cinedex.test>" })).fields?.recipients?.[0]).toMatch(/^“Ops” is not an e-mail address/);
    expect(await getNotifySettings(ctx.db)).toMatchObject({ recipients: [], webhookUrl: null });
  });

  it("e-mails the recipients a plain-text message with the fields and the admin link, and posts the event to the webhook", async () => {
    await updateSettings(ctx.db, { siteName: "Moviebox" });
    await configure(ctx.db, { recipients: ["ops@cinedex.test", "legal@cinedex.test"], webhookUrl });
    const h = harness(ctx.db, smtpAt(smtpPort));
    notifyOperators(h.app, dmcaEvent());
    expect(await h.notifier.drain()).toBe(true);

    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(mail.from).toBe("alerts@cinedex.test");
    expect(mail.to).toEqual(["ops@cinedex.test", "legal@cinedex.test"]);
    const headers = headersOf(mail.raw);
    expect(headers).toContain("Subject: [Moviebox] DMCA notice: https://cinedex.test/movie/3/dune");
    expect(headers.some((line) => /^Content-Type: text\/plain/i.test(line))).toBe(true);
    expect(mail.raw).not.toMatch(/text\/html/i);
    const body = decodedBody(mail.raw);
    expect(body).toContain("A new DMCA notice has arrived in the Moviebox inbox.");
    expect(body).toContain("Name: Ada Rights\n");
    expect(body).toContain("E-mail: ada@rights.example\n");
    expect(body).toContain("Content URL: https://cinedex.test/movie/3/dune\n");
    expect(body).toContain("Message: \n  First line\n  Second line <b>not markup</b>\n");
    expect(body).toContain("Declaration: yes\n");
    expect(body).toContain("Open it in the admin panel:\nhttps://cinedex.test/dashboard/inbox/dmca/12\n");

    expect(hits).toHaveLength(1);
    expect(hits[0]!.path).toBe("/hook");
    expect(hits[0]!.headers["content-type"]).toBe("application/json");
    expect(hits[0]!.body).toEqual({
      ...dmcaEvent(),
      adminUrl: "https://cinedex.test/dashboard/inbox/dmca/12",
      text: "DMCA notice: https://cinedex.test/movie/3/dune https://cinedex.test/dashboard/inbox/dmca/12",
      content: "DMCA notice: https://cinedex.test/movie/3/dune https://cinedex.test/dashboard/inbox/dmca/12",
    });
    expect(warnings(h)).toEqual([]);
    expect(await getLastDeliveryFailure(ctx.db)).toBeNull();
  });

  it("lets the operator reply to a contact message's sender", async () => {
    await configure(ctx.db, { recipients: ["ops@cinedex.test"], events: { requests: false, reports: false, contact: true, dmca: false } });
    const h = harness(ctx.db, smtpAt(smtpPort, { user: null, password: null }));
    notifyOperators(h.app, {
      kind: "contact",
      id: 4,
      merged: false,
      summary: "Contact: Hello",
      fields: { name: "Bo", email: "bo@visitor.example", subject: "Hello", message: "Hi" },
      at: "2026-11-22T06:00:00.000Z",
    });
    await h.notifier.drain();
    expect(headersOf(mails[0]!.raw)).toContain("Reply-To: bo@visitor.example");
  });

  it("notifies only the chosen kinds, and not for a repeat merged into an earlier item", async () => {
    await configure(ctx.db, {
      recipients: ["ops@cinedex.test"],
      webhookUrl,
      events: { requests: true, reports: false, contact: false, dmca: true },
    });
    const h = harness(ctx.db, smtpAt(smtpPort));
    notifyOperators(h.app, {
      kind: "reports",
      id: 1,
      merged: false,
      summary: "Broken link: Dune",
      fields: {},
      at: "2026-11-22T06:00:00.000Z",
    });
    notifyOperators(h.app, { kind: "contact", id: 2, merged: false, summary: "Contact: hi", fields: {}, at: "2026-11-22T06:00:00.000Z" });
    notifyOperators(h.app, {
      kind: "requests",
      id: 3,
      merged: true,
      summary: 'Content request: "Dune" (2021)',
      fields: {},
      at: "2026-11-22T06:00:00.000Z",
    });
    notifyOperators(h.app, {
      kind: "requests",
      id: 4,
      merged: false,
      summary: 'Content request: "Arrival" (2016)',
      fields: {},
      at: "2026-11-22T06:00:00.000Z",
    });
    await h.notifier.drain();
    expect(hits.map((hit) => (hit.body as { id: number }).id)).toEqual([4]);
    expect(mails.map((m) => headersOf(m.raw).find((line) => line.startsWith("Subject:")))).toEqual([
      'Subject: [Cinedex] Content request: "Arrival" (2016)',
    ]);

    // The defaults: DMCA only.
    await ctx.db.deleteFrom("settings").where("key", "like", "private.%").execute();
    await configure(ctx.db, { webhookUrl });
    notifyOperators(h.app, { kind: "requests", id: 5, merged: false, summary: "r", fields: {}, at: "2026-11-22T06:00:00.000Z" });
    notifyOperators(h.app, dmcaEvent({ id: 6 }));
    await h.notifier.drain();
    expect(hits.map((hit) => (hit.body as { id: number }).id)).toEqual([4, 6]);
  });

  it("keeps visitor text from adding mail headers or recipients", async () => {
    await configure(ctx.db, { recipients: ["ops@cinedex.test"] });
    const h = harness(ctx.db, smtpAt(smtpPort));
    notifyOperators(
      h.app,
      dmcaEvent({
        summary: "DMCA notice: Dune\r\nBcc: evil@attacker.example\r\n\r\nforged body",
        fields: { name: "X\r\nCc: evil2@attacker.example" },
      }),
    );
    await h.notifier.drain();
    expect(mails).toHaveLength(1);
    expect(mails[0]!.to).toEqual(["ops@cinedex.test"]);
    const headers = headersOf(mails[0]!.raw);
    expect(headers).toContain("Subject: [Cinedex] DMCA notice: Dune Bcc: evil@attacker.example forged body");
    expect(headers.filter((line) => /^(bcc|cc):/i.test(line))).toEqual([]);
  });

  it("returns at once and logs, never throws, when the mail server refuses the connection or the login", async () => {
    await configure(ctx.db, { recipients: ["ops@cinedex.test"] });
    const refused = harness(ctx.db, smtpAt(closedPort));
    expect(notifyOperators(refused.app, dmcaEvent())).toBeUndefined();
    expect(refused.notifier.pending).toBe(1);
    expect(await refused.notifier.drain()).toBe(true);
    expect(warnings(refused)).toEqual([
      expect.objectContaining({
        kind: "dmca",
        id: 12,
        channel: "email",
        msg: "operator notification failed",
        reason: expect.stringMatching(/^e-mail not sent: .*ECONNREFUSED/),
      }),
    ]);
    expect(await getLastDeliveryFailure(ctx.db)).toMatchObject({
      channel: "email",
      kind: "dmca",
      id: 12,
      reason: expect.stringMatching(/ECONNREFUSED/),
    });

    const badLogin = harness(ctx.db, smtpAt(smtpPort, { password: "wrong-password-123" }));
    notifyOperators(badLogin.app, dmcaEvent({ id: 13 }));
    await badLogin.notifier.drain();
    expect(mails).toHaveLength(0);
    expect(warnings(badLogin)).toEqual([
      expect.objectContaining({ kind: "dmca", id: 13, reason: expect.stringMatching(/Invalid login/i) }),
    ]);
    expect(badLogin.logText()).not.toContain("wrong-password-123");
    expect(refused.logText()).not.toContain(SMTP_PASSWORD);
  });

  it("gives up on a mail server that never answers, within the timeout", async () => {
    await configure(ctx.db, { recipients: ["ops@cinedex.test"] });
    const h = harness(ctx.db, smtpAt(silentPort), SHORT_TIMEOUT_MS);
    const started = Date.now();
    notifyOperators(h.app, dmcaEvent());
    expect(Date.now() - started).toBeLessThan(100);
    expect(await h.notifier.drain(5_000)).toBe(true);
    expect(Date.now() - started).toBeLessThan(3_000);
    expect(warnings(h)).toEqual([
      expect.objectContaining({ kind: "dmca", id: 12, channel: "email", reason: expect.stringMatching(/^e-mail not sent: timed out/) }),
    ]);
  });

  it("logs a webhook that answers 500 with the start of its answer, and one that never answers after the timeout", async () => {
    await configure(ctx.db, { webhookUrl });
    webhookMode = "fail";
    const h = harness(ctx.db, null, SHORT_TIMEOUT_MS);
    notifyOperators(h.app, dmcaEvent());
    await h.notifier.drain();
    const reason = String(warnings(h)[0]?.reason);
    expect(reason).toMatch(/^webhook failed: it answered 500: boom x+$/);
    expect(reason.length).toBeLessThan(400);

    webhookMode = "hang";
    const started = Date.now();
    notifyOperators(h.app, dmcaEvent({ id: 14 }));
    expect(Date.now() - started).toBeLessThan(100);
    expect(await h.notifier.drain(5_000)).toBe(true);
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(warnings(h)[1]).toMatchObject({ kind: "dmca", id: 14, channel: "webhook", reason: "webhook failed: no answer within 0.3 s" });
    expect(await getLastDeliveryFailure(ctx.db)).toMatchObject({
      id: 14,
      channel: "webhook",
      reason: "webhook failed: no answer within 0.3 s",
    });
  });

  it("lets shutdown wait for deliveries in flight, but only for the time it is given", async () => {
    await configure(ctx.db, { webhookUrl });
    webhookMode = "hang";
    const h = harness(ctx.db, null, 2_000);
    notifyOperators(h.app, dmcaEvent());
    const started = Date.now();
    expect(await h.notifier.drain(200)).toBe(false);
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(h.notifier.pending).toBe(1);
    for (const res of hanging.splice(0)) res.writeHead(200).end();
    expect(await h.notifier.drain(2_000)).toBe(true);
    expect(h.notifier.pending).toBe(0);
    expect(warnings(h)).toEqual([]);
  });

  it("does not follow a webhook's redirect", async () => {
    await configure(ctx.db, { webhookUrl });
    webhookMode = "redirect";
    const h = harness(ctx.db, null);
    notifyOperators(h.app, dmcaEvent());
    await h.notifier.drain();
    expect(hits.map((hit) => hit.path)).toEqual(["/hook"]);
    expect(warnings(h)[0]).toMatchObject({ reason: "webhook failed: it answered 302 (a redirect, which is not followed)" });
  });

  it("never posts to an internal webhook target unless the operator allows private targets, and shows no answer of it", async () => {
    const h = harness(ctx.db, null, SHORT_TIMEOUT_MS, false);
    const port = new URL(webhookUrl).port;
    webhookMode = "fail";
    const spellings = [webhookUrl, `http://127.1:${port}/hook`, `http://0x7f000001:${port}/hook`, `http://2130706433:${port}/hook`];
    spellings.push(`http://[::ffff:127.0.0.1]:${port}/hook`, "http://169.254.169.254/latest/meta-data/");
    for (const [i, target] of spellings.entries()) {
      await configure(ctx.db, { webhookUrl: target });
      notifyOperators(h.app, dmcaEvent({ id: 100 + i }));
      await h.notifier.drain();
    }
    expect(hits).toEqual([]);
    const reasons = warnings(h).map((w) => String(w.reason));
    expect(reasons).toHaveLength(spellings.length);
    for (const reason of reasons) {
      expect(reason).toMatch(/^webhook failed: refused: .* is a (loopback|link-local) address; only public addresses are allowed/);
      expect(reason).not.toContain("boom");
    }
    expect(await sendTestNotification(h.app)).toEqual({
      ok: false,
      message:
        "Test notification failed: webhook failed: refused: 169.254.169.254 is a link-local address; only public addresses are allowed unless the operator sets WEBHOOK_ALLOW_PRIVATE.",
    });
  });

  it("refuses to save an internal webhook target with a message for the field, unless private targets are allowed", async () => {
    const port = new URL(webhookUrl).port;
    const input = {
      recipients: [],
      webhookUrl: `http://0x7f000001:${port}/hook`,
      events: { requests: false, reports: false, contact: false, dmca: true },
    };
    const refused: unknown = await updateNotifySettings(ctx.db, ACTOR, input, { allowPrivateWebhooks: false }).catch((e: unknown) => e);
    expect(refused).toMatchObject({
      status: 400,
      fields: {
        webhookUrl: [
          "This webhook address cannot be used: 127.0.0.1 is a loopback address; only public addresses are allowed unless the operator sets WEBHOOK_ALLOW_PRIVATE.",
        ],
      },
    });
    expect(await getNotifySettings(ctx.db)).toMatchObject({ webhookUrl: null });
    await updateNotifySettings(ctx.db, ACTOR, input, { allowPrivateWebhooks: true });
    expect(await getNotifySettings(ctx.db)).toMatchObject({ webhookUrl: input.webhookUrl });
  });

  it("the test notification reports each channel's outcome, and says what is missing", async () => {
    const h = harness(ctx.db, null);
    await expect(sendTestNotification(h.app)).rejects.toMatchObject({
      status: 400,
      message: "Nothing to test yet: add an e-mail recipient or a webhook address, and save.",
    });

    await configure(ctx.db, { recipients: ["ops@cinedex.test"], webhookUrl });
    expect(await sendTestNotification(h.app)).toEqual({
      ok: false,
      message: "Test notification failed: e-mail not sent: SMTP_URL is not set; webhook answered 200.",
    });
    expect((hits[0]!.body as { test: boolean; adminUrl: string }).test).toBe(true);
    expect((hits[0]!.body as { adminUrl: string }).adminUrl).toBe("https://cinedex.test/dashboard/inbox");

    const withMail = harness(ctx.db, smtpAt(smtpPort));
    expect(await sendTestNotification(withMail.app)).toEqual({
      ok: true,
      message: "Test notification sent: e-mail sent to ops@cinedex.test; webhook answered 200.",
    });
    expect(decodedBody(mails[0]!.raw)).toContain("This is a test notification from Cinedex");
    // A test is not a delivery failure to keep.
    expect(await getLastDeliveryFailure(ctx.db)).toBeNull();
  });
});
