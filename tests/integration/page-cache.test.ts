import fs from "node:fs";
import path from "node:path";
import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { openDatabase, type Db, type DatabaseHandle } from "#app/db/client.server.ts";
import type { Actor } from "#app/modules/audit/audit.server.ts";
import {
  createTitle,
  deleteLink,
  deleteRelease,
  deleteScreenshot,
  deleteTitle,
  replaceTitle,
} from "#app/modules/catalogue/write.server.ts";
import { actionDmcaNotice, reenableDmcaTargets } from "#app/modules/inbox/dmca/actions.server.ts";
import { updateSettings, updateSettingsAudited } from "#app/modules/settings/settings.server.ts";
import { BANNER_COOKIE } from "#app/modules/site/banners.ts";
import { bumpContentVersion, readContentVersion } from "#app/modules/site/content-version.server.ts";
import { seedSynthetic } from "#db/seed/seed.ts";
import {
  cacheKeyFor,
  chooseEncoding,
  createPageHandler,
  inlineScriptSources,
  matchesIfNoneMatch,
  PageStore,
  PRIVATE_CACHE_CONTROL,
  RenderQueue,
  PUBLIC_PAGE_CACHE_CONTROL,
} from "#server/page-cache.ts";
import { insertDmcaNotice } from "#tests/factories/inbox.ts";
import { buildMovie } from "#tests/factories/titles.ts";
import { migrateToLatest } from "#db/migrate.ts";
import { createTestDatabase, describeEachDatabase, testDialects } from "#tests/helpers/database.ts";

const ORIGIN = "http://cinedex.test";
const actor: Actor = { id: null, name: "Page cache test" };

/**
 * A stand-in for the React render that shows what visitors would see: the title
 * and its enabled links, the site name and the notices not dismissed, with an
 * inline script like the router's. Counts its calls, so a test can tell a hit.
 */
function pageRenderer(db: Db, extra: (request: Request) => HeadersInit = () => ({})) {
  const calls = { count: 0 };
  const render = async (request: Request, nonce: string | undefined) => {
    calls.count++;
    const url = new URL(request.url);
    const id = Number(/^\/movie\/(\d+)/.exec(url.pathname)?.[1] ?? 0);
    const title = await db.selectFrom("titles").select("title").where("id", "=", id).executeTakeFirst();
    const links = await db
      .selectFrom("links")
      .innerJoin("releases", "releases.id", "links.release_id")
      .select("links.url")
      .where("releases.title_id", "=", id)
      .where("links.status", "=", "ok")
      .orderBy("links.id")
      .execute();
    const siteName = await db.selectFrom("settings").select("value").where("key", "=", "siteName").executeTakeFirst();
    const dismissed = request.headers.get("cookie")?.includes(`${BANNER_COOKIE}=vpn`) ? "" : "<p>vpn notice</p>";
    const html =
      `<!DOCTYPE html><html><head><script${nonce ? ` nonce="${nonce}"` : ""}>window.page=${JSON.stringify(url.search)}</script></head>` +
      `<body>${dismissed}<h1>${title?.title ?? "none"}</h1><p>${siteName?.value ?? "default"}</p>` +
      `<ul>${links.map((l) => `<li>${l.url}</li>`).join("")}</ul><script src="/assets/entry.js"></script></body></html>`;
    return new Response(title ? html : "not found", {
      status: title ? 200 : 404,
      headers: { "Content-Type": "text/html; charset=utf-8", ...Object.fromEntries(new Headers(extra(request))) },
    });
  };
  return { render, calls };
}

function instance(db: Db, store: PageStore | null = new PageStore(1024 * 1024), extra?: (request: Request) => HeadersInit) {
  const { render, calls } = pageRenderer(db, extra);
  const handle = createPageHandler({ render, readVersion: () => readContentVersion(db), store });
  const get = async (pathname: string, init: RequestInit = {}) => {
    const answer = await handle(new Request(`${ORIGIN}${pathname}`, init), "fresh-nonce", undefined);
    return { ...answer, status: answer.response.status, headers: answer.response.headers, text: await answer.response.text() };
  };
  return { get, calls, store };
}

