import { UpdateQueryNode } from "kysely";
import type pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#app/db/client.server.ts";
import { createApiToken } from "#app/modules/api/tokens.server.ts";
import { actorOf } from "#app/modules/auth/accounts.server.ts";
import { SUBMISSION_ID_FIELD } from "#app/modules/inbox/submission-id.ts";
import { CONTACT_MESSAGES } from "#app/modules/inbox/contact/schema.ts";
import { DatabaseUnavailableError } from "#app/utils/errors.ts";
import { migrateToLatest } from "#db/migrate.ts";
import { buildMovie } from "#tests/factories/titles.ts";
import { signIn } from "#tests/helpers/admin.ts";
import { createTestDatabase, testDialects, withPgClient } from "#tests/helpers/database.ts";
import { startInProcessApp, type InProcessApp } from "./fuzz-app.ts";

/**
 * Exactly once at the edges (issue 29): keyed API writes and visitor forms, sent
 * through database faults and retried with the same Idempotency-Key or submission id
 * until they are acknowledged, are stored once each: never lost, never twice, never
 * a 500, no key left "in progress". And a form whose action committed is never
 * answered 503 because the page drawn after it met the fault.
 */

const apps: InProcessApp[] = [];
afterAll(async () => {
  for (const app of apps.splice(0)) await app.close();
}, 60_000);

const contact = (n: number) => ({ name: `Chaos ${n}`, email: `chaos${n}@example.com`, subject: "Exactly once", message: `Message ${n}` });

