import { spawn } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { testSchemaName, withPgClient } from "#tests/helpers/database.ts";
import { freePort, spawnServer, startServer, tempDataDir } from "#tests/helpers/server-process.ts";

// The production server as an operator runs it: configuration, data, shutdown.

test.describe.configure({ mode: "parallel" });

/** The titles of the home page's "Latest uploads" grid (the rows above it repeat some of them). */
async function homeTitles(baseURL: string): Promise<string[]> {
  const html = await (await fetch(`${baseURL}/`)).text();
  const grid = html.slice(html.indexOf('aria-labelledby="latest-heading"'));
  return [...grid.matchAll(/<h3[^>]*>([^<]+)<\/h3>/g)].map((m) => m[1]!);
}

test("invalid configuration stops the server with one line naming the variable", async () => {
  for (const [env, expected] of [
    [{ PORT: "abc" }, 'Invalid configuration: PORT must be a whole number from 1 to 65535 (got "abc").'],
    [{ DATABASE_URL: "mysql://root:pw@db/x" }, "Invalid configuration: DATABASE_URL must be a postgres:// URL or a path to a SQLite file."],
  ] as const) {
    const proc = spawnServer({ ...env, DATA_DIR: tempDataDir() });
    expect(await proc.exited).toBe(1);
    expect(proc.stderr()).toBe(`${expected}\n`);
  }
});

test("an unreachable database stops the server with one clear line", async () => {
  const proc = spawnServer({ DATABASE_URL: "postgres://nobody@127.0.0.1:1/none", DATA_DIR: tempDataDir() });
  expect(await proc.exited).toBe(1);
  expect(proc.stderr()).toMatch(/^Cannot prepare the database \(PostgreSQL 127\.0\.0\.1:1\/none\): .*ECONNREFUSED.*\n$/);
});

test("with no configuration it seeds the demo catalogue once and keeps data across restarts", async () => {
  const dataDir = tempDataDir();
  const first = await startServer({}, dataDir);
  const titles = await homeTitles(first.baseURL);
  expect(titles).toHaveLength(15);
  const secret = fs.readFileSync(path.join(dataDir, "session-secret"), "utf8");
  expect(fs.existsSync(path.join(dataDir, "cinedex.db"))).toBe(true);
  expect(await first.stop()).toBe(0);

  const second = await startServer({}, dataDir);
  expect(await homeTitles(second.baseURL)).toEqual(titles);
  expect(fs.readFileSync(path.join(dataDir, "session-secret"), "utf8")).toBe(secret);
  expect(await second.stop()).toBe(0);
});

test("SEED_DEMO=false starts with an empty catalogue", async () => {
  const server = await startServer({ SEED_DEMO: "false" });
  const html = await (await fetch(`${server.baseURL}/`)).text();
  expect(html).toContain("No movies available at the moment. Please try again later.");
  expect(await server.stop()).toBe(0);
});

test("on SIGTERM it stops accepting, finishes the request in flight, then exits cleanly", async () => {
  const server = await startServer({ SEED_DEMO: "false" });
  const url = new URL(server.baseURL);
  // A request whose body is only half sent when the signal arrives.
  const inFlight = new Promise<number>((resolve, reject) => {
    const req = http.request(
      {
        host: url.hostname,
        port: url.port,
        method: "POST",
        path: "/",
        headers: { "Content-Type": "application/x-www-form-urlencoded", "Content-Length": "7" },
      },
      (res) => {
        res.resume();
        res.on("end", () => resolve(res.statusCode!));
      },
    );
    req.on("error", reject);
    req.write("a=1");
    setTimeout(() => {
      server.child.kill("SIGTERM");
      setTimeout(() => {
        void expect(fetch(`${server.baseURL}/healthz`))
          .rejects.toThrow()
          .then(() => req.end("&b=2"), reject);
      }, 300);
    }, 200);
  });
  expect(await inFlight).toBe(405);
  expect(await server.exited).toBe(0);
});

test("DATABASE_URL=postgres://… serves the same demo catalogue from PostgreSQL", async () => {
  const url = process.env.TEST_DATABASE_URL;
  test.skip(!url, "TEST_DATABASE_URL is not set");
  const schema = testSchemaName("e2e");
  await withPgClient(url!, (c) => c.query(`create schema ${schema}`));
  try {
    const pgUrl = new URL(url!);
    pgUrl.searchParams.set("options", `-c search_path=${schema},public`);
    const [pgServer, sqliteServer] = await Promise.all([startServer({ DATABASE_URL: pgUrl.toString() }), startServer()]);
    expect(await homeTitles(pgServer.baseURL)).toEqual(await homeTitles(sqliteServer.baseURL));
    const { rows } = await withPgClient(url!, (c) => c.query(`select count(*)::int as n from ${schema}.titles`));
    expect(rows[0].n).toBeGreaterThanOrEqual(43);
    expect(await pgServer.stop()).toBe(0);
    expect(await sqliteServer.stop()).toBe(0);
  } finally {
    await withPgClient(url!, (c) => c.query(`drop schema if exists ${schema} cascade`));
  }
});

test("the development server (npm run dev) serves the same pages", async () => {
  test.setTimeout(90_000);
  const port = await freePort();
  const child = spawn(process.execPath, ["node_modules/tsx/dist/cli.mjs", "server/dev.ts"], {
    env: {
      PATH: process.env.PATH,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: tempDataDir(),
      LOG_LEVEL: "warn",
      LINK_CHECKS: "false",
    },
    stdio: ["ignore", "ignore", "pipe"],
  });
  let stderr = "";
  child.stderr!.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
  try {
    const base = `http://127.0.0.1:${port}`;
    const deadline = Date.now() + 60_000;
    while (
      !(await fetch(`${base}/healthz`).then(
        (r) => r.ok,
        () => false,
      ))
    ) {
      expect(child.exitCode, stderr).toBeNull();
      expect(Date.now() < deadline, `dev server did not start: ${stderr}`).toBe(true);
      await new Promise((r) => setTimeout(r, 200));
    }
    const home = await fetch(`${base}/`);
    expect(home.status).toBe(200);
    const html = await home.text();
    expect(html).toContain("Latest uploads");
    const title = /href="(\/movie\/\d+\/[^"#]+)"/.exec(html)![1]!;
    expect((await fetch(`${base}${title}`)).status).toBe(200);
    expect((await fetch(`${base}/api/suggest?q=nos`)).status).toBe(200);
  } finally {
    child.kill("SIGTERM");
  }
});
