// Google Lighthouse scores of the production build, as a networked visitor would get them.
//   npm run bench:lighthouse [-- --no-build] [--runs 3] [--out DIR] [--page contact …] [--no-image-host]
// Builds, starts the production server on a fresh SQLite database with the demo
// catalogue, and runs Lighthouse 12 (mobile, default config, simulated throttling) on
// the home page, a movie, a TV show, a genre, a search and the contact form. Prints a
// markdown table (performance, accessibility, best practices, SEO, LCP, TBT, CLS; the
// median-performance run of --runs N) and, for accessibility, best practices and SEO
// below 100, the audits that fail, with what they point at. --out keeps the JSON reports.
//
// Offline, the posters (HTTPS images on archive.org and image.tmdb.org) would fail and
// Chromium would log console errors that a networked visitor never sees. So the bench
// answers both hosts itself: a local HTTP/2 server with a self-signed certificate (made
// with the openssl CLI) serves a 500x750 PNG of poster-like weight for every GET, and
// Chromium maps the two names to it (--host-resolver-rules, --ignore-certificate-errors).
// It prints how many image requests failed anyway (should be 0). --no-image-host leaves
// the stand-in out, to see what the offline machine alone would score.
//
// Needs Chromium (CHROME_PATH, default /usr/bin/chromium; Debian: apt-get install -y
// chromium), openssl, and Lighthouse, which is not a dependency: npx fetches
// lighthouse@12.8.2 from the npm registry once and keeps it in its cache (or pass
// --lighthouse PATH to a lighthouse CLI you installed).
import { execFile, execFileSync, spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import http2 from "node:http2";
import type net from "node:net";
import os from "node:os";
import path from "node:path";
import { parseArgs, promisify } from "node:util";
import zlib from "node:zlib";
import Database from "better-sqlite3";
import { freePort, startServer, type RunningServer } from "#tests/helpers/server-process.ts";

const LIGHTHOUSE = "lighthouse@12.8.2";
const IMAGE_HOSTS = ["archive.org", "image.tmdb.org"];

const { values } = parseArgs({
  options: {
    "no-build": { type: "boolean", default: false },
    runs: { type: "string", default: "1" },
    out: { type: "string", default: "" },
    lighthouse: { type: "string", default: "" },
    "no-image-host": { type: "boolean", default: false },
    page: { type: "string", multiple: true, default: [] },
  },
});
const runs = Math.max(1, Number(values.runs) || 1);
const chromePath = process.env.CHROME_PATH ?? "/usr/bin/chromium";

const work = fs.mkdtempSync(path.join(os.tmpdir(), "cinedex-bench-lighthouse-"));
const reportDir = values.out ? path.resolve(values.out) : path.join(work, "reports");
fs.mkdirSync(reportDir, { recursive: true });

// Everything started here, stopped on any exit: the server, Chromium (its own process
// group, so its helpers go with it), the Lighthouse CLI; the image server is in-process.
const children = new Set<ChildProcess>();
let server: RunningServer | undefined;
/** The stand-in image host, closed on any exit (its sockets would keep the process alive). */
let images: ImageHost | undefined;
function cleanup() {
  for (const child of children) {
    try {
      if (child.exitCode === null && child.signalCode === null) process.kill(-child.pid!, "SIGKILL");
    } catch {
      // already gone
    }
  }
  children.clear();
  if (server && server.child.exitCode === null) server.child.kill("SIGTERM");
  // retries: a process killed a moment ago may still be letting go of its files
  fs.rmSync(work, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 });
}
process.on("exit", cleanup);
let stopping = false;
for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) {
  process.on(signal, () => {
    if (stopping) process.exit(130);
    stopping = true;
    console.error(`\n${signal}: stopping`);
    // wait for Chromium and the server to be gone, so that their files can be removed
    void Promise.allSettled([...[...children].map(stopGroup), server?.stop()]).finally(() => process.exit(130));
  });
}

