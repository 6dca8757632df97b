// Load check of the visitor forms: N concurrent submissions to each form, on
// SQLite and on PostgreSQL, against the production build (npm run build first).
//   npm run bench:forms [-- --concurrency 200] [--sqlite-only]
// Each submission comes from its own client address (TRUST_PROXY=loopback and a
// distinct X-Forwarded-For), so the per-client limit does not refuse them; a few
// carry invalid input, to mix refusals in. The check: rows stored == submissions
// the server accepted, for every form. Also printed: the time for the whole burst,
// p50/p95 latency, and GET /healthz under the same concurrency as the baseline.
import { parseArgs } from "node:util";
import path from "node:path";
import Database from "better-sqlite3";
import { startServer, tempDataDir, type RunningServer } from "#tests/helpers/server-process.ts";
import { withPgClient } from "#tests/helpers/database.ts";

const { values } = parseArgs({
  options: { concurrency: { type: "string", default: "200" }, "sqlite-only": { type: "boolean", default: false } },
});
const concurrency = Number(values.concurrency);
const pgBase = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";

interface FormCase {
  name: string;
  /** Where the form posts; a function when it depends on the server's data. */
  path: string | ((server: RunningServer) => Promise<string>);
  /** The fields of submission i; every tenth is invalid on purpose. */
  fields(i: number): Record<string, string>;
  /** Rows that hold one accepted submission each. */
  table: string;
}

const stamp = Date.now().toString(36);
const FORMS: FormCase[] = [
  {
    name: "contact",
    path: "/contact-us",
    table: "contact_messages",
    fields: (i) => ({
      name: `Visitor ${i}`,
      email: i % 10 === 9 ? "not-an-address" : `v${i}@example.test`,
      subject: "Hello",
      message: `Message ${i} ${stamp}`,
    }),
  },
  {
    name: "request",
    path: "/request",
    table: "content_request_submissions",
    fields: (i) => ({
      name: `Visitor ${i}`,
      email: `v${i}@example.test`,
      type: "Movie",
      // A few titles asked for many times: merging must still keep every submission.
      movieSeriesName: `Wanted film ${i % 20}`,
      year: i % 10 === 9 ? "19x" : "1999",
      imdbUrl: "",
      message: `Please ${i}`,
    }),
  },
  {
    // The title page's quick request, on the first demo title's own address.
    name: "quick request",
    path: async (server) => (await fetch(`${server.baseURL}/movie/1`, { redirect: "manual" })).headers.get("location") ?? "/movie/1",
    table: "content_request_submissions",
    fields: (i) => ({ quality: i % 10 === 9 ? "8k" : ["480p", "720p", "1080p"][i % 3]! }),
  },
  {
    name: "broken-links",
    path: "/broken-links",
    table: "link_reports",
    fields: (i) => ({
      contentName: i % 10 === 9 ? "" : `Title ${i % 7}`,
      seasonEpisode: "",
      quality: "720p",
      linkType: "Google Drive",
      additionalInfo: `Dead ${i}`,
    }),
  },
  {
    name: "dmca",
    path: "/dmca",
    table: "dmca_notices",
    fields: (i) => ({
      name: `Rights holder ${i}`,
      email: `r${i}@example.test`,
      contentUrl: i % 10 === 9 ? "not a url" : `https://example.test/work/${i}`,
      contentType: "Movie",
      copyrightProof: `Registration ${i}`,
      message: "Please remove",
      declaration: "on",
    }),
  },
];

function clientAddress(i: number): string {
  return `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`;
}

async function submit(
  server: RunningServer,
  form: FormCase,
  formPath: string,
  i: number,
  offset: number,
): Promise<{ status: number; ms: number }> {
  const started = performance.now();
  const response = await fetch(`${server.baseURL}${formPath}`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: server.baseURL, "X-Forwarded-For": clientAddress(offset + i) },
    body: new URLSearchParams(form.fields(i)),
    redirect: "manual",
  });
  await response.arrayBuffer();
  return { status: response.status, ms: performance.now() - started };
}

const percentile = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((xs.length * p) / 100))]!;

async function burst(run: () => Promise<{ status: number; ms: number }>[]) {
  const started = performance.now();
  const results = await Promise.all(run());
  return { results, wallMs: performance.now() - started };
}

async function runAgainst(label: string, env: NodeJS.ProcessEnv, countRows: (table: string) => Promise<number>) {
  const server = await startServer({ TRUST_PROXY: "loopback", SEED_DEMO: "true", ...env });
  try {
    const health = await burst(() =>
      Array.from({ length: concurrency }, async () => {
        const started = performance.now();
        const response = await fetch(`${server.baseURL}/healthz`);
        await response.arrayBuffer();
        return { status: response.status, ms: performance.now() - started };
      }),
    );
    console.log(`\n${label}: ${concurrency} concurrent submissions per form`);
    console.log(
      `  baseline GET /healthz x${concurrency}: ${health.wallMs.toFixed(0)} ms, p50 ${percentile(
        health.results.map((r) => r.ms),
        50,
      ).toFixed(0)} ms`,
    );
    let ok = true;
    for (const [index, form] of FORMS.entries()) {
      const before = await countRows(form.table);
      const formPath = typeof form.path === "string" ? form.path : await form.path(server);
      const { results, wallMs } = await burst(() =>
        Array.from({ length: concurrency }, (_, i) => submit(server, form, formPath, i, index * 10_000)),
      );
      const accepted = results.filter((r) => r.status >= 200 && r.status < 300).length;
      const refused = results.filter((r) => r.status >= 400 && r.status < 500).length;
      const errors = results.length - accepted - refused;
      const stored = (await countRows(form.table)) - before;
      const times = results.map((r) => r.ms);
      const match = stored === accepted && errors === 0;
      ok &&= match;
      console.log(
        `  ${form.name.padEnd(13)} accepted ${accepted}, refused ${refused}, 5xx ${errors}, stored ${stored} ${match ? "✓" : "✗ MISMATCH"}` +
          ` | burst ${wallMs.toFixed(0)} ms (${(wallMs / health.wallMs).toFixed(1)}x baseline), p50 ${percentile(times, 50).toFixed(0)} ms, p95 ${percentile(times, 95).toFixed(0)} ms`,
      );
    }
    if (!ok) process.exitCode = 1;
  } finally {
    await server.stop();
  }
}

// SQLite: the server's own file in a fresh data folder.
{
  const dataDir = tempDataDir();
  const file = path.join(dataDir, "cinedex.db");
  await runAgainst("SQLite", { DATA_DIR: dataDir, DATABASE_URL: "" }, async (table) => {
    const db = new Database(file, { readonly: true });
    try {
      return (db.prepare(`select count(*) as n from ${table}`).get() as { n: number }).n;
    } finally {
      db.close();
    }
  });
}

if (!values["sqlite-only"]) {
  const name = `cinedex_bench_forms_${process.pid}`;
  await withPgClient(pgBase, (c) => c.query(`create database ${name}`));
  const url = new URL(pgBase);
  url.pathname = `/${name}`;
  try {
    await runAgainst("PostgreSQL", { DATABASE_URL: url.toString() }, (table) =>
      withPgClient(url.toString(), async (c) => Number((await c.query(`select count(*) as n from ${table}`)).rows[0].n)),
    );
  } finally {
    await withPgClient(pgBase, (c) => c.query(`drop database if exists ${name} with (force)`));
  }
}
