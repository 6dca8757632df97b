import crypto from "node:crypto";
import fs from "node:fs";
import { Redis } from "ioredis";
import { sql } from "kysely";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { openDatabase, type DatabaseHandle } from "#app/db/client.server.ts";
import { createTitle } from "#app/modules/catalogue/write.server.ts";
import { titlePath } from "#app/modules/catalogue/paths.ts";
import { buildMovie } from "#tests/factories/titles.ts";
import { signIn, TEST_PASSWORD } from "#tests/helpers/admin.ts";
import { withPgClient } from "#tests/helpers/database.ts";
import { startServer, type RunningServer } from "#tests/helpers/server-process.ts";
import { MOCK_API_KEY, startTmdbMock, type TmdbMock } from "#tests/mocks/tmdb/server.ts";

/*
 * Two instances of the production build (npm run build first) on one PostgreSQL
 * database, as behind a load balancer (ADR 027): the limits, the sign-in lock, the
 * TMDB back-off and cache, and the page cache's invalidation hold across both.
 * Skipped without TEST_DATABASE_URL; run again with the shared state in Redis when
 * TEST_REDIS_URL is set. Run with `npm run test:scale`.
 */

const baseUrl = process.env.TEST_DATABASE_URL;
const SECRET = "scale-test-session-secret-0123456789-abcdef";

/** A database index of its own, emptied of the app's keys before each test. */
function redisTestUrl(url: string): string {
  const parsed = new URL(url);
  parsed.pathname = "/11";
  return parsed.toString();
}
const stores = [
  { store: "PostgreSQL", redisUrl: null as string | null },
  ...(process.env.TEST_REDIS_URL ? [{ store: "Redis", redisUrl: redisTestUrl(process.env.TEST_REDIS_URL) }] : []),
];

