import http from "node:http";
import net, { type AddressInfo } from "node:net";
import { sql } from "kysely";
import pino from "pino";
import { SMTPServer } from "smtp-server";
import { afterAll, afterEach, beforeAll, expect, it, vi } from "vitest";
import type { DatabaseTarget } from "#app/db/client.server.ts";
import type { JobRunner } from "#app/modules/jobs/jobs.server.ts";
import { createJobRunner } from "#app/modules/jobs/runner.server.ts";
import { describeEachDatabase, withPgClient } from "#tests/helpers/database.ts";
import type { InboxEvent } from "./events.ts";
import { getLastDeliveryFailure, updateNotifySettings } from "./notify-settings.server.ts";
import { createNotifier, notifyJob, notifyOperators, NOTIFY_JOB } from "./notify.server.ts";

// Operator alerts go through the job queue: an endpoint that is down for a while
// still gets the alert once it is back, exactly once, and a channel that worked is
// not sent again because another one is retried.

const WAIT = { timeout: 20_000, interval: 100 };
const FAST_RETRY = { limit: 6, delaySeconds: 1, backoff: true };

const mails: string[] = [];
const smtpServer = new SMTPServer({
  authOptional: true,
  disabledCommands: ["STARTTLS", "AUTH"],
  logger: false,
  onData(stream, _session, callback) {
    const chunks: Buffer[] = [];
    stream.on("data", (chunk: Buffer) => chunks.push(chunk));
    stream.on("end", () => {
      mails.push(Buffer.concat(chunks).toString("utf8"));
      callback();
    });
  },
});
let smtpPort = 0;

/** The webhook: not listening at first (connections refused), then up. */
const hits: { body: unknown; key: string | undefined }[] = [];
const webhook = http.createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on("data", (chunk: Buffer) => chunks.push(chunk));
  req.on("end", () => {
    hits.push({ body: JSON.parse(Buffer.concat(chunks).toString("utf8")), key: req.headers["idempotency-key"] as string | undefined });
    res.writeHead(204).end();
  });
});
let webhookPort = 0;

const listen = (server: net.Server, port = 0) =>
  new Promise<number>((resolve) => server.listen(port, "127.0.0.1", () => resolve((server.address() as AddressInfo).port)));
const close = (server: net.Server) => new Promise((resolve) => server.close(resolve));

beforeAll(async () => {
  smtpPort = await new Promise<number>((resolve) =>
    smtpServer.listen(0, "127.0.0.1", () => resolve((smtpServer.server.address() as AddressInfo).port)),
  );
  const probe = net.createServer();
  webhookPort = await listen(probe);
  await close(probe);
});

afterAll(async () => {
  await new Promise((resolve) => smtpServer.close(() => resolve(undefined)));
});

const runners: JobRunner[] = [];
afterEach(async () => {
  await Promise.all(runners.splice(0).map((r) => r.stop()));
  if (webhook.listening) {
    webhook.closeAllConnections();
    await close(webhook);
  }
  hits.length = 0;
  mails.length = 0;
});

const event: InboxEvent = {
  kind: "dmca",
  id: 41,
  merged: false,
  summary: "DMCA notice: https://cinedex.test/movie/3/dune",
  fields: { name: "Ada Rights" },
  at: "2026-11-26T10:00:00.000Z",
};