/** Spawns in a process group of its own, so that a kill reaches everything it started. */
function spawnGroup(command: string, args: string[]): ChildProcess {
  const child = spawn(command, args, { detached: true, stdio: ["ignore", "ignore", "pipe"] });
  children.add(child);
  child.once("exit", () => children.delete(child));
  return child;
}

async function stopGroup(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  try {
    process.kill(-child.pid!, "SIGTERM");
  } catch {
    return;
  }
  const timer = setTimeout(() => {
    try {
      process.kill(-child.pid!, "SIGKILL");
    } catch {
      // gone meanwhile
    }
  }, 5_000);
  await exited;
  clearTimeout(timer);
}

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

/** The lighthouse CLI: --lighthouse, or the one npx keeps in its cache (fetched on first use). */
function lighthouseCli(): string {
  if (values.lighthouse) return path.resolve(values.lighthouse);
  try {
    const bin = execFileSync("npx", ["--yes", "-p", LIGHTHOUSE, "-c", "command -v lighthouse"], {
      encoding: "utf8",
      stdio: ["ignore", "pipe", "pipe"],
    }).trim();
    if (bin) return fs.realpathSync(bin);
  } catch {
    // reported below
  }
  fail(
    `Could not get ${LIGHTHOUSE} through npx. It comes from the npm registry and npx caches it:\n` +
      `  npx --yes ${LIGHTHOUSE} --version      (once, with the registry reachable)\n` +
      `or install it anywhere (npm install -g ${LIGHTHOUSE}) and pass --lighthouse $(command -v lighthouse).`,
  );
}

function requireTools() {
  if (!fs.existsSync(chromePath)) fail(`No Chromium at ${chromePath}: set CHROME_PATH, or on Debian: apt-get install -y chromium`);
  try {
    execFileSync("openssl", ["version"], { stdio: "ignore" });
  } catch {
    fail("openssl is missing. On Debian or Ubuntu: apt-get install -y openssl");
  }
}

// --- the stand-in image host ---------------------------------------------------------

/**
 * A 500x750 RGB PNG: a gradient with a little noise (every 8th pixel), so that it
 * weighs about what a w500 poster JPEG does (~47 KB) rather than a few bytes.
 */
