// Anonymous pages against nginx serving the same bytes (issue 15).
//   npm run bench:pages [-- --no-build] [--duration 5] [--rounds 3] [--connections 32] [--synthetic 100000] [--database-url postgres://…]
// Builds, starts the production server on a fresh SQLite database with the demo
// catalogue (plus N synthetic titles with --synthetic), and measures with wrk, one
// page at a time: the server with its page cache, the server with PAGE_CACHE=false,
// nginx serving the very same HTML as static files, and nginx in front of the server
// with the proxy_cache configuration of docs/nginx-proxy-cache.md. With
// --database-url (or BENCH_DATABASE_URL) the server is measured on PostgreSQL too.
// The cached servers are warmed, then measured in rounds, each right after nginx
// on the same page, so a ratio compares runs seconds apart on a machine whose
// speed drifts; the table has medians. Prints req/s, p50, p99, errors and the
// ratio to nginx static. Needs nginx and wrk
// (Debian/Ubuntu: `apt-get install -y nginx-light wrk`).
import { execFileSync, spawnSync, type ChildProcess } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { openDatabase, type DatabaseTarget } from "#app/db/client.server.ts";
import { migrateToLatest } from "#db/migrate.ts";
import { seedSynthetic } from "#db/seed/seed.ts";
import { withPgClient } from "#tests/helpers/database.ts";
import { freePort, startServer, type RunningServer } from "#tests/helpers/server-process.ts";
import { median, requireTools, startNginx, wrk, type WrkResult } from "./tools.ts";

const { values } = parseArgs({
  options: {
    "no-build": { type: "boolean", default: false },
    duration: { type: "string", default: "5" },
    connections: { type: "string", default: "32" },
    synthetic: { type: "string", default: "0" },
    "database-url": { type: "string", default: process.env.BENCH_DATABASE_URL ?? "" },
    rounds: { type: "string", default: "3" },
  },
});
const duration = Number(values.duration);
const connections = Number(values.connections);
const synthetic = Number(values.synthetic);
const rounds = Math.max(1, Number(values.rounds));

requireTools(["nginx", "wrk"]);

if (!values["no-build"]) {
  console.log("building…");
  execFileSync("npm", ["run", "build"], { stdio: "ignore" });
}

const work = fs.mkdtempSync(path.join(os.tmpdir(), "cinedex-bench-pages-"));
fs.chmodSync(work, 0o755);
const children: ChildProcess[] = [];
const servers: RunningServer[] = [];
process.on("exit", () => {
  for (const child of children) child.kill("SIGTERM");
  for (const server of servers) server.child.kill("SIGTERM");
});

async function prepareSqlite(): Promise<string> {
  const dataDir = path.join(work, "sqlite");
  fs.mkdirSync(dataDir);
  // The first start migrates and seeds the demo catalogue; synthetic titles go in after.
  const first = await startServer({ SEED_DEMO: "true" }, dataDir);
  await first.stop();
  if (synthetic > 0) {
    const handle = openDatabase({ dialect: "sqlite", file: path.join(dataDir, "cinedex.db") });
    console.log(`seeding ${synthetic.toLocaleString("en-US")} synthetic titles…`);
    await seedSynthetic(handle.db, synthetic, { batchSize: 1_000 });
    await handle.close();
  }
  return dataDir;
}

let pgSchema = "";

async function preparePostgres(url: string): Promise<string> {
  const schema = `cinedex_bench_pages_${crypto.randomBytes(4).toString("hex")}`;
  pgSchema = schema;
  await withPgClient(url, (c) => c.query(`create schema ${schema}`));
  const handle = openDatabase({ dialect: "postgres", url, schema });
  await migrateToLatest(handle.db);
  await handle.close();
  process.on("exit", () =>
    spawnSync(process.execPath, [
      "-e",
      `const pg=require("pg");const c=new pg.Client(${JSON.stringify(url)});c.connect().then(()=>c.query("drop schema ${schema} cascade")).finally(()=>c.end())`,
    ]),
  );
  const target = new URL(url);
  target.searchParams.set("options", `-c search_path=${schema}`);
  return target.toString();
}

/** A GET that survives a kept-alive connection the server closed meanwhile. */
async function get(url: string): Promise<Buffer> {
  for (let attempt = 0; ; attempt++) {
    try {
      return Buffer.from(await (await fetch(url, { headers: { Connection: "close" } })).arrayBuffer());
    } catch (error) {
      if (attempt >= 2) throw error;
    }
  }
}