describeEachDatabase("queued operator notifications", (ctx) => {
  let queueSchema: string | undefined;
  afterAll(async () => {
    if (queueSchema) await withPgClient(process.env.TEST_DATABASE_URL!, (c) => c.query(`drop schema if exists ${queueSchema} cascade`));
  });

  async function start({ allowPrivateWebhooks = true } = {}) {
    let target: DatabaseTarget = { dialect: "sqlite", file: "unused" };
    if (ctx.dialect === "postgres") {
      const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(ctx.db);
      target = { dialect: "postgres", url: process.env.TEST_DATABASE_URL!, schema: rows[0]!.schema };
      queueSchema = `${rows[0]!.schema}_jobs`;
    }
    const logger = pino({ level: "silent" });
    const runner = createJobRunner(ctx.handle, target, { logger, tickMs: 200, maintenanceSeconds: 1 });
    runners.push(runner);
    const smtp = { host: "127.0.0.1", port: smtpPort, secure: false, user: null, password: null, from: "alerts@cinedex.test" };
    const notifier = createNotifier({ smtp, timeoutMs: 1_000, allowPrivateWebhooks, jobs: runner });
    const app = { db: ctx.db, logger, publicUrl: "https://cinedex.test", notifier };
    runner.define(notifyJob(app, FAST_RETRY));
    await runner.start();
    await updateNotifySettings(
      ctx.db,
      { id: null, name: "Operator" },
      {
        recipients: ["ops@cinedex.test"],
        webhookUrl: `http://127.0.0.1:${webhookPort}/hook`,
        events: { requests: false, reports: false, contact: false, dmca: true },
      },
    );
    return { runner, app };
  }

  it("a webhook that is down, then up, receives the alert exactly once; the e-mail goes once", async () => {
    const { runner, app } = await start();
    notifyOperators(app, event);
    expect(await app.notifier.drain(5_000)).toBe(true);

    // The webhook refuses connections: the failure is recorded and the job waits for its retry.
    await vi.waitFor(async () => expect(await getLastDeliveryFailure(ctx.db)).toMatchObject({ channel: "webhook", id: 41 }), WAIT);
    expect((await getLastDeliveryFailure(ctx.db))?.reason).toMatch(/connection refused/);
    await vi.waitFor(() => expect(mails).toHaveLength(1), WAIT);

    await listen(webhook, webhookPort);
    await vi.waitFor(() => expect(hits).toHaveLength(1), WAIT);
    expect(hits[0]!.body).toMatchObject({ kind: "dmca", id: 41, adminUrl: "https://cinedex.test/dashboard/inbox/dmca/41" });
    // The delivery's id, the same on every attempt, lets a receiver drop a repeat.
    expect(hits[0]!.key).toMatch(/\S/);
    expect(hits[0]!.body).toMatchObject({ deliveryId: hits[0]!.key });
    await vi.waitFor(
      async () => expect((await runner.stats()).find((s) => s.name === NOTIFY_JOB)).toMatchObject({ queued: 0, active: 0 }),
      WAIT,
    );

    // Nothing more arrives: no second webhook call, no second e-mail.
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    expect(hits).toHaveLength(1);
    expect(mails).toHaveLength(1);
    expect((await runner.stats()).find((s) => s.name === NOTIFY_JOB)).toMatchObject({ queued: 0, failed: 0 });
  });

  it("a webhook address the policy refuses fails once and is not retried; the e-mail still goes", async () => {
    // The address (loopback) was saved while WEBHOOK_ALLOW_PRIVATE was on; it is off now.
    const { runner, app } = await start({ allowPrivateWebhooks: false });
    await listen(webhook, webhookPort);
    notifyOperators(app, event);
    expect(await app.notifier.drain(5_000)).toBe(true);
    await vi.waitFor(async () => expect(await getLastDeliveryFailure(ctx.db)).toMatchObject({ channel: "webhook", id: 41 }), WAIT);
    expect((await getLastDeliveryFailure(ctx.db))?.reason).toMatch(/refused: 127\.0\.0\.1 is a loopback address/);
    await vi.waitFor(() => expect(mails).toHaveLength(1), WAIT);
    // Nothing waits for a retry (one a second with FAST_RETRY), and no attempt failed for the queue.
    await vi.waitFor(
      async () => expect((await runner.stats()).find((s) => s.name === NOTIFY_JOB)).toMatchObject({ queued: 0, active: 0 }),
      { timeout: 5_000, interval: 100 },
    );
    expect((await runner.stats()).find((s) => s.name === NOTIFY_JOB)).toMatchObject({ failures: 0, failed: 0 });
    expect(hits).toHaveLength(0);
  });

  it("a repeat of an item, or a kind the operators did not ask for, queues nothing", async () => {
    const { runner, app } = await start();
    await listen(webhook, webhookPort);
    notifyOperators(app, { ...event, merged: true });
    notifyOperators(app, { ...event, kind: "contact" });
    expect(await app.notifier.drain(5_000)).toBe(true);
    expect((await runner.stats()).find((s) => s.name === NOTIFY_JOB)).toMatchObject({ queued: 0, active: 0 });
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(hits).toHaveLength(0);
    expect(mails).toHaveLength(0);
  });
});