describe.runIf(baseUrl).each(stores)("two instances on one PostgreSQL, shared state in $store", ({ redisUrl }) => {
  const name = `cinedex_scale_${crypto.randomBytes(4).toString("hex")}`;
  let databaseUrl: string;
  let database: DatabaseHandle;
  let tmdb: TmdbMock;
  let a: RunningServer;
  let b: RunningServer;

  beforeAll(async () => {
    if (!fs.existsSync("build/server/index.js")) throw new Error("no production build: run `npm run build` first");
    await withPgClient(baseUrl!, (c) => c.query(`create database ${name}`));
    const url = new URL(baseUrl!);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    tmdb = await startTmdbMock();
    const env = {
      DATABASE_URL: databaseUrl,
      // Instances behind one balancer share the secret: the form limit is keyed by a hash made with it.
      SESSION_SECRET: SECRET,
      SEED_DEMO: "false",
      TMDB_API_KEY: MOCK_API_KEY,
      TMDB_BASE_URL: tmdb.origin,
      ...(redisUrl ? { REDIS_URL: redisUrl } : {}),
    };
    // One after the other: the first migrates the empty database.
    a = await startServer(env);
    b = await startServer(env);
    database = openDatabase({ dialect: "postgres", url: databaseUrl });
  }, 60_000);

  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await database?.close();
    await tmdb?.close();
    await withPgClient(baseUrl!, (c) => c.query(`drop database if exists ${name} with (force)`));
  }, 60_000);

  beforeEach(async () => {
    await sql`truncate rate_limits, shared_cache, login_attempts`.execute(database.db);
    if (redisUrl) {
      const redis = new Redis(redisUrl);
      try {
        const keys = await redis.keys("cinedex:*");
        if (keys.length) await redis.del(...keys);
      } finally {
        redis.disconnect();
      }
    }
  });

  /** A form post as the browser sends it without JavaScript (same-origin, so the CSRF guard lets it through). */
  function post(server: RunningServer, path: string, fields: Record<string, string>, cookie?: string) {
    return fetch(`${server.baseURL}${path}`, {
      method: "POST",
      headers: {
        "Content-Type": "application/x-www-form-urlencoded",
        Origin: server.baseURL,
        "Sec-Fetch-Site": "same-origin",
        ...(cookie ? { Cookie: cookie } : {}),
      },
      body: new URLSearchParams(fields),
      redirect: "manual",
    });
  }

  it("the sixth contact message in a minute is refused whichever instance gets it", async () => {
    const message = (i: number) => ({ name: "Ann Lee", email: "ann@example.com", subject: "Hello", message: `Message ${i}` });
    const statuses: number[] = [];
    for (const [i, server] of [a, b, a, b, a].entries()) statuses.push((await post(server, "/contact-us", message(i))).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200]);
    const sixthOnB = await post(b, "/contact-us", message(6));
    expect(sixthOnB.status).toBe(429);
    expect(await sixthOnB.text()).toContain("You have sent this form several times in a row. Please wait a minute and try again.");
    expect((await post(a, "/contact-us", message(7))).status).toBe(429);
    const stored = await database.db
      .selectFrom("contact_messages")
      .select((eb) => eb.fn.countAll().as("n"))
      .executeTakeFirstOrThrow();
    expect(Number(stored.n)).toBe(5);
    // Counted where the configuration says.
    const rows = await database.db.selectFrom("rate_limits").select("key").execute();
    if (redisUrl) {
      expect(rows).toEqual([]);
      const redis = new Redis(redisUrl);
      expect(await redis.keys("cinedex:rl:form:contact:*").finally(() => redis.disconnect())).toHaveLength(1);
    } else {
      expect(rows).toHaveLength(1);
    }
    // Another form has a limit of its own.
    const report = { contentName: "Nosferatu", seasonEpisode: "", quality: "720p", linkType: "Google Drive", additionalInfo: "Dead" };
    expect((await post(b, "/broken-links", report)).status).toBe(200);
  });

  it("an account locked by failures on one instance is locked on the other, even for the right password", async () => {
    const { admin } = await signIn(database.db);
    for (const [i, server] of [a, b, a, b, a].entries()) {
      expect((await post(server, "/admin", { email: admin.email, password: `wrong-${i}` })).status).toBe(401);
    }
    for (const server of [b, a]) {
      const locked = await post(server, "/admin", { email: admin.email, password: TEST_PASSWORD });
      expect(locked.status).toBe(429);
      expect(await locked.text()).toContain("Too many failed attempts. Please try again in 1 minute.");
    }
  });

  it("a TMDB answer fetched by one instance is reused by the other, and a 429 seen by one holds the other back", async () => {
    const search = async (server: RunningServer, q: string) => {
      const response = await fetch(`${server.baseURL}/search?q=${encodeURIComponent(q)}`);
      expect(response.status).toBe(200);
      await response.arrayBuffer();
    };
    const asked = () => tmdb.requests.filter((r) => r.url.startsWith("/search/multi")).length;
    const before = asked();
    await search(a, "paprika");
    expect(asked()).toBe(before + 1);
    await search(b, "paprika");
    expect(asked()).toBe(before + 1);
    // Without a back-off, B asks TMDB itself.
    await search(b, "metropolis");
    expect(asked()).toBe(before + 2);

    tmdb.override("/search/multi", { kind: "status", status: 429, headers: { "Retry-After": "120" } });
    await search(a, "nosferatu");
    expect(asked()).toBe(before + 3);
    await search(b, "sunrise");
    await search(b, "the general");
    await search(a, "faust");
    expect(asked()).toBe(before + 3);
  });

  it("a write through one instance is seen at once on the other's cached page", async () => {
    const title = await createTitle(database.db, buildMovie({ title: "Häxan" }));
    const page = `${titlePath(title)}`;
    const read = async (server: RunningServer) => {
      const response = await fetch(`${server.baseURL}${page}`, { redirect: "manual" });
      return { status: response.status, html: await response.text() };
    };
    expect(await read(b)).toMatchObject({ status: 200, html: expect.stringContaining("Häxan") });
    // Changed behind the app's back (no content-version bump): B keeps serving its cached page.
    await database.db.updateTable("titles").set({ title: "Renamed quietly" }).where("id", "=", title.id).execute();
    expect((await read(b)).html).toContain("Häxan");

    const { cookie } = await signIn(database.db);
    const deleted = await post(a, `/dashboard/titles/${title.id}/delete`, { part: "title" }, cookie);
    expect(deleted.status).toBe(200);
    const after = Date.now();
    expect((await read(b)).status).toBe(404);
    expect(Date.now() - after).toBeLessThan(2_000);
  });
});