/** The pages measured: the first movie and the first TV show with downloads in the catalogue. */
async function pagesOf(target: DatabaseTarget): Promise<{ name: string; path: string }[]> {
  const handle = openDatabase(target);
  try {
    const first = (type: "movie" | "tv") =>
      handle.db
        .selectFrom("titles")
        .select(["id", "slug"])
        .where("type", "=", type)
        .where(({ exists, selectFrom }) =>
          exists(selectFrom("releases").select("releases.id").whereRef("releases.title_id", "=", "titles.id")),
        )
        .orderBy("id")
        .executeTakeFirstOrThrow();
    const movie = await first("movie");
    const tv = await first("tv");
    return [
      { name: "/", path: "/" },
      { name: "movie", path: `/movie/${movie.id}/${movie.slug}` },
      { name: "TV", path: `/movie/${tv.id}/${tv.slug}` },
      { name: "genre", path: "/genre/horror" },
      { name: "search", path: "/search?q=night" },
    ];
  } finally {
    await handle.close();
  }
}

async function startNginxOn(name: string, config: string): Promise<number> {
  const port = await freePort();
  await startNginx(path.join(work, name), port, config.replaceAll("listen 80;", `listen 127.0.0.1:${port};`), children);
  return port;
}

/** nginx serving each page's bytes, as the server sends them, from a file. */
async function staticNginx(baseURL: string, pages: { name: string; path: string }[]): Promise<(page: string) => string> {
  const root = path.join(work, "static-root");
  fs.mkdirSync(root, { recursive: true });
  fs.chmodSync(root, 0o755);
  const files = new Map<string, string>();
  for (const [i, page] of pages.entries()) {
    const file = `page-${i}.html`;
    fs.writeFileSync(path.join(root, file), await get(`${baseURL}${page.path}`), { mode: 0o644 });
    files.set(page.path, file);
  }
  const port = await startNginxOn(
    "static",
    `server { listen 80; root ${root}; default_type text/html; location / { try_files $uri =404; } }`,
  );
  return (page) => `http://127.0.0.1:${port}/${files.get(page)}`;
}

/** nginx in front of the server with the documented proxy_cache block. */
async function proxyNginx(upstream: string): Promise<string> {
  const doc = fs.readFileSync("docs/nginx-proxy-cache.md", "utf8");
  const block = /```nginx\n([\s\S]*?)```/.exec(doc)?.[1];
  if (!block) throw new Error("docs/nginx-proxy-cache.md has no nginx block");
  const cache = path.join(work, "proxy-cache");
  fs.mkdirSync(cache, { recursive: true });
  const config = block.replace("/var/cache/nginx/cinedex", cache).replace("server 127.0.0.1:3000;", `server ${upstream};`);
  return `http://127.0.0.1:${await startNginxOn("proxy", config)}`;
}

type Row = { page: string; setup: string; round: number; result: WrkResult };
const rows: Row[] = [];

function measure(page: string, setup: string, url: string, round = 0) {
  const result = wrk(url, { connections, duration });
  rows.push({ page, setup, round, result });
  console.log(`  ${page.padEnd(7)} ${setup.padEnd(26)} ${Math.round(result.rps).toLocaleString("en-US").padStart(8)} req/s`);
}

async function server(env: NodeJS.ProcessEnv, dataDir: string): Promise<RunningServer> {
  const running = await startServer({ SEED_DEMO: "false", ...env }, dataDir);
  servers.push(running);
  return running;
}

/** A setup measured against nginx round after round, with its own address for each page. */
type Setup = { setup: string; url: (page: string) => string };

/** A production server is measured warm, as it runs: a short load on each page first (not counted). */
async function warm(setup: Setup, pages: { name: string }[]) {
  for (const page of pages) {
    await get(setup.url(page.name));
    wrk(setup.url(page.name), { connections, duration: 1 });
  }
}

const urlsOf = (baseURL: string, pages: { name: string; path: string }[]) => {
  const paths = new Map(pages.map((p) => [p.name, p.path]));
  return (page: string) => `${baseURL}${paths.get(page)}`;
};