describe.each(testDialects)("a form whose action committed [%s]", (dialect) => {
  it("is answered 200 with its success when the page's loaders fail after the commit", { timeout: 120_000 }, async () => {
    const database = await createTestDatabase(dialect);
    // After the submission's last write, every read of the same request fails as if the database went away.
    const fault = { armed: true, down: false };
    const db = database.db.withPlugin({
      transformQuery({ node }) {
        if (fault.down && node.kind === "SelectQueryNode")
          throw new DatabaseUnavailableError(new Error("Connection terminated unexpectedly"));
        if (
          fault.armed &&
          UpdateQueryNode.is(node) &&
          (node.table as { table?: { identifier: { name: string } } } | undefined)?.table?.identifier.name === "form_submissions"
        ) {
          fault.down = true;
          fault.armed = false;
        }
        return node;
      },
      transformResult: async ({ result }) => result,
    });
    const app = await startInProcessApp(dialect, { database: async () => ({ ...database, db }) });
    apps.push(app);
    const response = await fetch(`${app.baseURL}/contact-us`, {
      method: "POST",
      body: new URLSearchParams({ ...contact(1), [SUBMISSION_ID_FIELD]: "committed-then-fault-1" }),
    });
    fault.down = false;
    const html = await response.text();
    expect(fault.armed).toBe(false);
    expect(response.status).toBe(200);
    expect(response.headers.get("retry-after")).toBeNull();
    expect(html).toContain(CONTACT_MESSAGES.success.replace(/'/g, "&#x27;"));
    expect(html).not.toContain("Temporarily unavailable");
    const stored = await database.db.selectFrom("contact_messages").select("id").where("name", "=", "Chaos 1").execute();
    expect(stored).toHaveLength(1);
  });
});

const PG_URL = process.env.TEST_DATABASE_URL;
const KEYS = 40;
const FORMS = 40;
const WORKERS = 8;
const RUN_MS = 50_000;
/** Faults for this long, then none: every job must then be acknowledged on its retries. */
const FAULT_MS = 15_000;

interface Tally {
  tried: number;
  acknowledged: number;
  statuses: Map<number, number>;
}

describe.skipIf(!PG_URL)("exactly once through PostgreSQL faults", () => {
  it(
    "keyed API writes and form submissions, retried through terminations and an ALLOW_CONNECTIONS false window: no 500, no stuck key, stored == sent",
    { timeout: 150_000 },
    async () => {
      // A scratch database of this test's own: ALLOW_CONNECTIONS is per database, and other suites share `test`.
      const scratch = `cinedex_chaos_${process.pid}_${Date.now().toString(36)}`;
      await withPgClient(PG_URL!, (c) => c.query(`create database ${scratch}`));
      const url = new URL(PG_URL!);
      url.pathname = `/${scratch}`;
      const dropScratch = () =>
        withPgClient(PG_URL!, async (c) => {
          await c.query(`alter database ${scratch} allow_connections true`);
          await c.query(`drop database if exists ${scratch} with (force)`);
        });
      let handle!: DatabaseHandle;
      let app: InProcessApp;
      try {
        app = await startInProcessApp("postgres", {
          env: { TRUST_PROXY: "loopback" },
          // Opened through the app's own modules, so its faults are the app's DatabaseUnavailableError.
          database: async (openDatabase) => {
            handle = openDatabase({ dialect: "postgres", url: url.toString() });
            await migrateToLatest(handle.db);
            return {
              ...handle,
              async destroy() {
                await handle.close();
                await dropScratch();
              },
            };
          },
        });
      } catch (error) {
        await handle?.close();
        await dropScratch();
        throw error;
      }
      apps.push(app);
      const { admin } = await signIn(handle.db);
      const { secret } = await createApiToken(handle.db, actorOf(admin), { name: "chaos", scope: "catalogue:write", expiry: "never" });

      const api: Tally = { tried: KEYS, acknowledged: 0, statuses: new Map() };
      const forms: Tally = { tried: FORMS, acknowledged: 0, statuses: new Map() };
      const count = (tally: Tally, status: number) => tally.statuses.set(status, (tally.statuses.get(status) ?? 0) + 1);
      const deadline = Date.now() + RUN_MS;
      const movies = Array.from({ length: KEYS }, (_, n) => JSON.stringify(buildMovie({ title: `Chaos title ${n}` })));

      // Each job is sent until acknowledged (2xx), always with its own key or submission id.
      const send = async (job: { kind: "api" | "form"; n: number }) => {
        for (let attempt = 0; Date.now() < deadline; attempt++) {
          let status: number;
          try {
            const response =
              job.kind === "api"
                ? await fetch(`${app.baseURL}/api/v1/titles`, {
                    method: "POST",
                    headers: { Authorization: `Bearer ${secret}`, "Content-Type": "application/json", "Idempotency-Key": `chaos-${job.n}` },
                    body: movies[job.n],
                    signal: AbortSignal.timeout(25_000),
                  })
                : await fetch(`${app.baseURL}/contact-us`, {
                    method: "POST",
                    // An address per attempt: the forms' rate limit is not what this test is about.
                    headers: { "X-Forwarded-For": `10.${job.n}.${attempt % 250}.1` },
                    body: new URLSearchParams({ ...contact(job.n), [SUBMISSION_ID_FIELD]: `chaos-form-${scratch}-${job.n}` }),
                    signal: AbortSignal.timeout(25_000),
                  });
            status = response.status;
            await response.arrayBuffer();
          } catch {
            status = 0; // no answer (the connection was cut): retried like any failure
          }
          const tally = job.kind === "api" ? api : forms;
          count(tally, status);
          if (status >= 200 && status < 300) {
            tally.acknowledged += 1;
            return;
          }
          await new Promise((r) => setTimeout(r, 50 + Math.min(attempt, 10) * 30));
        }
      };
      const jobs = [
        ...Array.from({ length: KEYS }, (_, n) => ({ kind: "api" as const, n })),
        ...Array.from({ length: FORMS }, (_, n) => ({ kind: "form" as const, n })),
      ].sort((a, b) => a.n - b.n);
      let done = false;
      const work = (async () => {
        await Promise.all(
          Array.from({ length: WORKERS }, async () => {
            for (let job = jobs.shift(); job; job = jobs.shift()) await send(job);
          }),
        );
        done = true;
      })();

      // The faults, for FAULT_MS: rounds of terminating the app's backends, then a
      // maintenance window (ALLOW_CONNECTIONS false) with every backend cut.
      const faultsEnd = Date.now() + FAULT_MS;
      const faults = { terminated: 0, windows: 0 };
      const terminate = (c: pg.Client) =>
        c.query(`select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()`, [scratch]);
      await withPgClient(PG_URL!, async (c) => {
        while (!done && Date.now() < faultsEnd) {
          for (let i = 0; i < 6 && !done; i++) {
            faults.terminated += (await terminate(c)).rowCount ?? 0;
            await new Promise((r) => setTimeout(r, 300 + Math.random() * 500));
          }
          if (done) break;
          await c.query(`alter database ${scratch} allow_connections false`);
          faults.windows += 1;
          try {
            faults.terminated += (await terminate(c)).rowCount ?? 0;
            await new Promise((r) => setTimeout(r, 1_000));
          } finally {
            await c.query(`alter database ${scratch} allow_connections true`);
          }
          await new Promise((r) => setTimeout(r, 1_000));
        }
      });
      await work;

      const titles = await handle.db.selectFrom("titles").select("title").where("title", "like", "Chaos title %").execute();
      const messages = await handle.db.selectFrom("contact_messages").select("name").where("name", "like", "Chaos %").execute();
      const stuck = await handle.db.selectFrom("api_idempotency").select("key").where("status", "=", 0).execute();
      const row = (name: string, t: Tally, stored: number) =>
        `${name}: tried ${t.tried} | acknowledged ${t.acknowledged} | stored ${stored} | 500s ${t.statuses.get(500) ?? 0} | statuses ${JSON.stringify(Object.fromEntries(t.statuses))}`;
      console.info(
        [
          `faults: ${faults.terminated} backends terminated, ${faults.windows} ALLOW_CONNECTIONS false windows`,
          row("API (keyed POST /api/v1/titles)", api, titles.length),
          row("forms (POST /contact-us)", forms, messages.length),
          `stuck keys: ${stuck.length}`,
        ].join("\n"),
      );
      if (process.env.CHAOS_DEBUG)
        console.info([...new Set(app.logs.filter((l) => l.level >= 50).map((l) => `${l.msg}: ${l.err?.message}`))].slice(0, 20).join("\n"));

      expect(faults.terminated).toBeGreaterThan(0);
      for (const tally of [api, forms]) {
        expect(tally.statuses.get(500) ?? 0).toBe(0);
        expect([...tally.statuses.keys()].every((s) => s === 0 || (s >= 200 && s < 300) || s === 503)).toBe(true);
        expect(tally.acknowledged).toBe(tally.tried);
      }
      expect(stuck).toEqual([]);
      // Stored == distinct keys: none lost, none twice.
      expect(titles.length).toBe(KEYS);
      expect(new Set(titles.map((t) => t.title)).size).toBe(KEYS);
      expect(messages.length).toBe(FORMS);
      expect(new Set(messages.map((m) => m.name)).size).toBe(FORMS);
    },
  );
});
