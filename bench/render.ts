// Uncached render speed and page weight, before and after, in one run.
//   npx tsx bench/render.ts [--baseline main] [--seconds 8] [--rounds 3] [--connections 32] [--env KEY=VALUE ...]
// Builds this tree and the baseline (a git ref exported to $TMPDIR/cinedex-render-<sha>,
// built once and kept), starts both production servers on SQLite with the demo
// catalogue, and loads each page in turn on one then the other, round after round,
// so a busy machine slows both alike: the ratios are the figures to read, and the
// server's CPU time per request above all (it hardly depends on the machine's load). Uses wrk
// when installed (apt-get install wrk), else a small keep-alive load generator here.
// --env passes settings to both servers (for instance a switch turning a page cache off).
import { execFileSync, spawnSync } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import zlib from "node:zlib";
import { startServer, type RunningServer } from "#tests/helpers/server-process.ts";
import { median } from "./tools.ts";

const { values } = parseArgs({
  options: {
    baseline: { type: "string", default: "main" },
    seconds: { type: "string", default: "8" },
    rounds: { type: "string", default: "3" },
    connections: { type: "string", default: "32" },
    env: { type: "string", multiple: true, default: [] },
    "no-build": { type: "boolean", default: false },
  },
});
const SECONDS = Number(values.seconds);
const ROUNDS = Number(values.rounds);
const CONNECTIONS = Number(values.connections);
const EXTRA_ENV = Object.fromEntries(values.env.map((pair) => [pair.slice(0, pair.indexOf("=")), pair.slice(pair.indexOf("=") + 1)]));
const PAGES = ["/", "/movie/1/nosferatu", "/genre/horror", "/search?q=night"];

interface Figures {
  requests: number;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}

function build(dir: string) {
  const result = spawnSync(process.execPath, ["node_modules/@react-router/dev/bin.js", "build"], { cwd: dir, stdio: "ignore" });
  if (result.status !== 0) throw new Error(`build failed in ${dir}`);
}

/** The baseline's sources at `ref`, built beside this tree (node_modules shared). */
function baselineTree(ref: string): string {
  const sha = execFileSync("git", ["rev-parse", ref], { encoding: "utf8" }).trim();
  // Outside this repository: inside it, Tailwind's source detection also scans this tree and the CSS grows.
  const dir = path.join(os.tmpdir(), `cinedex-render-${sha.slice(0, 12)}`);
  if (!fs.existsSync(path.join(dir, "build/server/index.js"))) {
    fs.rmSync(dir, { recursive: true, force: true });
    fs.mkdirSync(dir, { recursive: true });
    execFileSync("sh", ["-c", `git archive ${sha} | tar -x -C ${JSON.stringify(dir)}`]);
    fs.symlinkSync(path.resolve("node_modules"), path.join(dir, "node_modules"));
    process.stdout.write(`building baseline ${ref} (${sha.slice(0, 12)})… `);
    build(dir);
    console.log("done");
  }
  return dir;
}

async function startIn(dir: string): Promise<RunningServer> {
  const cwd = process.cwd();
  process.chdir(dir); // the helper runs build/server/index.js relative to the working directory
  try {
    return await startServer({ SEED_DEMO: "true", DATABASE_URL: "", ...EXTRA_ENV });
  } finally {
    process.chdir(cwd);
  }
}

function hasWrk(): boolean {
  return spawnSync("wrk", ["--version"]).error === undefined;
}

function wrk(url: string): Figures {
  const out = spawnSync("wrk", [`-t2`, `-c${CONNECTIONS}`, `-d${SECONDS}s`, "--latency", url], { encoding: "utf8" }).stdout;
  const ms = (label: string) => {
    const m = new RegExp(`${label}\\s+([\\d.]+)(us|ms|s)`).exec(out);
    if (!m) return NaN;
    return Number(m[1]) * { us: 0.001, ms: 1, s: 1000 }[m[2] as "us" | "ms" | "s"];
  };
  const non2xx = Number(/Non-2xx or 3xx responses: (\d+)/.exec(out)?.[1] ?? 0);
  const socket = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(out);
  const socketErrors = socket ? socket.slice(1).reduce((sum, n) => sum + Number(n), 0) : 0;
  const requests = Number(/(\d+) requests in/.exec(out)?.[1] ?? 0);
  return {
    requests,
    rps: Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1]),
    p50: ms("50%"),
    p99: ms("99%"),
    errors: non2xx + socketErrors,
  };
}

/** The fallback: `CONNECTIONS` keep-alive loops for `SECONDS`, each waiting for its answer before asking again. */
async function nodeLoad(url: string): Promise<Figures> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  const latencies: number[] = [];
  let errors = 0;
  const until = performance.now() + SECONDS * 1000;
  const once = () =>
    new Promise<void>((resolve) => {
      const started = performance.now();
      http
        .get(url, { agent }, (res) => {
          res.resume();
          res.on("end", () => {
            if (res.statusCode !== 200) errors++;
            latencies.push(performance.now() - started);
            resolve();
          });
        })
        .on("error", () => {
          errors++;
          resolve();
        });
    });
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (performance.now() < until) await once();
    }),
  );
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? NaN;
  return { requests: latencies.length, rps: latencies.length / SECONDS, p50: at(0.5), p99: at(0.99), errors };
}

