import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * Each table has one owner module (issue 33): only the owner's files name it in a
 * query; every other module calls the owner's functions. The map below is the one
 * place the ownership is written down.
 */
const OWNERS: Record<string, string[]> = {
  catalogue: ["titles", "genres", "title_genres", "credits", "title_subtitles", "screenshots", "releases", "files", "links", "import_runs"],
  linkhealth: ["link_health", "link_checks"],
  search: ["search_documents", "search_words", "search_terms", "search_term_keys", "search_keys", "title_popularity", "search_queries"],
  analytics: ["title_views", "site_requests", "link_clicks", "link_click_visitors"],
  inbox: [
    "content_requests",
    "content_request_submissions",
    "link_reports",
    "contact_messages",
    "dmca_notices",
    "dmca_notice_targets",
    "form_submissions",
  ],
  auth: ["admins", "admin_sessions", "login_attempts"],
  audit: ["audit_log"],
  desksync: ["google_accounts", "google_sessions"],
  settings: ["settings"],
  site: ["content_version"],
  jobs: ["jobs"],
  // rate_limits is written by rate-limiter-flexible (limits/limiter.server.ts names it as its tableName).
  limits: ["rate_limits", "shared_cache"],
  api: ["api_tokens", "api_idempotency"],
};

/** Files that may name any table: the schema, its migrations and reset (db/, with the CLI, lies outside app/ and is not scanned). */
const EXEMPT = ["app/db/"];

/**
 * Foreign tables a file still names, each with why. The test fails when one is no
 * longer needed, so the list only shrinks.
 */
const FOREIGN: { file: string; tables: string[]; why: string }[] = [
  {
    file: "app/modules/search/popularity.server.ts",
    tables: ["titles", "links", "releases", "link_clicks", "content_requests"],
    why:
      "A title's popularity adds its link clicks and content requests in one statement that runs inside every title write " +
      "(writeTitleIndex) and in the nightly refresh. Split by owner it would cost three queries per write, and search may " +
      "not import the catalogue, analytics or the inbox (they import search). To move: the callers hand search the signals.",
  },
];

const root = path.resolve(import.meta.dirname, "../..");

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const rel = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return sourceFiles(rel);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [rel] : [];
  });
}

/** The tables of the Database interface in app/db/schema.ts. */
function schemaTables(): string[] {
  const text = fs.readFileSync(path.join(root, "app/db/schema.ts"), "utf8");
  const body = /export interface Database \{([^}]*)\}/.exec(text)?.[1] ?? "";
  return [...body.matchAll(/^\s*(\w+):/gm)].map((m) => m[1]!);
}

const QUERY = /\b(?:selectFrom|insertInto|updateTable|deleteFrom|mergeInto|innerJoin|leftJoin|rightJoin|fullJoin)\(\s*["'`](\w+)/g;
const RAW = /\b(?:from|join|into|update)\s+"?(\w+)"?/gi;

/** Tables a file names in a Kysely builder call (aliased forms too) or in raw `sql` text. */
export function tablesIn(text: string, tables: ReadonlySet<string>): string[] {
  const found = new Set<string>();
  for (const m of text.matchAll(QUERY)) if (tables.has(m[1]!)) found.add(m[1]!);
  for (const block of text.matchAll(/sql(?:<[^`]*?>)?`([^`]*)`/g)) {
    for (const m of block[1]!.matchAll(RAW)) if (tables.has(m[1]!)) found.add(m[1]!);
  }
  return [...found];
}

function moduleOf(file: string): string {
  const parts = file.split("/");
  return parts[1] === "modules" ? parts[2]! : parts[1]!;
}

describe("table ownership", () => {
  const tables = schemaTables();
  const owner = new Map(Object.entries(OWNERS).flatMap(([module, names]) => names.map((t) => [t, module] as const)));

  it("reads the scanner's patterns", () => {
    const set = new Set(["links", "titles", "releases"]);
    expect(tablesIn(`db.selectFrom("links as l").innerJoin(\n "releases as r", "r.id", "l.release_id")`, set).sort()).toEqual([
      "links",
      "releases",
    ]);
    expect(tablesIn("sql`select 1 from titles t join links l on true`", set).sort()).toEqual(["links", "titles"]);
  });

  it("gives every table of the Database interface one owner", () => {
    expect(tables.length).toBeGreaterThan(30);
    expect(tables.filter((t) => !owner.has(t))).toEqual([]);
    expect([...owner.keys()].filter((t) => !tables.includes(t))).toEqual([]);
  });

  it("lets only the owner module name a table in a query", () => {
    const set = new Set(tables);
    const foreign: string[] = [];
    for (const file of sourceFiles("app")) {
      if (EXEMPT.some((dir) => file.startsWith(dir))) continue;
      const module = moduleOf(file);
      const allowed = FOREIGN.find((f) => f.file === file)?.tables ?? [];
      for (const table of tablesIn(fs.readFileSync(path.join(root, file), "utf8"), set)) {
        if (owner.get(table) !== module && !allowed.includes(table)) foreign.push(`${file}: ${table} (owned by ${owner.get(table)})`);
      }
    }
    expect(foreign).toEqual([]);
  });

  it("lists only foreign tables a file still names", () => {
    const set = new Set(tables);
    const stale = FOREIGN.flatMap(({ file, tables: names }) => {
      const used = tablesIn(fs.readFileSync(path.join(root, file), "utf8"), set);
      return names.filter((t) => !used.includes(t)).map((t) => `${file}: ${t}`);
    });
    expect(stale).toEqual([]);
  });
});