describe("page cache keys and pieces", () => {
  it("keeps only a page's known parameters, sorted, and splits by dismissed notices only", () => {
    const key = (url: string, cookie?: string) => cacheKeyFor(new Request(url, { headers: cookie ? { cookie } : {} }))?.key;
    expect(key(`${ORIGIN}/search?utm_source=x&sort=newest&q=night&fbclid=1`)).toBe("/search?q=night&sort=newest#");
    expect(key(`${ORIGIN}/search?q=night&sort=newest`)).toBe(key(`${ORIGIN}/search?sort=newest&q=night&utm_medium=y`));
    expect(key(`${ORIGIN}/movie/1/night?season=2&page=4`)).toBe("/movie/1/night?season=2#");
    expect(key(`${ORIGIN}/`, `${BANNER_COOKIE}=vpn.report; theme=dark`)).toBe("/#report.vpn");
    expect(key(`${ORIGIN}/`, `${BANNER_COOKIE}=report.vpn.bogus`)).toBe("/#report.vpn");
    // Sessions, other pages and writes never use the cache.
    expect(key(`${ORIGIN}/`, "cinedex_admin=abc")).toBeUndefined();
    expect(key(`${ORIGIN}/`, "__Host-cinedex_google=abc")).toBeUndefined();
    expect(cacheKeyFor(new Request(`${ORIGIN}/`, { headers: { authorization: "Bearer x" } }))).toBeNull();
    expect(cacheKeyFor(new Request(`${ORIGIN}/`, { method: "POST" }))).toBeNull();
    for (const page of ["/dashboard", "/desksync", "/middleman?id=1", "/contact-us", "/api/suggest?q=a", "/movie/1.data"])
      expect(key(`${ORIGIN}${page}`), page).toBeUndefined();
  });

  it("renders with the normalised address, so a dropped parameter cannot change the page", () => {
    expect(cacheKeyFor(new Request(`${ORIGIN}/genre/horror?utm_source=x&page=2`))?.url).toBe(`${ORIGIN}/genre/horror?page=2`);
  });

  it("hashes inline scripts exactly as the browser does and skips external ones", () => {
    // printf 'alert(1)' | openssl dgst -sha256 -binary | base64
    const html = `<script>alert(1)</script><script src="/a.js"></script><script type="module">alert(1)</script>`;
    expect(inlineScriptSources(Buffer.from(html))).toEqual(["'sha256-bhHHL3z2vDgxUt0W3dWQOrprscmda2Y5pLsLg4GF+pI='"]);
  });

  it("hashes a script's UTF-8 bytes, wherever non-ASCII text sits before it", () => {
    // printf 'alert("Noël · ³")' | openssl dgst -sha256 -binary | base64
    const html = `<title>Amélie · Ça</title><SCRIPT data-x="é">alert("Noël · ³")</SCRIPT><script data-y="ü" src="/b.js"></script>`;
    expect(inlineScriptSources(Buffer.from(html))).toEqual(["'sha256-44tgEfBCvTcIpHhrfU7vbyJHGVjPkmTxbUIdztd1rxs='"]);
  });

  it("sends brotli, else gzip, as the browser accepts them, and nothing a q=0 refuses", () => {
    const both = { br: Buffer.from("b"), gzip: Buffer.from("g") };
    expect(chooseEncoding("gzip, deflate, br, zstd", both)).toBe("br");
    expect(chooseEncoding("gzip;q=1.0, br;q=0", both)).toBe("gzip");
    expect(chooseEncoding("GZIP", both)).toBe("gzip");
    expect(chooseEncoding("*", both)).toBe("br");
    expect(chooseEncoding("*;q=0, gzip;q=0.5", both)).toBe("gzip");
    expect(chooseEncoding("identity", both)).toBeNull();
    expect(chooseEncoding(undefined, both)).toBeNull();
    expect(chooseEncoding("br, gzip", {})).toBeNull();
  });

  it("matches If-None-Match lists, weak forms and *", () => {
    expect(matchesIfNoneMatch('"a", W/"b"', '"b"')).toBe(true);
    expect(matchesIfNoneMatch("*", '"b"')).toBe(true);
    expect(matchesIfNoneMatch('"a"', '"b"')).toBe(false);
    expect(matchesIfNoneMatch(null, '"b"')).toBe(false);
  });

  it("renders at most its limit at once, the others in order of arrival, and skips a client that left", async () => {
    const queue = new RenderQueue(2);
    let running = 0;
    let most = 0;
    const started: number[] = [];
    const task = (n: number) => async () => {
      started.push(n);
      running += 1;
      most = Math.max(most, running);
      await new Promise((resolve) => setTimeout(resolve, 5));
      running -= 1;
      return n;
    };
    const left = new AbortController();
    const runs = [1, 2, 3, 4, 5].map((n) => queue.run(n === 4 ? left.signal : new AbortController().signal, task(n)));
    left.abort();
    expect(await Promise.all(runs)).toEqual([1, 2, 3, null, 5]);
    expect(started).toEqual([1, 2, 3, 5]);
    expect(most).toBe(2);
  });

  it("stays within its byte bound under 10,000 distinct addresses", async () => {
    const maxBytes = 256 * 1024;
    const store = new PageStore(maxBytes);
    const body = "x".repeat(2_000);
    const handle = createPageHandler({
      render: async () => new Response(`<html><body>${body}</body></html>`, { headers: { "Content-Type": "text/html" } }),
      readVersion: async () => 1,
      store,
    });
    let peak = 0;
    for (let i = 0; i < 10_000; i++) {
      await handle(new Request(`${ORIGIN}/search?q=${i}`), undefined, undefined);
      peak = Math.max(peak, store.bytes);
    }
    expect(peak).toBeLessThanOrEqual(maxBytes);
    expect(store.size).toBeGreaterThan(50);
    // The most recent pages are the ones kept.
    const last = await handle(new Request(`${ORIGIN}/search?q=9999`), undefined, undefined);
    expect(last.cache).toBe("hit");
    const first = await handle(new Request(`${ORIGIN}/search?q=0`), undefined, undefined);
    expect(first.cache).toBe("miss");
  });
});