/** The scripts a page modulepreloads, and its stylesheets, in gzip bytes (level 9, as a CDN would). */
async function weight(base: string, page: string): Promise<{ js: number; css: number; files: number }> {
  const html = await (await get(base + page)).text();
  const size = async (href: string) => zlib.gzipSync(Buffer.from(await (await get(base + href)).arrayBuffer()), { level: 9 }).length;
  const scripts = [...html.matchAll(/<link rel="modulepreload" href="([^"]+)"/g)].map((m) => m[1]!);
  const styles = [...html.matchAll(/<link [^>]*rel="stylesheet" href="([^"]+)"/g)].map((m) => m[1]!);
  const js = (await Promise.all(scripts.map(size))).reduce((a, b) => a + b, 0);
  const css = (await Promise.all(styles.map(size))).reduce((a, b) => a + b, 0);
  return { js, css, files: scripts.length };
}

/** fetch, once more when a kept-alive socket the server just closed fails the first try. */
async function get(url: string): Promise<Response> {
  try {
    return await fetch(url);
  } catch {
    return fetch(url);
  }
}

/**
 * The server's CPU time so far, in ms (Linux /proc; NaN elsewhere). CPU time per
 * request barely depends on what else the machine runs, unlike req/s and latency.
 */
function cpuMs(pid: number | undefined): number {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // utime + stime, in clock ticks of 10 ms
  } catch {
    return NaN;
  }
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;

const baseDir = baselineTree(values.baseline);
if (!values["no-build"]) {
  process.stdout.write("building this tree… ");
  build(process.cwd());
  console.log("done");
}
const servers = { before: await startIn(baseDir), after: await startIn(process.cwd()) };
const useWrk = hasWrk();
console.log(
  `load: ${useWrk ? "wrk" : "built-in generator (apt-get install wrk for lighter load)"}, ${CONNECTIONS} connections, ${SECONDS} s × ${ROUNDS} rounds per page and build\n`,
);
try {
  const rows: string[] = [];
  for (const page of PAGES) {
    const runs: Record<"before" | "after", Figures[]> = { before: [], after: [] };
    const cpu = { before: 0, after: 0 };
    for (let round = 0; round < ROUNDS; round++) {
      for (const side of ["before", "after"] as const) {
        const url = servers[side].baseURL + page;
        await get(url).then((r) => r.text()); // warm
        const cpuBefore = cpuMs(servers[side].child.pid);
        runs[side].push(useWrk ? wrk(url) : await nodeLoad(url));
        cpu[side] += cpuMs(servers[side].child.pid) - cpuBefore;
      }
    }
    const summary = (side: "before" | "after") => ({
      rps: median(runs[side].map((r) => r.rps)),
      p50: median(runs[side].map((r) => r.p50)),
      p99: median(runs[side].map((r) => r.p99)),
      errors: runs[side].reduce((sum, r) => sum + r.errors, 0),
      cpuPerRequest: cpu[side] / runs[side].reduce((sum, r) => sum + r.requests, 0),
    });
    const [b, a] = [summary("before"), summary("after")];
    const [wb, wa] = await Promise.all([weight(servers.before.baseURL, page), weight(servers.after.baseURL, page)]);
    rows.push(
      `| ${page} | ${b.cpuPerRequest.toFixed(1)} → ${a.cpuPerRequest.toFixed(1)} ms | ${(b.cpuPerRequest / a.cpuPerRequest).toFixed(2)}× | ${b.rps.toFixed(0)} | ${a.rps.toFixed(0)} | ${(a.rps / b.rps).toFixed(2)}× | ${b.p99.toFixed(0)} → ${a.p99.toFixed(0)} ms | ${b.errors + a.errors} | ${kb(wb.js)} (${wb.files}) → ${kb(wa.js)} (${wa.files}) | ${kb(wb.css)} → ${kb(wa.css)} |`,
    );
    console.log(rows.at(-1));
  }
  console.log(
    `\n| page | server CPU per request | speed-up | req/s before | req/s after | ratio | p99 | errors | JS gzip (files) | CSS gzip |\n|---|---|---|---|---|---|---|---|---|---|\n${rows.join("\n")}`,
  );
} catch (error) {
  for (const [side, server] of Object.entries(servers)) {
    if (server.child.exitCode !== null) console.error(`the ${side} server exited with ${server.child.exitCode}:\n${server.stderr()}`);
  }
  throw error;
} finally {
  await Promise.all([servers.before.stop(), servers.after.stop()]);
}
