// The cost of counting page views (ADR 035): what a request pays (the visit check,
// the path match, two Map updates) and what a flush takes. `npm run bench:page-views`
// (SQLite) or `-- --postgres` (TEST_DATABASE_URL).
import { performance } from "node:perf_hooks";
import { AnalyticsCounter, countsAsVisit, viewedTitleId } from "#app/modules/analytics/counter.server.ts";
import { openBenchDatabase } from "./database.ts";

const REQUESTS = 1_000_000;
const TITLES = 5_000;
const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36";

const bench = await openBenchDatabase(process.argv.includes("--postgres"));
try {
  const counter = new AnalyticsCounter(bench.handle.db, { flushMs: 0, maxPending: Infinity });
  let t = performance.now();
  for (let i = 0; i < REQUESTS; i++) {
    if (!countsAsVisit({ userAgent: BROWSER, purpose: "  " })) continue;
    counter.request();
    const id = viewedTitleId(`/movie/${(i % TITLES) + 1}/a-title`);
    if (id !== null) counter.view(id);
  }
  const perRequest = ((performance.now() - t) * 1000) / REQUESTS;
  console.log(
    `counting: ${perRequest.toFixed(2)} µs per request (${REQUESTS.toLocaleString("en")} requests, ${TITLES.toLocaleString("en")} titles)`,
  );
  t = performance.now();
  await counter.flush();
  console.log(`first flush, ${TITLES.toLocaleString("en")} title-days inserted: ${(performance.now() - t).toFixed(1)} ms`);
  for (let i = 0; i < TITLES; i++) counter.view(i + 1);
  t = performance.now();
  await counter.flush();
  console.log(`next flush, ${TITLES.toLocaleString("en")} title-days added to: ${(performance.now() - t).toFixed(1)} ms`);
} finally {
  await bench.dispose();
}
