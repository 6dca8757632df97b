// Memory under many distinct URLs: N requests (default 100,000) over pages, misses,
// searches and suggestions whose addresses all differ, from distinct client addresses,
// against the production build (npm run build first). Prints RSS every 10% so growth
// can be told from V8 settling; exits 1 when RSS ends above --limit-mb.
//   npx tsx bench/memory.ts [--requests 100000] [--concurrency 8] [--limit-mb 512]
import { parseArgs } from "node:util";
import { distinctUrl, rssKb } from "#tests/faults/load.ts";
import { startServer } from "#tests/helpers/server-process.ts";

const { values } = parseArgs({
  options: {
    requests: { type: "string", default: "100000" },
    concurrency: { type: "string", default: "8" },
    "limit-mb": { type: "string", default: "512" },
  },
});
const total = Number(values.requests);
const concurrency = Number(values.concurrency);
const limitKb = Number(values["limit-mb"]) * 1024;

const server = await startServer({ SEED_DEMO: "true", TRUST_PROXY: "loopback" });
const pid = server.child.pid!;
const statuses: Record<string, number> = {};
const samples: string[] = [];
const started = Date.now();
let next = 0;
let done = 0;
try {
  console.log(`RSS at start: ${Math.round((await rssKb(pid)) / 1024)} MB`);
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < total) {
        const i = next++;
        let status: string;
        try {
          const response = await fetch(`${server.baseURL}${distinctUrl(i)}`, {
            headers: { "X-Forwarded-For": `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}` },
          });
          await response.arrayBuffer();
          status = String(response.status);
        } catch (error) {
          // Counted, not fatal: one dropped keep-alive connection must not end a 100,000-request run.
          status = `network error (${((error as Error).cause as Error | undefined)?.message ?? String(error)})`;
        }
        statuses[status] = (statuses[status] ?? 0) + 1;
        done += 1;
        if (done % Math.max(1, Math.floor(total / 10)) === 0) {
          const line = `${done} requests, ${Math.round((Date.now() - started) / 1000)} s: RSS ${Math.round((await rssKb(pid)) / 1024)} MB`;
          samples.push(line);
          console.log(line);
        }
      }
    }),
  );
  const final = await rssKb(pid);
  console.log(`statuses ${JSON.stringify(statuses)}; final RSS ${Math.round(final / 1024)} MB (limit ${values["limit-mb"]} MB)`);
  console.log(`server still running: ${server.child.exitCode === null}`);
  if (final > limitKb || Object.keys(statuses).some((s) => Number(s) >= 500)) process.exitCode = 1;
} finally {
  await server.stop();
}
