import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import type { Db } from "#app/db/client.server.ts";
import { getNotifySettings } from "#app/modules/inbox/notify-settings.server.ts";
import { createNotifier } from "#app/modules/inbox/notify.server.ts";
import { action as testAction } from "#app/routes/admin/settings/operator-test.tsx";
import { loader as operatorLoader, action as saveAction } from "#app/routes/admin/settings/operator.tsx";
import { loader as profileLoader } from "#app/routes/admin/settings/profile.tsx";
import { callAdminRoute, signIn } from "#tests/helpers/admin.ts";
import { describeEachDatabase } from "#tests/helpers/database.ts";

const bodies: unknown[] = [];
const receiver = http.createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on("data", (chunk: Buffer) => chunks.push(chunk));
  req.on("end", () => {
    bodies.push(JSON.parse(Buffer.concat(chunks).toString("utf8")));
    res.writeHead(204).end();
  });
});
let webhookUrl = "";

beforeAll(async () => {
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  webhookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
});
afterAll(async () => {
  await new Promise((resolve) => receiver.close(resolve));
});
beforeEach(() => {
  bodies.length = 0;
});

type Action = (args: never) => unknown;

/** Runs a settings route the way the server does: the admin guard first, then its loader or action. */
function run(db: Db, cookie: string, handler: Action, path: string, form?: Record<string, string>) {
  return callAdminRoute(handler, db, {
    method: form ? "POST" : "GET",
    path,
    form,
    cookie,
    context: { notifier: createNotifier({ smtp: null, timeoutMs: 1_000, allowPrivateWebhooks: true }) },
  });
}

const OPERATOR = "/dashboard/settings/operator";
const TEST = "/dashboard/settings/operator/test";

describeEachDatabase("operator notification settings screen", (ctx) => {
  beforeEach(async () => {
    await ctx.db.deleteFrom("settings").execute();
  });

  it("is refused to editors: the tab, saving and the test button all answer 403, and nothing changes", async () => {
    const { cookie: editor } = await signIn(ctx.db, "editor");
    expect((await run(ctx.db, editor, operatorLoader, OPERATOR)).status).toBe(403);
    const save = await run(ctx.db, editor, saveAction, OPERATOR, { recipients: "me@evil.example", webhookUrl, "events.contact": "on" });
    expect(save.status).toBe(403);
    expect((await run(ctx.db, editor, testAction, TEST, {})).status).toBe(403);
    expect(await getNotifySettings(ctx.db)).toMatchObject({ recipients: [], webhookUrl: null });
    // Their own tabs still open.
    expect((await run(ctx.db, editor, profileLoader, "/dashboard/settings")).status).toBe(200);
  });

  it("lets an administrator save, see the settings and SMTP state, and send a test that reaches the webhook", async () => {
    const { cookie: admin } = await signIn(ctx.db, "admin");
    const refused = await run(ctx.db, admin, saveAction, OPERATOR, { recipients: "nope", webhookUrl: "javascript:alert(1)" });
    expect(refused).toMatchObject({
      status: 400,
      body: {
        ok: false,
        error: "Some notification settings need attention.",
        fields: {
          recipients: [expect.stringContaining("“nope” is not an e-mail address")],
          webhookUrl: [expect.stringContaining("http:// or https://")],
        },
        values: { recipients: "nope", webhookUrl: "javascript:alert(1)" },
      },
    });

    const saved = await run(ctx.db, admin, saveAction, OPERATOR, {
      recipients: "",
      webhookUrl,
      "events.dmca": "on",
      "events.requests": "on",
    });
    expect(saved).toMatchObject({ status: 200, body: { ok: true, message: "Operator notifications saved!" } });

    const page = await run(ctx.db, admin, operatorLoader, OPERATOR);
    expect(page.status).toBe(200);
    expect(page.body).toEqual({
      settings: { recipients: [], webhookUrl, events: { requests: true, reports: false, contact: false, dmca: true } },
      smtp: null,
      lastFailure: null,
      timeoutSeconds: 1,
    });

    const tested = await run(ctx.db, admin, testAction, TEST, {});
    expect(tested).toMatchObject({ status: 200, body: { ok: true, message: "Test notification sent: webhook answered 204." } });
    expect(bodies).toEqual([expect.objectContaining({ test: true, summary: "Test notification from Cinedex" })]);
  });
});