function posterPng(width = 500, height = 750): Buffer {
  const raw = Buffer.alloc((width * 3 + 1) * height);
  let seed = 0x2545f491;
  for (let y = 0; y < height; y++) {
    const row = y * (width * 3 + 1);
    raw[row] = 1; // filter: Sub, each byte stored as the difference to the pixel on its left
    let previous = [0, 0, 0];
    for (let x = 0; x < width; x++) {
      seed ^= seed << 13;
      seed ^= seed >>> 17;
      seed ^= seed << 5;
      const pixel = [
        40 + Math.round((150 * y) / height),
        30 + Math.round((80 * x) / width) + ((x + y) % 8 === 0 ? seed & 3 : 0),
        120 - Math.round((90 * y) / height),
      ];
      for (let c = 0; c < 3; c++) raw[row + 1 + x * 3 + c] = (pixel[c]! - previous[c]!) & 0xff;
      previous = pixel;
    }
  }
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8 bits, truecolour, deflate, adaptive filters, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", zlib.deflateSync(raw, { level: 9 })),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

interface ImageHost {
  port: number;
  requests: number;
  close(): Promise<void>;
}

/** HTTPS (HTTP/2, HTTP/1.1 too) on 127.0.0.1 for the image hosts, with a throwaway self-signed certificate. */
async function startImageHost(png: Buffer): Promise<ImageHost> {
  const key = path.join(work, "image-host.key");
  const cert = path.join(work, "image-host.crt");
  const san = IMAGE_HOSTS.map((h) => `DNS:${h}`).join(",");
  execFileSync(
    "openssl",
    ["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", "-keyout", key, "-out", cert].concat([
      "-subj",
      `/CN=${IMAGE_HOSTS[0]}`,
      "-addext",
      `subjectAltName=${san}`,
    ]),
    { stdio: "ignore" },
  );
  const host: ImageHost = { port: 0, requests: 0, close: async () => {} };
  const server = http2.createSecureServer({ key: fs.readFileSync(key), cert: fs.readFileSync(cert), allowHTTP1: true }, (req, res) => {
    host.requests++;
    if (req.method !== "GET" && req.method !== "HEAD") {
      res.writeHead(405, { Allow: "GET, HEAD" }).end();
      return;
    }
    res.writeHead(200, {
      "Content-Type": "image/png",
      "Content-Length": String(png.length),
      "Cache-Control": "public, max-age=2592000",
      "Access-Control-Allow-Origin": "*",
    });
    if (req.method === "HEAD") res.end();
    else res.end(png);
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", resolve);
  });
  host.port = (server.address() as net.AddressInfo).port;
  host.close = () =>
    new Promise((resolve) => {
      server.close(() => resolve());
    });
  return host;
}

/** The image host reached as https://archive.org/, as Chromium's mapping reaches it: curl's answer, when curl is there. */
async function probeImageHost(port: number): Promise<string> {
  try {
    // async: the image host answers from this very process
    const { stdout } = await promisify(execFile)(
      "curl",
      [
        "-sk",
        "-o",
        "/dev/null",
        "-w",
        "%{http_code} %{content_type} HTTP/%{http_version}",
        "--connect-to",
        `archive.org:443:127.0.0.1:${port}`,
        "https://archive.org/services/img/probe",
      ],
      { encoding: "utf8", timeout: 10_000 },
    );
    return `curl https://archive.org/services/img/probe: ${stdout}`;
  } catch {
    return "curl check skipped";
  }
}

// --- Chromium and Lighthouse -------------------------------------------------------------

/** Chromium with a fresh profile and the remote debugging port Lighthouse connects to. */
async function startChromium(imagePort: number | undefined, profile: string): Promise<{ port: number; child: ChildProcess }> {
  const port = await freePort();
  const rules = IMAGE_HOSTS.map((h) => `MAP ${h} 127.0.0.1:${imagePort}`).join(",");
  const imageFlags = imagePort ? [`--host-resolver-rules=${rules}`, "--ignore-certificate-errors"] : [];
  const child = spawnGroup(chromePath, [
    "--headless=new",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    // the rest of what chrome-launcher passes when Lighthouse starts Chrome itself
    "--disable-extensions",
    "--disable-default-apps",
    "--disable-client-side-phishing-detection",
    "--no-default-browser-check",
    "--mute-audio",
    "--metrics-recording-only",
    "--password-store=basic",
    "--use-mock-keychain",
    "--disable-backgrounding-occluded-windows",
    "--disable-renderer-backgrounding",
    "--disable-background-timer-throttling",
    "--disable-ipc-flooding-protection",
    ...imageFlags,
    `--user-data-dir=${profile}`,
    `--remote-debugging-port=${port}`,
    "about:blank",
  ]);
  let stderr = "";
  child.stderr!.on("data", (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-4000)));
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/json/version`)).ok) return { port, child };
    } catch {
      // not yet listening
    }
    if (child.exitCode !== null || i > 300) throw new Error(`Chromium did not start: ${stderr}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * One Lighthouse run into `output`. It also saves its artifacts (-G/-A): the report's
 * inspector-issues audit names an issue's type only, and the artifact has where it
 * comes from. Returns those issues, one line each.
 */
async function runLighthouse(cli: string, url: string, chromePort: number, output: string): Promise<string[]> {
  const artifacts = fs.mkdtempSync(path.join(work, "artifacts-"));
  try {
    const child = spawnGroup(process.execPath, [
      cli,
      url,
      `--port=${chromePort}`,
      "--output=json",
      `--output-path=${output}`,
      `--gather-mode=${artifacts}`,
      `--audit-mode=${artifacts}`,
      "--quiet",
    ]);
    let stderr = "";
    child.stderr!.on("data", (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-4000)));
    const code = await new Promise<number | null>((resolve) => child.once("exit", resolve));
    if (code !== 0 || !fs.existsSync(output)) throw new Error(`lighthouse failed on ${url} (exit ${code}): ${stderr}`);
    const saved = JSON.parse(fs.readFileSync(path.join(artifacts, "artifacts.json"), "utf8")) as {
      InspectorIssues?: Record<string, Record<string, unknown>[]>;
    };
    const lines: string[] = [];
    for (const [kind, issues] of Object.entries(saved.InspectorIssues ?? {})) {
      for (const issue of issues) lines.push(await describeIssue(kind, issue));
    }
    return lines;
  } finally {
    fs.rmSync(artifacts, { recursive: true, force: true });
  }
}

