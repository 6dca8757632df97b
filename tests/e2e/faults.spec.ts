import net from "node:net";
import path from "node:path";
import Database from "better-sqlite3";
import { expect, test } from "@playwright/test";
import { testSchemaName, withPgClient } from "#tests/helpers/database.ts";
import { distinctUrl, rssKb } from "#tests/faults/load.ts";
import { startServer, type RunningServer } from "#tests/helpers/server-process.ts";

// The production server under faults an operator meets: the database dropping
// connections or going away, SQLite's write lock held by another process, kill -9
// and SIGTERM mid-load, slow clients, many distinct URLs. Each test is bounded;
// the figures they print go into docs/decisions/022-fault-handling.md.

test.describe.configure({ mode: "parallel" });

const PG_URL = process.env.TEST_DATABASE_URL;
const RECOVERY_MS = 5_000;

type Outcome = number | "network error";

/** One contact-form submission from its own client address (TRUST_PROXY=loopback), marked so its row can be counted. */
async function submitContact(baseURL: string, marker: string, i: number, timeoutMs = 20_000): Promise<Outcome> {
  try {
    const response = await fetch(`${baseURL}/contact-us`, {
      method: "POST",
      headers: {
        "Content-Type": "application/x-www-form-urlencoded",
        Origin: baseURL,
        "X-Forwarded-For": `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`,
      },
      body: new URLSearchParams({
        name: `Visitor ${i}`,
        email: `v${i}@example.test`,
        subject: "Hello",
        message: `${marker} submission ${i}`,
      }),
      redirect: "manual",
      signal: AbortSignal.timeout(timeoutMs),
    });
    await response.arrayBuffer();
    return response.status;
  } catch {
    return "network error";
  }
}

const acknowledged = (outcomes: Outcome[]) => outcomes.filter((o) => typeof o === "number" && o >= 200 && o < 300).length;

function tally(outcomes: Outcome[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const o of outcomes) counts[String(o)] = (counts[String(o)] ?? 0) + 1;
  return counts;
}

function sqliteCount(dataDir: string, marker: string): { stored: number; integrity: string } {
  const db = new Database(path.join(dataDir, "cinedex.db"));
  try {
    const stored = (db.prepare("select count(*) as n from contact_messages where message like ?").get(`${marker}%`) as { n: number }).n;
    const integrity = (db.prepare("pragma integrity_check").get() as { integrity_check: string }).integrity_check;
    return { stored, integrity };
  } finally {
    db.close();
  }
}