async function main() {
  const sqliteDir = await prepareSqlite();
  const label = synthetic > 0 ? `SQLite, demo + ${synthetic.toLocaleString("en-US")}` : "SQLite, demo";
  const pages = await pagesOf({ dialect: "sqlite", file: path.join(sqliteDir, "cinedex.db") });
  const sqliteCached = await server({}, sqliteDir);
  const staticUrl = await staticNginx(sqliteCached.baseURL, pages);
  const paths = new Map(pages.map((p) => [p.name, p.path]));
  const cachedSetups: Setup[] = [{ setup: `${label}, cached`, url: urlsOf(sqliteCached.baseURL, pages) }];

  const pgUrl = values["database-url"];
  let postgres: { databaseUrl: string; dir: string; pages: typeof pages; cached: RunningServer } | null = null;
  if (pgUrl) {
    const databaseUrl = await preparePostgres(pgUrl);
    const dir = path.join(work, "pg");
    fs.mkdirSync(dir);
    const cached = await server({ DATABASE_URL: databaseUrl, SEED_DEMO: "true" }, dir);
    const pgPages = await pagesOf({ dialect: "postgres", url: pgUrl, schema: pgSchema });
    postgres = { databaseUrl, dir, pages: pgPages, cached };
    cachedSetups.push({ setup: "PostgreSQL, demo, cached", url: urlsOf(cached.baseURL, pgPages) });
  }

  console.log(`wrk ${connections} connections, ${duration} s a run; pages: ${pages.map((p) => p.path).join(", ")}`);
  // The machine's speed drifts: each round measures nginx and then each cached
  // server on one page back to back, and a ratio is taken within its round.
  for (const setup of cachedSetups) await warm(setup, pages);
  const nginxSetup: Setup = { setup: "nginx static", url: (page) => staticUrl(paths.get(page)!) };
  for (const page of pages) {
    for (let round = 1; round <= rounds; round++) {
      for (const setup of [nginxSetup, ...cachedSetups]) measure(page.name, setup.setup, setup.url(page.name), round);
    }
  }

  const proxy = await proxyNginx(new URL(sqliteCached.baseURL).host);
  for (const page of pages) {
    await get(`${proxy}${page.path}`);
    measure(page.name, "nginx proxy_cache", `${proxy}${page.path}`);
  }
  await sqliteCached.stop();
  await postgres?.cached.stop();

  const uncached = await server({ PAGE_CACHE: "false" }, sqliteDir);
  for (const page of pages) measure(page.name, `${label}, uncached`, `${uncached.baseURL}${page.path}`);
  await uncached.stop();
  if (postgres) {
    const pgUncached = await server({ DATABASE_URL: postgres.databaseUrl, PAGE_CACHE: "false" }, postgres.dir);
    for (const page of postgres.pages) measure(page.name, "PostgreSQL, demo, uncached", `${pgUncached.baseURL}${page.path}`);
    await pgUncached.stop();
  }
  printTable(pages.map((p) => p.name));
}

/**
 * One line per page and setup: the median run of its rounds, its errors summed, and
 * its ratio to nginx static. A setup measured in rounds has the median of its
 * per-round ratios (and their range); a setup measured once, the ratio to nginx's median.
 */
function printTable(pages: string[]) {
  console.log(
    `\n${rounds} round(s) of nginx static and each cached server back to back, per page; medians.\n` +
      `| page | setup | req/s | p50 | p99 | errors | ratio to nginx static |\n|---|---|---|---|---|---|---|`,
  );
  for (const page of pages) {
    const ofPage = rows.filter((r) => r.page === page);
    const nginxIn = new Map(ofPage.filter((r) => r.setup === "nginx static").map((r) => [r.round, r.result.rps]));
    const nginxMedian = median([...nginxIn.values()]);
    for (const setup of [...new Set(ofPage.map((r) => r.setup))]) {
      const runs = ofPage.filter((r) => r.setup === setup);
      const middle = runs.find((r) => r.result.rps === median(runs.map((x) => x.result.rps)))!.result;
      const ratios = runs.map((r) => r.result.rps / (nginxIn.get(r.round) ?? nginxMedian));
      const ratio =
        runs.length > 1
          ? `${median(ratios).toFixed(3)} (${Math.min(...ratios).toFixed(2)}–${Math.max(...ratios).toFixed(2)})`
          : ratios[0]!.toFixed(3);
      const errors = runs.reduce((sum, r) => sum + r.result.errors, 0);
      console.log(
        `| ${page} | ${setup} | ${Math.round(middle.rps).toLocaleString("en-US")} | ${middle.p50} | ${middle.p99} | ${errors} | ${ratio} |`,
      );
    }
  }
}

main()
  .catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  })
  .finally(() => {
    for (const child of children) child.kill("SIGTERM");
    fs.rmSync(work, { recursive: true, force: true });
  });