/** An inspector issue: its kind, what it says, and the code it points at (fetched from the server). */
async function describeIssue(kind: string, issue: Record<string, unknown>): Promise<string> {
  const where = issue.sourceCodeLocation as { url?: string; lineNumber?: number; columnNumber?: number } | undefined;
  const fields = Object.entries(issue)
    .filter(([key, value]) => key !== "sourceCodeLocation" && (typeof value === "string" || typeof value === "boolean"))
    .map(([key, value]) => `${key}=${String(value)}`);
  let line = `${kind}: ${fields.join(", ")}`;
  if (where?.url) {
    line += ` at ${where.url}:${(where.lineNumber ?? 0) + 1}:${(where.columnNumber ?? 0) + 1}`;
    try {
      const source = (await (await fetch(where.url)).text()).split("\n")[where.lineNumber ?? 0] ?? "";
      const column = where.columnNumber ?? 0;
      line += `\n      code there: …${source.slice(Math.max(0, column - 120), column + 60)}…`;
    } catch {
      // not ours to fetch
    }
  }
  return line;
}

// --- reading a report --------------------------------------------------------------------

interface Audit {
  id: string;
  title: string;
  score: number | null;
  scoreDisplayMode: string;
  numericValue?: number;
  displayValue?: string;
  details?: { type: string; items?: Record<string, unknown>[] };
}
interface Report {
  finalDisplayedUrl: string;
  runtimeError?: { code: string; message: string };
  runWarnings: string[];
  /** Added here: the run's inspector issues, from its artifacts. */
  issues?: string[];
  environment: { benchmarkIndex: number };
  categories: Record<string, { title: string; score: number | null; auditRefs: { id: string; weight: number }[] }>;
  audits: Record<string, Audit>;
}

const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;

const score = (r: Report, id: string) => {
  const s = r.categories[id]?.score;
  return s === null || s === undefined ? Number.NaN : Math.round(s * 100);
};

/** Audits that cost a category points: weighted, scored, below 1. */
function failing(r: Report, category: string): Audit[] {
  return (r.categories[category]?.auditRefs ?? [])
    .filter((ref) => ref.weight > 0)
    .map((ref) => r.audits[ref.id]!)
    .filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode !== "notApplicable" && a.scoreDisplayMode !== "informative");
}

/** A line for what a failing audit's item points at (console text, a node, a URL). */
function describeItem(item: Record<string, unknown>): string {
  const node = item.node as { snippet?: string; selector?: string; explanation?: string } | undefined;
  const subItems = (item.subItems as { items?: Record<string, unknown>[] } | undefined)?.items ?? [];
  const parts = [
    item.issueType,
    ...subItems.map((sub) => sub.url),
    typeof item.source === "object" ? (item.source as { snippet?: string }).snippet : item.source,
    item.description,
    node?.snippet ?? item.snippet,
    node?.explanation,
    item.url,
    item.sourceLocation && (item.sourceLocation as { url?: string; line?: number }).url,
    item.directive,
    item.severity,
  ].filter((p): p is string => typeof p === "string" && p.length > 0);
  return parts.join(" | ").replace(/\s+/g, " ").slice(0, 300);
}

