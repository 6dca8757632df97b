// "More like this" latency on the synthetic catalogues of bench/search.ts.
//   npm run bench:related [-- --sizes 100000] [--calls 500] [--sqlite-only]
// Catalogues are generated once and kept (see openBenchCatalogue in bench/database.ts;
// BENCH_CACHE and BENCH_DATABASE_URL choose where). Each call reads a random title's
// tree as the title page does, then times relatedTitles alone; p50/p95/p99 per
// database. Target: p95 ≤ 10 ms at 100,000 titles (issue 32; a first version took
// 0.3–2.3 s per call there).
import os from "node:os";
import { parseArgs } from "node:util";
import { getTitles } from "#app/modules/catalogue/read.server.ts";
import { relatedQuery, relatedTitles } from "#app/modules/catalogue/related.server.ts";
import { openBenchCatalogue } from "./database.ts";
import { percentile, random } from "./stats.ts";

const { values } = parseArgs({
  options: {
    sizes: { type: "string", default: "100000" },
    calls: { type: "string", default: "500" },
    "sqlite-only": { type: "boolean", default: false },
  },
});
const sizes = values.sizes.split(",").map(Number);
const calls = Number(values.calls);

const fmt = (ms: number) => (ms < 10 ? ms.toFixed(2) : ms.toFixed(1));

for (const size of sizes) {
  for (const dialect of values["sqlite-only"] ? (["sqlite"] as const) : (["sqlite", "postgres"] as const)) {
    const handle = await openBenchCatalogue(dialect, size);
    const rand = random(20261129);
    const ids = Array.from({ length: calls + 50 }, () => 1 + Math.floor(rand() * size));
    const titles = [...(await getTitles(handle.db, ids)).values()];
    for (const title of titles.slice(0, 50)) await relatedTitles(handle.db, title); // warm caches
    const times: number[] = [];
    const cpu: number[] = [];
    let shown = 0;
    for (const title of titles.slice(50)) {
      const started = performance.now();
      const used = process.cpuUsage();
      shown += (await relatedTitles(handle.db, title)).length;
      times.push(performance.now() - started);
      const { user, system } = process.cpuUsage(used);
      cpu.push((user + system) / 1000);
    }
    const sorted = times.sort((a, b) => a - b);
    const cpuSorted = cpu.sort((a, b) => a - b);
    // On a loaded machine the wall clock mostly measures waiting for a core: the load and (SQLite runs
    // in this process) the CPU time spent per call say how much of it is the query's own work.
    console.log(
      `\n${dialect === "sqlite" ? "SQLite" : "PostgreSQL"}, ${size.toLocaleString("en-US")} titles (load average ${os.loadavg()[0]!.toFixed(1)}, ${os.cpus().length} cores)`,
    );
    console.log("| calls | titles shown (mean) | p50 ms | p95 ms | p99 ms | max ms | CPU p50 / p95 ms (this process) |");
    console.log("|---|---|---|---|---|---|---|");
    console.log(
      `| ${sorted.length} | ${(shown / sorted.length).toFixed(1)} | ${fmt(percentile(sorted, 50))} | ${fmt(percentile(sorted, 95))} | ${fmt(percentile(sorted, 99))} | ${fmt(sorted.at(-1)!)} | ${fmt(percentile(cpuSorted, 50))} / ${fmt(percentile(cpuSorted, 95))} |`,
    );
    if (dialect === "postgres") {
      // The server's own time per statement (EXPLAIN ANALYZE's), free of this process and the pool.
      const server: number[] = [];
      for (const title of titles.slice(50, 150)) {
        const compiled = relatedQuery(handle.db, title).compile();
        const plan = await handle.db.executeQuery<{ "QUERY PLAN": string }>({ ...compiled, sql: `explain (analyze) ${compiled.sql}` });
        const line = plan.rows.map((r) => r["QUERY PLAN"]).find((l) => l.startsWith("Execution Time"));
        server.push(Number(/([\d.]+) ms/.exec(line ?? "")?.[1] ?? NaN));
      }
      const serverSorted = server.sort((a, b) => a - b);
      console.log(
        `PostgreSQL execution time (EXPLAIN ANALYZE, ${server.length} calls): p50 ${fmt(percentile(serverSorted, 50))} ms, p95 ${fmt(percentile(serverSorted, 95))} ms`,
      );
    }
    await handle.close();
  }
}
