// One instance against two, on one PostgreSQL, behind nginx (round robin), issue 17.
//   npm run bench:scale [-- --no-build] [--duration 5] [--connections 32] [--database-url postgres://…]
// Builds, prepares a fresh schema with the demo catalogue, starts the production
// server four times (two with the page cache, two with PAGE_CACHE=false) and one
// nginx with four upstreams (the README's "Running several instances" block: one
// instance, two instances, cached and uncached). Measured with wrk, one at a time,
// through nginx: the home page uncached and cached, and a contact-form POST (each
// from its own client address, so the per-client limit does not refuse them).
// Then the cost of metrics: the cached home page straight from one instance with
// and without METRICS, and the middleware's cost measured in process. Prints req/s,
// p50, p99 and errors side by side. Loopback only; each run lasts --duration seconds.
// Needs nginx and wrk (apt-get install -y nginx wrk).
import { execFileSync, spawnSync, type ChildProcess } from "node:child_process";
import crypto from "node:crypto";
import { EventEmitter } from "node:events";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import type { Request, Response } from "express";
import { openDatabase } from "#app/db/client.server.ts";
import { migrateToLatest } from "#db/migrate.ts";
import { seedDemoCatalogue } from "#db/seed/seed.ts";
import { createMetrics, metricsMiddleware } from "#server/metrics.ts";
import { withPgClient } from "#tests/helpers/database.ts";
import { freePort, startServer, type RunningServer } from "#tests/helpers/server-process.ts";
import { requireTools, startNginx, wrk, type WrkResult } from "./tools.ts";

const { values } = parseArgs({
  options: {
    "no-build": { type: "boolean", default: false },
    duration: { type: "string", default: "5" },
    connections: { type: "string", default: "32" },
    "database-url": {
      type: "string",
      default: process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test",
    },
  },
});
const duration = Math.min(Math.max(Number(values.duration) || 5, 1), 60);
const connections = Math.min(Math.max(Number(values.connections) || 32, 1), 512);
const pgUrl = values["database-url"];

requireTools(["nginx", "wrk"]);

if (!values["no-build"]) {
  console.log("building…");
  execFileSync("npm", ["run", "build"], { stdio: "ignore" });
}

const work = fs.mkdtempSync(path.join(os.tmpdir(), "cinedex-bench-scale-"));
fs.chmodSync(work, 0o755);
const children: ChildProcess[] = [];
const servers: RunningServer[] = [];
let schema = "";
function cleanUp() {
  for (const child of children) if (child.exitCode === null) child.kill("SIGTERM");
  for (const server of servers) if (server.child.exitCode === null) server.child.kill("SIGTERM");
  if (schema) {
    spawnSync(process.execPath, [
      "-e",
      `const pg=require("pg");const c=new pg.Client(${JSON.stringify(pgUrl)});c.connect().then(()=>c.query("drop schema if exists ${schema} cascade")).finally(()=>c.end())`,
    ]);
    schema = "";
  }
  fs.rmSync(work, { recursive: true, force: true });
}
process.on("exit", cleanUp);
process.on("SIGINT", () => process.exit(130));

/** A schema of its own in the given database, migrated and seeded; returns the URL the servers use. */
async function preparePostgres(): Promise<string> {
  schema = `cinedex_bench_scale_${crypto.randomBytes(4).toString("hex")}`;
  await withPgClient(pgUrl, (c) => c.query(`create schema ${schema}`));
  const handle = openDatabase({ dialect: "postgres", url: pgUrl, schema });
  await migrateToLatest(handle.db);
  await seedDemoCatalogue(handle.db);
  await handle.close();
  const target = new URL(pgUrl);
  target.searchParams.set("options", `-c search_path=${schema},public`);
  return target.toString();
}

/** The upstreams and proxy settings of README "Running several instances", one upstream (and path prefix) per setup. */
function nginxHttpBlock(port: number, upstreams: Record<string, string[]>): string {
  const blocks = Object.entries(upstreams)
    .map(([name, servers]) => `  upstream ${name} {\n${servers.map((s) => `    server ${s};\n`).join("")}    keepalive 32;\n  }`)
    .join("\n");
  const locations = Object.keys(upstreams)
    .map(
      (name) => `    location /${name}/ {
      proxy_pass http://${name}/;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
    }`,
    )
    .join("\n");
  return `${blocks}
  server {
    listen 127.0.0.1:${port};
${locations}
  }`;
}

/** A wrk script posting the contact form, each request from its own client address. */
function postScript(publicUrl: string): string {
  const file = path.join(work, "post.lua");
  fs.writeFileSync(
    file,
    `local n = 0
wrk.method = "POST"
wrk.headers["Content-Type"] = "application/x-www-form-urlencoded"
wrk.headers["Origin"] = "${publicUrl}"
request = function()
  n = n + 1
  local a = math.random(0, 255)
  local ip = "10." .. a .. "." .. math.floor(n / 256) % 256 .. "." .. n % 256
  wrk.headers["X-Forwarded-For"] = ip
  wrk.body = "name=Bench&email=bench%40example.test&subject=Load&message=Scale+benchmark+" .. n
  return wrk.format(nil)
end
`,
  );
  return file;
}

type Row = { workload: string; setup: string; result: WrkResult };
const rows: Row[] = [];

