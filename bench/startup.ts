// Cold start and memory of the production server (npm run build first).
//   npm run bench:startup [-- --runs 5]
// Prints time from spawn to the first 200 on /healthz and the resident set size
// right after, for a first start (empty data folder: migrate + seed the demo)
// and a restart (existing data), next to a bare Node HTTP server as the baseline.
import { spawn } from "node:child_process";
import fs from "node:fs";
import { parseArgs } from "node:util";
import { freePort, tempDataDir } from "#tests/helpers/server-process.ts";
import { median } from "./tools.ts";

const { values } = parseArgs({ options: { runs: { type: "string", default: "5" } } });
const runs = Number(values.runs);
if (!fs.existsSync("build/server/index.js")) {
  console.error("Run `npm run build` first.");
  process.exit(1);
}

const BARE = `require("node:http").createServer((q, s) => s.end("ok")).listen(process.env.PORT, "127.0.0.1")`;

async function measure(args: string[], env: NodeJS.ProcessEnv) {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, args, {
    env: {
      PATH: process.env.PATH,
      NODE_ENV: "production",
      LOG_LEVEL: "warn",
      HOST: "127.0.0.1",
      PORT: String(port),
      LINK_CHECKS: "false",
      ...env,
    },
    stdio: "ignore",
  });
  for (;;) {
    try {
      const response = await fetch(`http://127.0.0.1:${port}/healthz`);
      if (response.status === 200) break;
    } catch {
      await new Promise((r) => setTimeout(r, 5));
    }
  }
  const ms = performance.now() - started;
  const status = fs.readFileSync(`/proc/${child.pid}/status`, "utf8");
  const rssMb = Number(/VmRSS:\s+(\d+) kB/.exec(status)![1]) / 1024;
  child.kill("SIGTERM");
  await new Promise((r) => child.once("exit", r));
  return { ms, rssMb };
}

const rows: [string, number[], number[]][] = [];
for (const [label, make] of [
  ["bare node:http (baseline)", () => measure(["-e", BARE], {})],
  ["Cinedex, first start (migrate + seed demo)", () => measure(["build/server/index.js"], { DATA_DIR: tempDataDir() })],
  [
    "Cinedex, restart (existing data)",
    (() => {
      const dir = tempDataDir();
      let primed = false;
      return async () => {
        if (!primed) {
          primed = true;
          await measure(["build/server/index.js"], { DATA_DIR: dir });
        }
        return measure(["build/server/index.js"], { DATA_DIR: dir });
      };
    })(),
  ],
] as const) {
  const times: number[] = [];
  const rss: number[] = [];
  for (let i = 0; i < runs; i++) {
    const r = await make();
    times.push(r.ms);
    rss.push(r.rssMb);
  }
  rows.push([label, times, rss]);
}

const [baseTime, baseRss] = [median(rows[0]![1]), median(rows[0]![2])];
console.log(`median of ${runs} runs each`);
console.log("| server | to first 200 | × baseline | RSS at start | × baseline |");
console.log("|---|---|---|---|---|");
for (const [label, times, rss] of rows) {
  const t = median(times);
  const m = median(rss);
  console.log(`| ${label} | ${t.toFixed(0)} ms | ${(t / baseTime).toFixed(1)} | ${m.toFixed(0)} MB | ${(m / baseRss).toFixed(1)} |`);
}