/** Polls until the server answers /healthz 200 and the home page 200; returns how long that took. */
async function timeToRecover(baseURL: string, limitMs: number): Promise<number> {
  const started = Date.now();
  for (;;) {
    const ok = await Promise.all([fetch(`${baseURL}/healthz`), fetch(`${baseURL}/`)]).then(
      async (responses) => {
        await Promise.all(responses.map((r) => r.arrayBuffer()));
        return responses.every((r) => r.status === 200);
      },
      () => false,
    );
    if (ok) return Date.now() - started;
    if (Date.now() - started > limitMs) throw new Error(`not recovered within ${limitMs} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** A PostgreSQL schema of its own, reached with an application name the test can terminate precisely. */
async function pgTarget(label: string): Promise<{ url: string; application: string; schema: string; drop(): Promise<void> }> {
  const schema = testSchemaName(`fault_${label}`);
  await withPgClient(PG_URL!, (c) => c.query(`create schema ${schema}`));
  const url = new URL(PG_URL!);
  url.searchParams.set("options", `-c search_path=${schema},public`);
  url.searchParams.set("application_name", schema);
  return {
    url: url.toString(),
    application: schema,
    schema,
    drop: () => withPgClient(PG_URL!, (c) => c.query(`drop schema if exists ${schema} cascade`)).then(() => undefined),
  };
}

async function terminateBackends(application: string): Promise<number> {
  return withPgClient(PG_URL!, async (c) => {
    const { rowCount } = await c.query(
      "select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid() and application_name = $1",
      [application],
    );
    return rowCount ?? 0;
  });
}

async function pgStored(schema: string, marker: string): Promise<number> {
  return withPgClient(PG_URL!, async (c) => {
    const { rows } = await c.query(`select count(*)::int as n from ${schema}.contact_messages where message like $1`, [`${marker}%`]);
    return (rows[0] as { n: number }).n;
  });
}

test.describe("PostgreSQL faults", () => {
  test.skip(!PG_URL, "TEST_DATABASE_URL is not set");
  // One at a time: in a CI run, the "gone" test's server once failed its start-up
  // migration with the "terminated" test's search_path while that test was killing
  // backends beside it (cause not found; both passed side by side in 2 local runs).
  test.describe.configure({ mode: "serial" });

  test("terminated connections under form load: the process stays up, recovers within 5 s, nothing acknowledged is lost", async () => {
    test.setTimeout(120_000);
    const target = await pgTarget("term");
    const server = await startServer({ DATABASE_URL: target.url, TRUST_PROXY: "loopback", SEED_DEMO: "false" });
    const marker = `term-${Date.now()}`;
    try {
      const outcomes: Outcome[] = [];
      const recoveries: number[] = [];
      let terminated = 0;
      for (let round = 0; round < 4; round++) {
        // A light load (10 at a time), with the backends terminated in the middle of it.
        const load = Array.from({ length: 30 }, (_, i) => i + round * 100);
        const batch = (async () => {
          for (let k = 0; k < load.length; k += 10) {
            outcomes.push(...(await Promise.all(load.slice(k, k + 10).map((i) => submitContact(server.baseURL, marker, i)))));
          }
        })();
        await new Promise((r) => setTimeout(r, 150));
        terminated += await terminateBackends(target.application);
        await batch;
        expect(server.child.exitCode, server.stderr()).toBeNull();
        recoveries.push(await timeToRecover(server.baseURL, RECOVERY_MS));
      }
      const stored = await pgStored(target.schema, marker);
      console.log(
        `[faults] pg terminate x4 (${terminated} backends): outcomes ${JSON.stringify(tally(outcomes))}, acknowledged ${acknowledged(outcomes)}, stored ${stored}, recovery ms ${recoveries.join("/")}`,
      );
      expect(terminated).toBeGreaterThan(0);
      expect(outcomes.filter((o) => o !== 200 && o !== 503)).toEqual([]);
      // Nothing acknowledged is lost. A backend terminated while its COMMIT was in flight can have
      // committed without the server hearing so: that submission answered 503 yet is stored (in doubt,
      // as after kill -9), so only 503 answers may account for extra rows.
      const refused = outcomes.filter((o) => o === 503).length;
      expect(stored).toBeGreaterThanOrEqual(acknowledged(outcomes));
      expect(stored - acknowledged(outcomes)).toBeLessThanOrEqual(refused);
      expect(server.stderr()).not.toMatch(/Emitted 'error' event|uncaught/i);
    } finally {
      await server.stop();
      await target.drop();
    }
  });

  test("the database gone: /healthz and pages answer 503 at once, then it recovers without a restart", async ({ page }) => {
    test.setTimeout(90_000);
    const target = await pgTarget("gone");
    // The server reaches PostgreSQL through a proxy the test can cut, as a network partition or a stopped database would.
    const upstream = new URL(PG_URL!);
    const sockets = new Set<net.Socket>();
    const proxy = net.createServer((client) => {
      const server = net.connect(Number(upstream.port || 5432), upstream.hostname);
      for (const s of [client, server]) {
        sockets.add(s);
        s.on("close", () => sockets.delete(s));
        s.on("error", () => s.destroy());
      }
      client.pipe(server).pipe(client);
    });
    await new Promise<void>((resolve) => proxy.listen(0, "127.0.0.1", resolve));
    const proxyPort = (proxy.address() as net.AddressInfo).port;
    const viaProxy = new URL(target.url);
    viaProxy.hostname = "127.0.0.1";
    viaProxy.port = String(proxyPort);
    const server = await startServer({ DATABASE_URL: viaProxy.toString(), TRUST_PROXY: "loopback", SEED_DEMO: "false" });
    const marker = `gone-${Date.now()}`;
    try {
      const before = await submitContact(server.baseURL, marker, 1);
      expect(before).toBe(200);

      // Cut: open connections dropped, new ones refused.
      await new Promise<void>((resolve) => {
        proxy.close(() => resolve());
        for (const s of sockets) s.destroy();
      });
      const started = Date.now();
      const health = await fetch(`${server.baseURL}/healthz`);
      expect(health.status).toBe(503);
      expect(health.headers.get("retry-after")).toBe("5");
      expect(await health.json()).toEqual({ status: "error", database: "unavailable" });
      const home = await fetch(`${server.baseURL}/`);
      expect(home.status).toBe(503);
      expect(home.headers.get("retry-after")).toBe("5");
      const html = await home.text();
      const answeredMs = Date.now() - started;
      expect(answeredMs).toBeLessThan(10_000);
      expect(html).toContain("Temporarily unavailable");
      expect(html).toContain("Cinedex is temporarily unavailable. Please try again in a few moments.");
      expect(html).not.toMatch(/at .*\.js:\d+/);
      // In a browser the page hydrates into the same friendly page (the error keeps its status on the client).
      const problems: string[] = [];
      page.on("pageerror", (error) => problems.push(error.message));
      page.on("console", (message) => {
        if (message.type() === "error" && !/status of 503/.test(message.text())) problems.push(message.text());
      });
      await page.goto(`${server.baseURL}/search?q=night`);
      await expect(page.getByRole("heading", { name: "Temporarily unavailable", level: 1 })).toBeVisible();
      await expect(page).toHaveTitle("Temporarily unavailable | Cinedex");
      await page.waitForLoadState("networkidle");
      expect(problems).toEqual([]);
      // Pages, a resource route, the admin sign-in (behind the admin middleware): all the same 503.
      const statuses = await Promise.all(
        ["/search?q=night", "/api/suggest?q=nos", "/admin", "/movie/1", "/sitemap.xml"].map(async (p) => {
          const response = await fetch(`${server.baseURL}${p}`, { redirect: "manual" });
          await response.arrayBuffer();
          return `${p} ${response.status}`;
        }),
      );
      expect(statuses).toEqual(["/search?q=night 503", "/api/suggest?q=nos 503", "/admin 503", "/movie/1 503", "/sitemap.xml 503"]);
      const during = await submitContact(server.baseURL, marker, 2);
      expect(during).toBe(503);
      expect(server.child.exitCode).toBeNull();

      // The database is back on the same address.
      await new Promise<void>((resolve) => proxy.listen(proxyPort, "127.0.0.1", resolve));
      const recoveryMs = await timeToRecover(server.baseURL, RECOVERY_MS);
      const after = await submitContact(server.baseURL, marker, 3);
      expect(after).toBe(200);
      const stored = await pgStored(target.schema, marker);
      console.log(`[faults] pg gone: 503s answered in ${answeredMs} ms, recovered in ${recoveryMs} ms, acknowledged 2, stored ${stored}`);
      expect(stored).toBe(2);
    } finally {
      await server.stop();
      proxy.close();
      for (const s of sockets) s.destroy();
      await target.drop();
    }
  });

  test("kill -9 during 200 concurrent submissions: every acknowledged one is stored", async () => {
    test.setTimeout(90_000);
    const target = await pgTarget("kill");
    const server = await startServer({ DATABASE_URL: target.url, TRUST_PROXY: "loopback", SEED_DEMO: "false" });
    const marker = `kill-${Date.now()}`;
    try {
      const outcomes = await killDuringBurst(server, marker);
      const stored = await pgStored(target.schema, marker);
      console.log(
        `[faults] pg kill -9: outcomes ${JSON.stringify(tally(outcomes))}, acknowledged ${acknowledged(outcomes)}, stored ${stored}`,
      );
      expect(acknowledged(outcomes)).toBeGreaterThan(0);
      expect(stored).toBeGreaterThanOrEqual(acknowledged(outcomes));
      expect(stored).toBeLessThanOrEqual(200);
    } finally {
      await target.drop();
    }
  });
});

/** 200 submissions at once; kill -9 once a quarter of them have an answer. */
async function killDuringBurst(server: RunningServer, marker: string): Promise<Outcome[]> {
  let answered = 0;
  const all = Promise.all(
    Array.from({ length: 200 }, (_, i) =>
      submitContact(server.baseURL, marker, i, 60_000).then((o) => {
        if (typeof o === "number") answered += 1;
        if (answered === 50) server.child.kill("SIGKILL");
        return o;
      }),
    ),
  );
  const outcomes = await all;
  await server.exited;
  return outcomes;
}

test.describe("SQLite faults", () => {
  test("a write lock held past the busy timeout: 503 for the write, not a hang; writes work again once it is released", async () => {
    // Headroom: a server start and a seeded catalogue take a minute on a machine busy with other work.
    test.setTimeout(120_000);
    const server = await startServer({ TRUST_PROXY: "loopback", SEED_DEMO: "true" });
    const marker = `lock-${Date.now()}`;
    const holder = new Database(path.join(server.dataDir, "cinedex.db"));
    try {
      expect(await submitContact(server.baseURL, marker, 1)).toBe(200);
      holder.exec("begin immediate");
      const started = Date.now();
      const response = await fetch(`${server.baseURL}/contact-us`, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: server.baseURL, "X-Forwarded-For": "10.9.9.9" },
        body: new URLSearchParams({ name: "Locked out", email: "l@example.test", subject: "Hello", message: `${marker} locked` }),
      });
      const waitedMs = Date.now() - started;
      expect(response.status).toBe(503);
      expect(response.headers.get("retry-after")).toBe("5");
      const html = await response.text();
      // The form comes back with the message and what the visitor typed.
      expect(html).toContain("Cinedex is temporarily unavailable. Please try again in a few moments.");
      expect(html).toContain(`${marker} locked`);
      expect(waitedMs).toBeLessThan(15_000);
      holder.exec("rollback");
      expect(await submitContact(server.baseURL, marker, 2)).toBe(200);
      expect(server.child.exitCode).toBeNull();
      const { stored } = sqliteCount(server.dataDir, marker);
      console.log(`[faults] sqlite lock: 503 after ${waitedMs} ms; acknowledged 2, stored ${stored}`);
      expect(stored).toBe(2);
    } finally {
      if (holder.inTransaction) holder.exec("rollback");
      holder.close();
      await server.stop();
    }
  });

  test("kill -9 during 200 concurrent submissions: every acknowledged one is stored and the file is intact", async () => {
    test.setTimeout(90_000);
    const server = await startServer({ TRUST_PROXY: "loopback", SEED_DEMO: "true" });
    const marker = `kill-${Date.now()}`;
    const outcomes = await killDuringBurst(server, marker);
    const { stored, integrity } = sqliteCount(server.dataDir, marker);
    console.log(
      `[faults] sqlite kill -9: outcomes ${JSON.stringify(tally(outcomes))}, acknowledged ${acknowledged(outcomes)}, stored ${stored}, integrity ${integrity}`,
    );
    expect(integrity).toBe("ok");
    expect(acknowledged(outcomes)).toBeGreaterThan(0);
    expect(stored).toBeGreaterThanOrEqual(acknowledged(outcomes));
    expect(stored).toBeLessThanOrEqual(200);
  });
});

test.describe("process", () => {
  test("SIGTERM with 50 submissions in flight: all complete and are stored, then it exits cleanly", async () => {
    test.setTimeout(60_000);
    const server = await startServer({ TRUST_PROXY: "loopback", SEED_DEMO: "false" });
    const marker = `term-${Date.now()}`;
    const url = new URL(server.baseURL);
    // Each connection first gets an answer (so the server has surely accepted it), then
    // sends a submission whose body is only half written when the signal arrives.
    const bodies = Array.from({ length: 50 }, (_, i) =>
      new URLSearchParams({ name: `V${i}`, email: `v${i}@example.test`, subject: "Hi", message: `${marker} ${i}` }).toString(),
    );
    const sockets = await Promise.all(
      bodies.map(
        (body, i) =>
          new Promise<{ socket: net.Socket; rest: string; done: Promise<string> }>((resolve, reject) => {
            const socket = net.connect(Number(url.port), url.hostname, () =>
              socket.write(`HEAD /healthz HTTP/1.1\r\nHost: ${url.host}\r\n\r\n`),
            );
            socket.on("error", reject);
            let answer = "";
            let sent = false;
            const done = new Promise<string>((res) => socket.on("close", () => res(answer)));
            socket.setEncoding("utf8").on("data", (chunk: string) => {
              answer += chunk;
              if (sent || !answer.includes("\r\n\r\n")) return;
              sent = true;
              answer = "";
              socket.write(
                `POST /contact-us HTTP/1.1\r\nHost: ${url.host}\r\nOrigin: ${server.baseURL}\r\nX-Forwarded-For: 10.1.0.${i}\r\n` +
                  `Content-Type: application/x-www-form-urlencoded\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n` +
                  body.slice(0, 10),
              );
              resolve({ socket, rest: body.slice(10), done });
            });
          }),
      ),
    );
    // Let the server see every request before the signal.
    await new Promise((r) => setTimeout(r, 300));
    server.child.kill("SIGTERM");
    await new Promise((r) => setTimeout(r, 300));
    for (const { socket, rest } of sockets) socket.write(rest);
    const answers = await Promise.all(sockets.map((s) => s.done));
    const statuses = answers.map((a) => Number(/^HTTP\/1\.1 (\d{3})/.exec(a)?.[1] ?? 0));
    expect(await server.exited).toBe(0);
    const { stored } = sqliteCount(server.dataDir, marker);
    console.log(`[faults] SIGTERM in flight: statuses ${JSON.stringify(tally(statuses))}, stored ${stored}`);
    expect(statuses.filter((s) => s !== 200)).toEqual([]);
    expect(stored).toBe(50);
  });

  test("/readyz answers 503 from the moment shutdown starts, while a request is still being served", async () => {
    const server = await startServer({ SEED_DEMO: "false" });
    const url = new URL(server.baseURL);
    // One connection, answered once (so the server has surely accepted it), then a /readyz whose
    // headers are not finished when the signal arrives: the stop waits for it.
    const socket = net.connect(Number(url.port), url.hostname);
    socket.setEncoding("utf8");
    let answer = "";
    socket.on("data", (chunk: string) => (answer += chunk));
    const closed = new Promise<void>((resolve) => socket.on("close", () => resolve()));
    socket.write(`GET /readyz HTTP/1.1\r\nHost: ${url.host}\r\n\r\n`);
    await expect.poll(() => answer, { timeout: 10_000 }).toContain('"status":"ok"');
    answer = "";
    socket.write(`GET /readyz HTTP/1.1\r\nHost: ${url.host}\r\nConnection: close\r\n`);
    server.child.kill("SIGTERM");
    // The listener is closed once the stop has begun.
    await expect
      .poll(
        () =>
          fetch(`${server.baseURL}/healthz`).then(
            () => "listening",
            () => "refused",
          ),
        { timeout: 10_000 },
      )
      .toBe("refused");
    socket.write("\r\n");
    await closed;
    expect(answer).toMatch(/^HTTP\/1\.1 503 /);
    expect(answer).toMatch(/retry-after: 5/i);
    expect(answer).toContain('{"status":"stopping"}');
    expect(await server.exited).toBe(0);
  });

  test("SIGTERM while PostgreSQL does not answer: exits 1 at SHUTDOWN_TIMEOUT_MS, naming what was still open", async () => {
    test.skip(!PG_URL, "needs TEST_DATABASE_URL");
    test.setTimeout(90_000);
    const target = await pgTarget("blackhole");
    // The server reaches PostgreSQL through a proxy that can turn into a black hole: connections
    // stay open and new ones are accepted, but nothing is forwarded any more (a network partition).
    const upstream = new URL(PG_URL!);
    let blackhole = false;
    const sockets = new Set<net.Socket>();
    const proxy = net.createServer((client) => {
      sockets.add(client);
      client.on("close", () => sockets.delete(client));
      client.on("error", () => client.destroy());
      if (blackhole) return;
      const server = net.connect(Number(upstream.port || 5432), upstream.hostname);
      sockets.add(server);
      server.on("close", () => sockets.delete(server));
      server.on("error", () => server.destroy());
      client.on("data", (chunk: Buffer) => void (blackhole || server.write(chunk)));
      server.on("data", (chunk: Buffer) => void (blackhole || client.write(chunk)));
    });
    await new Promise<void>((resolve) => proxy.listen(0, "127.0.0.1", resolve));
    const viaProxy = new URL(target.url);
    viaProxy.hostname = "127.0.0.1";
    viaProxy.port = String((proxy.address() as net.AddressInfo).port);
    const timeoutMs = 3_000;
    const server = await startServer({
      DATABASE_URL: viaProxy.toString(),
      SEED_DEMO: "false",
      SHUTDOWN_TIMEOUT_MS: String(timeoutMs),
    });
    try {
      expect((await fetch(`${server.baseURL}/search?q=night`)).status).toBe(200);
      blackhole = true;
      // A request now waits on the database (its query_timeout is 20 s, longer than the deadline).
      const hung = fetch(`${server.baseURL}/search?q=day`).then(
        (r) => r.status,
        () => "network error",
      );
      await new Promise((r) => setTimeout(r, 300));
      const started = Date.now();
      server.child.kill("SIGTERM");
      const code = await server.exited;
      const tookMs = Date.now() - started;
      console.log(`[faults] SIGTERM with PostgreSQL blackholed: exit ${code} after ${tookMs} ms (deadline ${timeoutMs} ms)`);
      expect(code).toBe(1);
      expect(tookMs).toBeGreaterThanOrEqual(timeoutMs - 100);
      expect(tookMs).toBeLessThan(timeoutMs + 5_000);
      const line = server
        .stdout()
        .split("\n")
        .find((l) => l.includes("still open"));
      expect(line, server.stdout().slice(-2_000)).toBeTruthy();
      const logged = JSON.parse(line!) as { level: number; timeoutMs: number; still: string[]; msg: string };
      console.log(`[faults] ${logged.msg}`);
      expect(logged).toMatchObject({ level: 50, timeoutMs });
      expect(logged.still.length).toBeGreaterThan(0);
      expect(await hung).toBe("network error");
    } finally {
      if (server.child.exitCode === null) server.child.kill("SIGKILL");
      await new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        proxy.close(() => resolve());
      });
      await target.drop();
    }
  });

  test("client mistakes are 4xx: unknown methods 405 with Allow, a POST to a page without an action 405, malformed bodies 400", async () => {
    const server = await startServer({ SEED_DEMO: "false" });
    const url = new URL(server.baseURL);
    const raw = (request: string) =>
      new Promise<string>((resolve, reject) => {
        let answer = "";
        const socket = net.connect(Number(url.port), url.hostname, () => socket.end(request));
        socket.setEncoding("utf8").on("data", (chunk: string) => (answer += chunk));
        socket.on("error", reject);
        socket.on("close", () => resolve(answer));
      });
    try {
      for (const method of ["TRACE", "PROPFIND", "MKCOL"]) {
        const answer = await raw(`${method} / HTTP/1.1\r\nHost: ${url.host}\r\nConnection: close\r\n\r\n`);
        expect(answer).toMatch(/^HTTP\/1\.1 405 /);
        expect(answer).toMatch(/\r\nAllow: GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS\r\n/i);
      }
      const post = (path: string, type: string, body: string) =>
        fetch(`${server.baseURL}${path}`, { method: "POST", headers: { "Content-Type": type, Origin: server.baseURL }, body });
      expect((await post("/search", "application/x-www-form-urlencoded", "q=x")).status).toBe(405);
      const broken = await post("/contact-us", "multipart/form-data; boundary=xx", "--xx\r\ngarbage");
      expect(broken.status).toBe(400);
      expect(await broken.text()).not.toMatch(/\bat .+:\d+:\d+/);
      expect((await post("/api/request-title", "application/json", "{")).status).toBe(400);
      expect(server.child.exitCode).toBeNull();
    } finally {
      await server.stop();
    }
  });

  test("slow clients (slowloris headers, a trickled body) are cut off while others are served", async () => {
    test.setTimeout(60_000);
    const server = await startServer({ SEED_DEMO: "false" });
    const url = new URL(server.baseURL);
    const trickle = (head: string, drip: string) =>
      new Promise<{ closedAfterMs: number; answer: string }>((resolve) => {
        const started = Date.now();
        let answer = "";
        const socket = net.connect(Number(url.port), url.hostname, () => socket.write(head));
        const timer = setInterval(() => socket.write(drip), 1_000);
        socket.setEncoding("utf8").on("data", (chunk: string) => (answer += chunk));
        socket.on("error", () => {});
        socket.on("close", () => {
          clearInterval(timer);
          resolve({ closedAfterMs: Date.now() - started, answer });
        });
      });
    try {
      const headers = trickle(`GET / HTTP/1.1\r\nHost: ${url.host}\r\n`, "X-Slow: 1\r\n");
      const body = trickle(
        `POST /contact-us HTTP/1.1\r\nHost: ${url.host}\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 100000\r\n\r\n`,
        "a",
      );
      // Meanwhile everyone else is served.
      let served = 0;
      const others = (async () => {
        for (let i = 0; i < 20; i++) {
          const response = await fetch(`${server.baseURL}/healthz`);
          await response.arrayBuffer();
          if (response.status === 200) served += 1;
          await new Promise((r) => setTimeout(r, 250));
        }
      })();
      const [slowHeaders, slowBody] = await Promise.all([headers, body, others]);
      console.log(
        `[faults] slowloris: headers cut after ${slowHeaders.closedAfterMs} ms, body cut after ${slowBody.closedAfterMs} ms, ${served}/20 others served`,
      );
      expect(served).toBe(20);
      // headersTimeout 15 s and requestTimeout 30 s, checked every second.
      expect(slowHeaders.closedAfterMs).toBeLessThan(20_000);
      expect(slowBody.closedAfterMs).toBeLessThan(35_000);
      expect(slowHeaders.answer).toMatch(/^(HTTP\/1\.1 408|$)/);
      expect(server.child.exitCode).toBeNull();
    } finally {
      await server.stop();
    }
  });

  test("many distinct URLs leave memory bounded", async () => {
    // A bounded number of requests; the headroom is for a machine busy with other work.
    test.setTimeout(300_000);
    const server = await startServer({ SEED_DEMO: "true", TRUST_PROXY: "loopback" });
    try {
      const statuses: Record<string, number> = {};
      const run = async (from: number, count: number) => {
        let next = from;
        await Promise.all(
          Array.from({ length: 8 }, async () => {
            while (next < from + count) {
              const i = next++;
              const response = await fetch(`${server.baseURL}${distinctUrl(i)}`, {
                headers: { "X-Forwarded-For": `10.2.${(i >> 8) & 255}.${i & 255}` },
              });
              await response.arrayBuffer();
              statuses[response.status] = (statuses[response.status] ?? 0) + 1;
            }
          }),
        );
      };
      // Warm-up first: V8 grows its heap to a working size before it settles.
      await run(0, MEMORY_REQUESTS);
      const warm = await rssKb(server.child.pid!);
      const started = Date.now();
      await run(MEMORY_REQUESTS, MEMORY_REQUESTS);
      const middle = await rssKb(server.child.pid!);
      await run(2 * MEMORY_REQUESTS, MEMORY_REQUESTS);
      const after = await rssKb(server.child.pid!);
      console.log(
        `[faults] memory: 3 x ${MEMORY_REQUESTS} distinct URLs (${Date.now() - started} ms for the last two), RSS after each ${[warm, middle, after].map((kb) => Math.round(kb / 1024)).join(" / ")} MB, statuses ${JSON.stringify(statuses)}`,
      );
      expect(Object.keys(statuses).filter((s) => Number(s) >= 500)).toEqual([]);
      expect(after).toBeLessThan(MEMORY_RSS_LIMIT_KB);
      expect(after - warm).toBeLessThan(MEMORY_GROWTH_LIMIT_KB);
    } finally {
      await server.stop();
    }
  });
});

/** The full 100,000 runs in bench/memory.ts; here counts this machine serves in about a minute. */
const MEMORY_REQUESTS = 1_500;
/** Bounds with room over what bench/memory.ts measured (ADR 022). */
const MEMORY_RSS_LIMIT_KB = 512 * 1024;
const MEMORY_GROWTH_LIMIT_KB = 96 * 1024;
