import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import type { Db } from "#app/db/client.server.ts";
import { createAdmin } from "#app/modules/auth/accounts.server.ts";
import { requireAdmin } from "#app/modules/auth/guard.server.ts";
import type { Role } from "#app/modules/auth/schema.ts";
import { createSession, sessionCookieName } from "#app/modules/auth/sessions.server.ts";
import { getNotifySettings } from "#app/modules/inbox/notify-settings.server.ts";
import { createNotifier } from "#app/modules/inbox/notify.server.ts";
import { action, loader } from "#app/routes/admin/settings.tsx";
import { describeEachDatabase } from "#tests/helpers/database.ts";
import { routeArgs, routeContext } from "#tests/helpers/route.ts";

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

let counter = 0;

/** A signed-in account of the role, as the session cookie the browser would send. */
async function signIn(db: Db, role: Role): Promise<string> {
  counter += 1;
  const password = "correct-horse-battery-staple-9";
  const admin = await createAdmin(db, null, {
    name: `${role} ${counter}`,
    email: `${role}${counter}@cinedex.test`,
    password,
    confirmPassword: password,
    role,
  });
  const { token } = await createSession(db, admin.id, { persistent: false });
  return `${sessionCookieName(false)}=${token}`;
}

interface Outcome {
  status: number;
  body: unknown;
}

/**
 * Runs the settings route the way the server does: the admin guard first, then
 * the loader or action. A thrown `data(…, { status })` (the 403) is its answer.
 */
async function run(
  db: Db,
  cookie: string,
  request: { method: "GET" | "POST"; search?: string; form?: Record<string, string> },
): Promise<Outcome> {
  const url = `http://localhost/dashboard/settings${request.search ?? ""}`;
  const init: RequestInit = { method: request.method, headers: { Cookie: cookie, Origin: "http://localhost" } };
  if (request.form) init.body = new URLSearchParams(request.form);
  const req = new Request(url, init);
  const context = routeContext(db, { notifier: createNotifier({ smtp: null, timeoutMs: 1_000, allowPrivateWebhooks: true }) });
  let outcome: Outcome | undefined;
  await requireAdmin(routeArgs(req, context), async () => {
    try {
      const result: unknown = request.method === "GET" ? await loader(routeArgs(req, context)) : await action(routeArgs(req, context));
      outcome = unwrap(result);
    } catch (thrown) {
      outcome = unwrap(thrown);
    }
    return new Response(null);
  });
  return outcome!;
}

function unwrap(value: unknown): Outcome {
  if (value && typeof value === "object" && (value as { type?: string }).type === "DataWithResponseInit") {
    const d = value as { data: unknown; init: ResponseInit | null };
    return { status: d.init?.status ?? 200, body: d.data };
  }
  return { status: 200, body: value };
}

describeEachDatabase("operator notification settings screen", (ctx) => {
  beforeEach(async () => {
    await ctx.db.deleteFrom("settings").execute();
  });

  it("is refused to editors: the tab, saving and the test button all answer 403, and nothing changes", async () => {
    const editor = await signIn(ctx.db, "editor");
    expect((await run(ctx.db, editor, { method: "GET", search: "?tab=operator" })).status).toBe(403);
    const save = await run(ctx.db, editor, {
      method: "POST",
      form: { intent: "operator", recipients: "me@evil.example", webhookUrl, "events.contact": "on" },
    });
    expect(save.status).toBe(403);
    expect((await run(ctx.db, editor, { method: "POST", form: { intent: "operator-test" } })).status).toBe(403);
    expect(await getNotifySettings(ctx.db)).toMatchObject({ recipients: [], webhookUrl: null });
    // Their own tabs still open.
    expect((await run(ctx.db, editor, { method: "GET", search: "?tab=profile" })).status).toBe(200);
  });

  it("lets an administrator save, see the settings and SMTP state, and send a test that reaches the webhook", async () => {
    const admin = await signIn(ctx.db, "admin");
    const refused = await run(ctx.db, admin, {
      method: "POST",
      form: { intent: "operator", recipients: "nope", webhookUrl: "javascript:alert(1)" },
    });
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

    const saved = await run(ctx.db, admin, {
      method: "POST",
      form: { intent: "operator", recipients: "", webhookUrl, "events.dmca": "on", "events.requests": "on" },
    });
    expect(saved).toEqual({ status: 200, body: { ok: true, intent: "operator", message: "Operator notifications saved!" } });

    const page = await run(ctx.db, admin, { method: "GET", search: "?tab=operator" });
    expect(page.status).toBe(200);
    expect((page.body as { operator: unknown }).operator).toEqual({
      settings: { recipients: [], webhookUrl, events: { requests: true, reports: false, contact: false, dmca: true } },
      smtp: null,
      lastFailure: null,
      timeoutSeconds: 1,
    });

    const tested = await run(ctx.db, admin, { method: "POST", form: { intent: "operator-test" } });
    expect(tested).toEqual({
      status: 200,
      body: { ok: true, intent: "operator-test", message: "Test notification sent: webhook answered 204." },
    });
    expect(bodies).toEqual([expect.objectContaining({ test: true, summary: "Test notification from Cinedex" })]);
  });
});