/** Image requests of a run, and those that did not load. */
function imageRequests(r: Report): { total: number; failed: string[] } {
  const items = r.audits["network-requests"]?.details?.items ?? [];
  const images = items.filter((i) => i.resourceType === "Image");
  const failed = images.filter((i) => {
    const status = Number(i.statusCode);
    return !(status >= 200 && status < 400) || i.finished === false;
  });
  return { total: images.length, failed: failed.map((i) => `${String(i.url)} (${String(i.statusCode)})`) };
}

function median<T>(xs: T[], key: (x: T) => number): T {
  const sorted = [...xs].sort((a, b) => key(a) - key(b));
  return sorted[Math.floor((sorted.length - 1) / 2)]!;
}

// --- main ----------------------------------------------------------------------------------

/** The first movie and the first TV show with downloads, as bench:pages picks them. */
function pagesOf(dataDir: string): { name: string; path: string }[] {
  const db = new Database(path.join(dataDir, "cinedex.db"), { readonly: true, fileMustExist: true });
  try {
    const first = (type: "movie" | "tv") => {
      const row = db
        .prepare(
          "select id, slug from titles where type = ? and exists (select 1 from releases where releases.title_id = titles.id) order by id limit 1",
        )
        .get(type) as { id: number; slug: string } | undefined;
      if (!row) throw new Error(`the demo catalogue has no ${type} with downloads`);
      return `/movie/${row.id}/${row.slug}`;
    };
    return [
      { name: "home", path: "/" },
      { name: "movie", path: first("movie") },
      { name: "TV show", path: first("tv") },
      { name: "genre", path: "/genre/horror" },
      { name: "search", path: "/search?q=night" },
      { name: "contact form", path: "/contact-us" },
    ];
  } finally {
    db.close();
  }
}

