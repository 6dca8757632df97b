// One instance against two, on one PostgreSQL, behind nginx (round robin), issue 17.
//   npm run bench:scale [-- --no-build] [--duration 5] [--connections 32] [--database-url postgres://…]
// Builds, prepares a fresh schema with the demo catalogue, starts the production
// server four times (two with the page cache, two with PAGE_CACHE=false) and one
// nginx with four upstreams (the README's "Running several instances" block: one
// instance, two instances, cached and uncached). Measured with wrk, one at a time,
// through nginx: the home page uncached and cached, and a contact-form POST (each
// from its own client address, so the per-client limit does not refuse them).
// Then the cost of metrics: the cached home page straight from one instance with
// and without METRICS. Prints req/s, p50, p99 and errors side by side. Loopback only;
// each run lasts --duration seconds. Needs nginx and wrk (apt-get install -y nginx wrk).
import { execFileSync, spawn, spawnSync, type ChildProcess } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { openDatabase } from "#app/db/client.server.ts";
import { migrateToLatest } from "#db/migrate.ts";
import { seedDemoCatalogue } from "#db/seed/seed.ts";
import { withPgClient } from "#tests/helpers/database.ts";
import { freePort, startServer, type RunningServer } from "#tests/helpers/server-process.ts";

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

for (const tool of ["nginx", "wrk"]) {
  if (spawnSync("sh", ["-c", `command -v ${tool} || test -x /usr/sbin/${tool}`]).status !== 0) {
    console.error(`${tool} is missing. On Debian or Ubuntu: apt-get install -y nginx wrk`);
    process.exit(1);
  }
}
const NGINX = fs.existsSync("/usr/sbin/nginx") ? "/usr/sbin/nginx" : "nginx";

if (!values["no-build"]) {
  console.log("building…");
  execFileSync("npm", ["run", "build"], { stdio: "ignore" });
}

interface Result {
  rps: number;
  p50: string;
  p99: string;
  errors: number;
}

/** One wrk run; errors are socket errors plus answers other than 2xx/3xx. */
function wrk(url: string, script?: string): Result {
  const args = ["-t2", `-c${connections}`, `-d${duration}s`, "--latency", ...(script ? ["-s", script] : []), url];
  const out = execFileSync("wrk", args, { encoding: "utf8" });
  const percentile = (p: string) => new RegExp(`^\\s*${p}%\\s+(\\S+)`, "m").exec(out)?.[1] ?? "?";
  const socket = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(out);
  const non2xx = Number(/Non-2xx or 3xx responses: (\d+)/.exec(out)?.[1] ?? 0);
  return {
    rps: Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1] ?? 0),
    p50: percentile("50"),
    p99: percentile("99"),
    errors: non2xx + (socket ? socket.slice(1).reduce((n, v) => n + Number(v), 0) : 0),
  };
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

/** The nginx configuration of README "Running several instances", one upstream per setup. */
function nginxConfig(port: number, upstreams: Record<string, string[]>): string {
  const dir = path.join(work, "nginx");
  const user = process.getuid?.() === 0 ? "user root;\n" : "";
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
  return `${user}worker_processes 1;
error_log ${dir}/error.log warn;
pid ${dir}/nginx.pid;
events { worker_connections 4096; }
http {
  access_log off;
  client_body_temp_path ${dir}/body; proxy_temp_path ${dir}/proxy; fastcgi_temp_path ${dir}/fastcgi; uwsgi_temp_path ${dir}/uwsgi; scgi_temp_path ${dir}/scgi;
${blocks}
  server {
    listen 127.0.0.1:${port};
${locations}
  }
}
`;
}

async function startNginx(port: number, upstreams: Record<string, string[]>): Promise<void> {
  const dir = path.join(work, "nginx");
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, "nginx.conf"), nginxConfig(port, upstreams));
  const child = spawn(NGINX, ["-p", dir, "-c", path.join(dir, "nginx.conf"), "-g", "daemon off;"], { stdio: ["ignore", "ignore", "pipe"] });
  let stderr = "";
  child.stderr!.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  children.push(child);
  for (let i = 0; ; i++) {
    try {
      await fetch(`http://127.0.0.1:${port}/`);
      return;
    } catch {
      if (child.exitCode !== null || i > 200) throw new Error(`nginx did not start: ${stderr}`);
      await new Promise((r) => setTimeout(r, 25));
    }
  }
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

type Row = { workload: string; setup: string; result: Result };
const rows: Row[] = [];

function measure(workload: string, setup: string, url: string, script?: string) {
  const result = wrk(url, script);
  rows.push({ workload, setup, result });
  console.log(`  ${workload.padEnd(20)} ${setup.padEnd(34)} ${Math.round(result.rps).toLocaleString("en-US").padStart(8)} req/s`);
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
  await startNginx(nginxPort, {
    cached1: [host(c1)],
    cached2: [host(c1), host(c2)],
    uncached1: [host(u1)],
    uncached2: [host(u1), host(u2)],
  });
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
