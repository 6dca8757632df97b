// Throughput of the link checker (ADR 029): N links spread over H local hosts,
// checked by one runDueLinkChecks sweep with the production limits per host
// (2 at a time) and the global concurrency, on SQLite or PostgreSQL.
//   npm run bench:linkcheck [-- --links 10000 --hosts 10 --delay 0 --concurrency 8 --postgres]
// Prints links/s, the sweep's wall time and the process's peak memory. The pause
// between two requests to one host (1 s in production) is 0 by default here, so the
// figure is the checker's own cost; with --delay the ceiling is hosts × perHost / delay.
import { parseArgs } from "node:util";
import { createTitle } from "#app/modules/catalogue/write.server.ts";
import { LINK_CHECK_CONCURRENCY, LINK_CHECK_PER_HOST, runDueLinkChecks } from "#app/modules/linkhealth/sweep.server.ts";
import { allowLoopbackPortsForTests } from "#app/utils/safe-fetch.server.ts";
import { buildMovie } from "#tests/factories/titles.ts";
import { createTestDatabase } from "#tests/helpers/database.ts";
import { startLinkHost } from "#tests/helpers/link-hosts.ts";

const { values } = parseArgs({
  options: {
    links: { type: "string", default: "10000" },
    hosts: { type: "string", default: "10" },
    delay: { type: "string", default: "0" },
    concurrency: { type: "string", default: String(LINK_CHECK_CONCURRENCY) },
    postgres: { type: "boolean", default: false },
  },
});
const total = Number(values.links);
const hostCount = Number(values.hosts);
const delayMs = Number(values.delay);
const concurrency = Number(values.concurrency);
if (values.postgres) process.env.TEST_DATABASE_URL ??= process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";

const database = await createTestDatabase(values.postgres ? "postgres" : "sqlite");
const hosts = await Promise.all(Array.from({ length: hostCount }, () => startLinkHost()));
const revoke = allowLoopbackPortsForTests(hosts.map((h) => h.port));
try {
  const { db } = database;
  const movie = await createTitle(db, buildMovie({ title: "Bench" }));
  const release = movie.releases[0]!;
  const file = release.files[0]!;
  await db.deleteFrom("links").execute();
  for (let start = 0; start < total; start += 500) {
    const rows = Array.from({ length: Math.min(500, total - start) }, (_, k) => {
      const i = start + k;
      return {
        release_id: release.id,
        file_id: file.id,
        kind: "file" as const,
        label: "bench",
        url: `${hosts[i % hostCount]!.origin}/ok/${i}.mkv`,
        status: "ok" as const,
        position: i,
      };
    });
    await db.insertInto("links").values(rows).execute();
  }

  let peakRss = process.memoryUsage().rss;
  const before = process.memoryUsage();
  const sampler = setInterval(() => {
    peakRss = Math.max(peakRss, process.memoryUsage().rss);
  }, 50);
  const started = performance.now();
  const summary = await runDueLinkChecks(db, { limit: total, hostDelayMs: delayMs, concurrency });
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  const after = process.memoryUsage();
  const requests = hosts.reduce((n, h) => n + h.requests.length, 0);
  const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

  console.log(
    `link checker on ${database.dialect}: ${total} links on ${hostCount} local hosts, ${LINK_CHECK_PER_HOST} per host, concurrency ${concurrency}, pause ${delayMs} ms`,
  );
  console.log(
    `  checked ${summary.checked} (ok ${summary.ok}, failed ${summary.failed}, inconclusive ${summary.inconclusive}, deferred ${summary.deferred}); ${requests} requests`,
  );
  console.log(`  ${seconds.toFixed(1)} s, ${(summary.checked / seconds).toFixed(0)} links/s`);
  console.log(`  memory: peak RSS ${mb(peakRss)} (before ${mb(before.rss)}), heap ${mb(before.heapUsed)} → ${mb(after.heapUsed)}`);
  if (summary.checked !== total || summary.ok !== total) process.exitCode = 1;
} finally {
  revoke();
  await Promise.all(hosts.map((h) => h.close()));
  await database.destroy();
}