describe("every write that visitors would see bumps the content version", () => {
  const VISIBLE_TABLES = [
    "titles",
    "genres",
    "title_genres",
    "credits",
    "title_subtitles",
    "screenshots",
    "releases",
    "files",
    "links",
    "settings",
  ];
  // Writes to visible tables that visitors do not see, or that bump in their caller.
  const NOT_VISIBLE: Record<string, string> = {
    "app/modules/settings/store.server.ts": "the inbox's operator notification settings (settings rows no page reads)",
    "app/modules/catalogue/link-refs.server.ts": "setLinksStatus: DMCA, the write API and the link checker bump in the same transaction",
  };

  it("finds a bump in every module that writes a visible table", () => {
    const root = path.join(import.meta.dirname, "..", "..");
    const files = [...walk(path.join(root, "app")), ...walk(path.join(root, "db", "seed"))].filter(
      (f) => /\.server\.ts$|seed\.ts$/.test(f) && !f.endsWith(".test.ts"),
    );
    const writes = new RegExp(`(insertInto|updateTable|deleteFrom)\\(\\s*"(${VISIBLE_TABLES.join("|")})"`);
    const writers = files.filter((f) => writes.test(fs.readFileSync(f, "utf8"))).map((f) => path.relative(root, f));
    expect(writers).toContain("app/modules/catalogue/write.server.ts");
    for (const file of writers) {
      if (NOT_VISIBLE[file]) continue;
      expect(fs.readFileSync(path.join(root, file), "utf8"), `${file} writes what visitors see without bumpContentVersion`).toContain(
        "bumpContentVersion(",
      );
    }
  });
});