function measure(workload: string, setup: string, url: string, script?: string) {
  // Slow answers are latencies, not errors: the server's own limit is 30 s (SERVER_TIMEOUTS.requestMs).
  const result = wrk(url, { connections, duration, script, timeoutSeconds: 30 });
  rows.push({ workload, setup, result });
  console.log(`  ${workload.padEnd(20)} ${setup.padEnd(34)} ${Math.round(result.rps).toLocaleString("en-US").padStart(8)} req/s`);
}

/**
 * The middleware's own cost, in process: a request's finish with and without it
 * (wrk's figures on a shared machine vary more than this difference).
 */
function middlewareCost(): { baselineNs: number; withMetricsNs: number } {
  const metrics = createMetrics({ processMetrics: false });
  const middleware = metricsMiddleware(metrics, () => "routes/site/home");
  const request = { path: "/", method: "GET" } as unknown as Request;
  const finish = (withMetrics: boolean) => {
    const response = Object.assign(new EventEmitter(), { statusCode: 200, locals: { routed: true }, getHeader: () => "hit" });
    if (withMetrics) middleware(request, response as unknown as Response, () => {});
    else response.once("finish", () => {});
    response.emit("finish");
  };
  const time = (withMetrics: boolean) => {
    const n = 200_000;
    // CPU time, not wall time: on a busy machine the latter counts other processes' turns.
    const started = process.cpuUsage();
    for (let i = 0; i < n; i++) finish(withMetrics);
    const used = process.cpuUsage(started);
    return ((used.user + used.system) * 1000) / n;
  };
  time(true);
  time(false);
  return { baselineNs: Math.min(time(false), time(false)), withMetricsNs: Math.min(time(true), time(true)) };
}

async function main() {
  const databaseUrl = await preparePostgres();
  const nginxPort = await freePort();
  const publicUrl = `http://127.0.0.1:${nginxPort}`;
  const env = { DATABASE_URL: databaseUrl, SEED_DEMO: "false", TRUST_PROXY: "loopback", PUBLIC_URL: publicUrl };
  const start = async (extra: NodeJS.ProcessEnv) => {
    const server = await startServer({ ...env, ...extra });
    servers.push(server);
    return server;
  };
  const [c1, c2, u1, u2] = [await start({}), await start({}), await start({ PAGE_CACHE: "false" }), await start({ PAGE_CACHE: "false" })];
  const host = (s: RunningServer) => new URL(s.baseURL).host;
  const upstreams = { cached1: [host(c1)], cached2: [host(c1), host(c2)], uncached1: [host(u1)], uncached2: [host(u1), host(u2)] };
  await startNginx(path.join(work, "nginx"), nginxPort, nginxHttpBlock(nginxPort, upstreams), children);
  // Warm each instance's page cache.
  for (const s of [c1, c2]) await (await fetch(`${s.baseURL}/`)).arrayBuffer();
  const script = postScript(publicUrl);
  console.log(`PostgreSQL, demo catalogue; wrk ${connections} connections, ${duration} s a run, through nginx round robin`);

  measure("home, uncached", "1 instance", `${publicUrl}/uncached1/`);
  measure("home, uncached", "2 instances", `${publicUrl}/uncached2/`);
  measure("home, cached", "1 instance", `${publicUrl}/cached1/`);
  measure("home, cached", "2 instances", `${publicUrl}/cached2/`);
  measure("contact form POST", "1 instance", `${publicUrl}/cached1/contact-us`, script);
  measure("contact form POST", "2 instances", `${publicUrl}/cached2/contact-us`, script);
  for (const s of [u1, u2, c2]) await s.stop();

  // What /metrics costs per request: the cheapest page, straight from one instance.
  const withMetrics = c1;
  const withoutMetrics = await start({ METRICS: "false" });
  await (await fetch(`${withoutMetrics.baseURL}/`)).arrayBuffer();
  measure("home, cached, direct", "1 instance, METRICS=true", `${withMetrics.baseURL}/`);
  measure("home, cached, direct", "1 instance, METRICS=false", `${withoutMetrics.baseURL}/`);
  const scrape = await fetch(`${withMetrics.baseURL}/metrics`);
  const text = await scrape.text();
  console.log(
    `  /metrics after the runs: ${scrape.status}, ${text.length.toLocaleString("en-US")} bytes, ${text.split("\n").length} lines`,
  );

  const cost = middlewareCost();
  console.log(
    `  metrics middleware in process: ${((cost.withMetricsNs - cost.baselineNs) / 1000).toFixed(2)} µs a request (${Math.round(cost.withMetricsNs)} ns against ${Math.round(cost.baselineNs)} ns without)`,
  );

  console.log(`\n| workload | setup | req/s | p50 | p99 | errors |\n|---|---|---|---|---|---|`);
  for (const { workload, setup, result } of rows) {
    console.log(
      `| ${workload} | ${setup} | ${Math.round(result.rps).toLocaleString("en-US")} | ${result.p50} | ${result.p99} | ${result.errors} |`,
    );
  }
  console.log(`\nMachine: ${os.cpus().length} cores (shared by wrk, nginx, PostgreSQL and the instances).`);
}

main()
  .catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  })
  .finally(cleanUp);