async function main() {
  requireTools();
  const cli = lighthouseCli();
  if (!values["no-build"]) {
    console.log("building…");
    execFileSync("npm", ["run", "build"], { stdio: "ignore" });
  }
  const dataDir = path.join(work, "data");
  fs.mkdirSync(dataDir);
  server = await startServer({ SEED_DEMO: "true" }, dataDir);
  const wanted = values.page;
  const pages = pagesOf(dataDir).filter((p) => wanted.length === 0 || wanted.some((w) => p.name.startsWith(w) || p.path === w));
  if (pages.length === 0) throw new Error(`no page matches --page ${wanted.join(", ")}`);
  for (const page of pages) {
    const res = await fetch(server.baseURL + page.path);
    if (!res.ok) throw new Error(`${page.path} answered ${res.status}`);
  }

  if (!values["no-image-host"]) {
    const png = posterPng();
    images = await startImageHost(png);
    const probe = await probeImageHost(images.port);
    console.log(
      `image host on 127.0.0.1:${images.port} for ${IMAGE_HOSTS.join(", ")}: ${png.length.toLocaleString("en-US")}-byte 500x750 PNG (${probe})`,
    );
  } else console.log("no image host: posters fail as they do offline");
  console.log(`${LIGHTHOUSE} (${cli}), Chromium ${chromePath}, ${runs} run(s) a page`);
  // Simulated throttling scales the CPU time it observes: other work on the machine shows as TBT.
  console.log(`load average ${os.loadavg()[0]!.toFixed(1)} on ${os.availableParallelism()} CPUs`);

  const results: { page: { name: string; path: string }; reports: Report[] }[] = [];
  for (const page of pages) {
    const reports: Report[] = [];
    for (let run = 1; run <= runs; run++) {
      const profile = fs.mkdtempSync(path.join(work, "profile-"));
      const chromium = await startChromium(images?.port, profile);
      const file = path.join(reportDir, `${page.name.replace(/\W+/g, "-")}-${run}.json`);
      let issues: string[];
      try {
        issues = await runLighthouse(cli, server.baseURL + page.path, chromium.port, file).catch((error: unknown) => {
          // Lighthouse sometimes loses a trace on a busy machine (NO_NAVSTART, NO_FCP): one more try, then give up.
          console.log(`  ${page.name.padEnd(12)} run ${run}: ${String(error).split("\n", 1)[0]}; trying once more`);
          return runLighthouse(cli, server!.baseURL + page.path, chromium.port, file);
        });
      } finally {
        await stopGroup(chromium.child);
        fs.rmSync(profile, { recursive: true, force: true });
      }
      const report = JSON.parse(fs.readFileSync(file, "utf8")) as Report;
      report.issues = issues;
      if (report.runtimeError) throw new Error(`${page.path}: ${report.runtimeError.code} ${report.runtimeError.message}`);
      reports.push(report);
      console.log(
        `  ${page.name.padEnd(12)} run ${run}: ${CATEGORIES.map((c) => score(report, c)).join(" / ")}  (benchmarkIndex ${Math.round(report.environment.benchmarkIndex)})`,
      );
    }
    results.push({ page, reports });
  }
  const imageHostRequests = images?.requests;
  await images?.close();
  images = undefined;

  const ms = (r: Report, id: string) => `${Math.round(r.audits[id]?.numericValue ?? Number.NaN).toLocaleString("en-US")} ms`;
  console.log(`\n| page | performance | accessibility | best practices | SEO | LCP | TBT | CLS |\n|---|---|---|---|---|---|---|---|`);
  for (const { page, reports } of results) {
    const r = median(reports, (x) => score(x, "performance"));
    const perf =
      runs > 1 ? `${score(r, "performance")} (${reports.map((x) => score(x, "performance")).join(", ")})` : score(r, "performance");
    const cls = (r.audits["cumulative-layout-shift"]?.numericValue ?? Number.NaN).toFixed(3);
    console.log(
      `| ${page.name} \`${page.path}\` | ${perf} | ${score(r, "accessibility")} | ${score(r, "best-practices")} | ${score(r, "seo")} | ${ms(r, "largest-contentful-paint")} | ${ms(r, "total-blocking-time")} | ${cls} |`,
    );
  }

  console.log("\nFailing audits (accessibility, best practices, SEO; any run):");
  let any = false;
  for (const { page, reports } of results) {
    for (const category of ["accessibility", "best-practices", "seo"]) {
      const seen = new Map<string, Audit>();
      for (const r of reports) for (const a of failing(r, category)) if (!seen.has(a.id)) seen.set(a.id, a);
      for (const audit of seen.values()) {
        any = true;
        console.log(`- ${page.name} \`${page.path}\`, ${category}: \`${audit.id}\` ${audit.title}`);
        const lines =
          audit.id === "inspector-issues"
            ? [...new Set(reports.flatMap((r) => r.issues ?? []))]
            : (audit.details?.items ?? []).map(describeItem);
        for (const line of lines.slice(0, 5)) console.log(`    ${line}`);
      }
    }
  }
  if (!any) console.log("- none");

  const allReports = results.flatMap((x) => x.reports);
  const imageStats = allReports.map(imageRequests);
  const failedImages = [...new Set(imageStats.flatMap((s) => s.failed))];
  console.log(
    `\nImage requests: ${imageStats.reduce((n, s) => n + s.total, 0)} in ${allReports.length} run(s), ${imageStats.reduce((n, s) => n + s.failed.length, 0)} failed${failedImages.length ? ":" : ""}` +
      (imageHostRequests !== undefined ? ` (the image host answered ${imageHostRequests} requests)` : ""),
  );
  for (const url of failedImages.slice(0, 20)) console.log(`  ${url}`);
  const warnings = [...new Set(allReports.flatMap((r) => r.runWarnings))];
  for (const warning of warnings) console.log(`Lighthouse warning: ${warning.replace(/\s+/g, " ")}`);
  if (values.out) console.log(`\nJSON reports in ${reportDir}`);
}

main()
  .catch((error: unknown) => {
    if (stopping) return; // a signal stopped what was running
    console.error(error);
    process.exitCode = 1;
  })
  .finally(async () => {
    await images?.close();
    if (server) await server.stop();
    cleanup();
  });