function* walk(dir: string): Generator<string> {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(full);
    else yield full;
  }
}

/** A second connection to the same database: another server instance's. */
async function secondHandle(db: Db, dialect: "sqlite" | "postgres"): Promise<DatabaseHandle> {
  if (dialect === "sqlite") {
    const { rows } = await sql<{ file: string }>`select file from pragma_database_list where name = 'main'`.execute(db);
    return openDatabase({ dialect: "sqlite", file: rows[0]!.file });
  }
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
  return openDatabase({ dialect: "postgres", url: process.env.TEST_DATABASE_URL!, schema: rows[0]!.schema });
}

describeEachDatabase("page cache", (ctx) => {
  async function versionAfter(write: () => Promise<unknown>): Promise<number> {
    const before = (await readContentVersion(ctx.db))!;
    await write();
    return (await readContentVersion(ctx.db))! - before;
  }

  it("bumps the version in every admin write visitors would see", async () => {
    const title = await createTitle(ctx.db, buildMovie());
    const link = title.releases[0]!.files[0]!.links[0]!;
    expect(await versionAfter(() => createTitle(ctx.db, buildMovie()))).toBe(1);
    expect(await versionAfter(() => replaceTitle(ctx.db, title.id, buildMovie({ title: "Renamed" })))).toBe(1);
    const fresh = (await replaceTitle(ctx.db, title.id, buildMovie()))!;
    expect(await versionAfter(() => deleteScreenshot(ctx.db, title.id, fresh.screenshots[0]!.id))).toBe(1);
    expect(await versionAfter(() => deleteLink(ctx.db, title.id, fresh.releases[0]!.files[0]!.links[0]!.id))).toBe(1);
    expect(await versionAfter(() => deleteRelease(ctx.db, title.id, fresh.releases[1]!.id))).toBe(1);
    expect(await versionAfter(() => updateSettings(ctx.db, { siteName: "Cinedex Two" }))).toBe(1);
    expect(await versionAfter(() => updateSettingsAudited(ctx.db, actor, { siteName: "Cinedex Three" }))).toBe(1);
    const other = await createTitle(ctx.db, buildMovie());
    const notice = await insertDmcaNotice(ctx.db);
    expect(await versionAfter(() => actionDmcaNotice(ctx.db, actor, notice, { linkIds: [], titleIds: [other.id] }))).toBe(1);
    expect(await versionAfter(() => reenableDmcaTargets(ctx.db, actor, notice, "all"))).toBe(1);
    expect(await versionAfter(() => deleteTitle(ctx.db, title.id))).toBe(1);
    expect(await versionAfter(() => seedSynthetic(ctx.db, 3, { batchSize: 3 }))).toBe(1);
    // A write that changes nothing costs no refill.
    expect(await versionAfter(() => deleteTitle(ctx.db, title.id))).toBe(0);
    expect(link.id).toBeGreaterThan(0);
  });

  it("serves from the cache until a write, then shows the write on the next request", async () => {
    const title = await createTitle(ctx.db, buildMovie({ title: "Before" }));
    const site = instance(ctx.db);
    const first = await site.get(`/movie/${title.id}/x`);
    expect(first.cache).toBe("miss");
    expect(first.text).toContain("Before");
    expect(first.headers.get("cache-control")).toBe(PUBLIC_PAGE_CACHE_CONTROL);
    expect(first.headers.get("vary")).toBe("Cookie, Accept-Encoding");
    expect(first.headers.get("etag")).toMatch(/^"[\w-]{32}"$/);
    const second = await site.get(`/movie/${title.id}/x?utm_source=newsletter`);
    expect(second.cache).toBe("hit");
    expect(second.text).toBe(first.text);
    expect(site.calls.count).toBe(1);

    await replaceTitle(ctx.db, title.id, buildMovie({ title: "After" }));
    const third = await site.get(`/movie/${title.id}/x`);
    expect(third.cache).toBe("miss");
    expect(third.text).toContain("After");
    expect(third.headers.get("etag")).not.toBe(first.headers.get("etag"));
  });

  it("renders a page once for a burst of requests after a write, and each gets it", async () => {
    const title = await createTitle(ctx.db, buildMovie({ title: "Vampyr" }));
    const site = instance(ctx.db);
    const page = `/movie/${title.id}/x`;
    await site.get(page);
    await bumpContentVersion(ctx.db);
    const burst = await Promise.all(Array.from({ length: 20 }, (_, i) => site.get(page, i % 5 === 0 ? { method: "HEAD" } : {})));
    expect(site.calls.count).toBe(2);
    expect(burst.filter((answer) => answer.cache === "miss")).toHaveLength(1);
    for (const [i, answer] of burst.entries()) {
      expect(answer.status).toBe(200);
      expect(answer.text).toEqual(i % 5 === 0 ? "" : expect.stringContaining("Vampyr"));
    }
  });

  it("lets a burst render for itself when the page it waited for may not be kept", async () => {
    const title = await createTitle(ctx.db, buildMovie());
    const site = instance(ctx.db, undefined, () => ({ "Set-Cookie": "seen=1" }));
    const page = `/movie/${title.id}/x`;
    const burst = await Promise.all(Array.from({ length: 3 }, () => site.get(page)));
    expect(burst.map((answer) => answer.cache)).toEqual(["bypass", "bypass", "bypass"]);
    expect(burst.every((answer) => answer.headers.get("set-cookie") === "seen=1")).toBe(true);
    expect(site.calls.count).toBe(3);
  });

  it("takes a DMCA'd link off every instance's cached pages at once", async () => {
    const title = await createTitle(ctx.db, buildMovie());
    const link = title.releases[0]!.files[0]!.links[0]!;
    const other = await secondHandle(ctx.db, ctx.dialect);
    try {
      const one = instance(ctx.db);
      const two = instance(other.db);
      const page = `/movie/${title.id}/x`;
      for (const site of [one, two]) {
        await site.get(page);
        const cached = await site.get(page);
        expect(cached.cache).toBe("hit");
        expect(cached.text).toContain(link.url);
      }
      const notice = await insertDmcaNotice(ctx.db);
      await actionDmcaNotice(ctx.db, actor, notice, { linkIds: [link.id], titleIds: [] });
      for (const site of [one, two]) {
        const after = await site.get(page);
        expect(after.cache).toBe("miss");
        expect(after.text).not.toContain(link.url);
      }
    } finally {
      await other.close();
    }
  });

  it("never serves a signed-in admin from the cache nor keeps their page", async () => {
    const title = await createTitle(ctx.db, buildMovie());
    const site = instance(ctx.db);
    const page = `/movie/${title.id}/x`;
    await site.get(page);
    const admin = await site.get(page, { headers: { cookie: "cinedex_admin=token" } });
    expect(admin.cache).toBe("bypass");
    expect(admin.scriptSources).toBeUndefined();
    expect(admin.text).toContain('nonce="fresh-nonce"');
    expect(admin.headers.get("cache-control")).toBe(PRIVATE_CACHE_CONTROL);
    expect(site.calls.count).toBe(2);

    const empty = instance(ctx.db);
    await empty.get(page, { headers: { cookie: "__Host-cinedex_admin=token" } });
    expect(empty.store!.size).toBe(0);
  });

  it("respects dismissed notices", async () => {
    const title = await createTitle(ctx.db, buildMovie());
    const site = instance(ctx.db);
    const page = `/movie/${title.id}/x`;
    expect((await site.get(page)).text).toContain("vpn notice");
    const dismissed = await site.get(page, { headers: { cookie: `${BANNER_COOKIE}=vpn` } });
    expect(dismissed.cache).toBe("miss");
    expect(dismissed.text).not.toContain("vpn notice");
    expect((await site.get(page, { headers: { cookie: `${BANNER_COOKIE}=vpn` } })).cache).toBe("hit");
    expect((await site.get(page)).text).toContain("vpn notice");
  });

  it("never keeps an answer that sets a cookie", async () => {
    const title = await createTitle(ctx.db, buildMovie());
    const site = instance(ctx.db, undefined, () => ({ "Set-Cookie": "x=1; Path=/" }));
    const first = await site.get(`/movie/${title.id}/x`);
    expect(first.cache).toBe("bypass");
    expect(first.headers.get("cache-control")).toBe(PRIVATE_CACHE_CONTROL);
    expect(first.headers.get("set-cookie")).toBe("x=1; Path=/");
    expect(site.store!.size).toBe(0);
    expect((await site.get(`/movie/${title.id}/x`)).cache).toBe("bypass");
  });

  it("answers 304 to a matching If-None-Match and HEAD from the same entry", async () => {
    const title = await createTitle(ctx.db, buildMovie());
    const site = instance(ctx.db);
    const page = `/movie/${title.id}/x`;
    const head = await site.get(page, { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(head.text).toBe("");
    const full = await site.get(page);
    expect(full.cache).toBe("hit");
    expect(head.headers.get("content-length")).toBe(String(Buffer.byteLength(full.text)));
    expect(head.headers.get("etag")).toBe(full.headers.get("etag"));
    expect(site.calls.count).toBe(1);

    const etag = full.headers.get("etag")!;
    const notModified = await site.get(page, { headers: { "if-none-match": `W/"other", ${etag}` } });
    expect(notModified.status).toBe(304);
    expect(notModified.text).toBe("");
    expect(notModified.headers.get("etag")).toBe(etag);
    expect((await site.get(page, { headers: { "if-none-match": '"stale"' } })).status).toBe(200);
  });

  it("allows the page's inline scripts by hash when rendered without a nonce", async () => {
    const title = await createTitle(ctx.db, buildMovie());
    const page = await instance(ctx.db).get(`/movie/${title.id}/x?utm_source=x`);
    expect(page.text).not.toContain("nonce=");
    expect(page.text).toContain('window.page=""');
    expect(page.scriptSources).toEqual(inlineScriptSources(Buffer.from(page.text)));
    expect(page.scriptSources).toHaveLength(1);
  });

  it("keeps nothing when the cache is off, yet sends the same HTTP caching headers", async () => {
    const title = await createTitle(ctx.db, buildMovie());
    const site = instance(ctx.db, null);
    const first = await site.get(`/movie/${title.id}/x`);
    const second = await site.get(`/movie/${title.id}/x`, { headers: { "if-none-match": first.headers.get("etag")! } });
    expect(second.cache).toBe("miss");
    expect(second.status).toBe(304);
    expect(first.headers.get("cache-control")).toBe(PUBLIC_PAGE_CACHE_CONTROL);
    expect(site.calls.count).toBe(2);
  });

  it("does not keep a missing page", async () => {
    const site = instance(ctx.db);
    const missing = await site.get("/movie/999999/x");
    expect(missing.status).toBe(404);
    expect(missing.headers.get("cache-control")).toBe(PRIVATE_CACHE_CONTROL);
    expect(site.store!.size).toBe(0);
  });
});

describe("the content version migration", () => {
  it.each(testDialects)("applies to a database already migrated past its date [%s]", async (dialect) => {
    const handle = await createTestDatabase(dialect);
    try {
      // As a database migrated before this migration existed: later ones applied, this one not.
      await handle.db.schema.dropTable("content_version").execute();
      await handle.db
        .deleteFrom("kysely_migration" as never)
        .where("name" as never, "=", "2026-11-25T1100_content_version" as never)
        .execute();
      expect(await migrateToLatest(handle.db)).toEqual(["2026-11-25T1100_content_version"]);
      expect(await readContentVersion(handle.db)).toBe(1);
    } finally {
      await handle.destroy();
    }
  });
});
