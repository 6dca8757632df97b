import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSession, sessionCookieName } from "#app/modules/auth/sessions.server.ts";
import { insertContactMessage, insertRequest } from "#tests/factories/inbox.ts";
import { signIn, TEST_PASSWORD } from "#tests/helpers/admin.ts";
import { testDialects } from "#tests/helpers/database.ts";
import { rawRequest, startInProcessApp, type InProcessApp, type RawAnswer } from "#tests/faults/fuzz-app.ts";
import { routePatterns, type RouteEntry } from "#tests/helpers/route-patterns.ts";

/**
 * Security regressions as code (issue 14 point 4; ASVS 5.0 L1-2 rows in
 * ../shared/research/reliability-security.md), one test per row, through the whole
 * app on each database. Rows already covered elsewhere are named in
 * docs/decisions/025-outbound-fetch-and-security-suite.md, not repeated here.
 */

/** Markup a payload turns into when it is not escaped. */
const EXECUTABLE = [/<img src=x onerror/i, /<script>alert\(1\)/i, /<svg\/onload/i];
const PAYLOAD = `"><img src=x onerror=alert(1)></script><script>alert(1)</script><svg/onload=alert(1)>`;
const EVIL = "https://evil.example";

function expectInert(answer: RawAnswer, where: string): void {
  for (const pattern of EXECUTABLE) expect(pattern.test(answer.body), `${where} shows ${pattern}`).toBe(false);
}

const ADMIN_AREA = /^\/(?:dashboard|add)(?:\/|$)/;

for (const dialect of testDialects) {
  describe(`security regressions [${dialect}]`, () => {
    let app: InProcessApp;
    let clientDir: string;
    let movieId: number;
    let paths: string[];
    let adminCookie: () => Promise<string>;
    let editorCookie: string;
    let adminEmail: string;

    const get = (p: string, headers: Record<string, string> = {}) => rawRequest(app.port, { method: "GET", path: p, headers });
    const post = (p: string, form: Record<string, string>, headers: Record<string, string> = {}) =>
      rawRequest(app.port, {
        method: "POST",
        path: p,
        headers: { "content-type": "application/x-www-form-urlencoded", origin: app.baseURL, ...headers },
        body: new URLSearchParams(form).toString(),
      });

    beforeAll(async () => {
      // A client folder with one file, next to a file that must stay out of reach.
      const root = fs.mkdtempSync(path.join(os.tmpdir(), "cinedex-static-"));
      clientDir = path.join(root, "client");
      fs.mkdirSync(path.join(clientDir, "assets"), { recursive: true });
      fs.writeFileSync(path.join(clientDir, "assets", "app-abc123.js"), "console.log('ok');");
      fs.writeFileSync(path.join(root, "secret.txt"), "TOP-SECRET-FILE");
      app = await startInProcessApp(dialect, { clientDir });
      const db = app.database.db;
      const movie = await db.selectFrom("titles").select(["id"]).where("type", "=", "movie").orderBy("id").executeTakeFirstOrThrow();
      movieId = movie.id;
      // What an editor could type into a title's fields; visitors' fields below.
      await db
        .updateTable("titles")
        .set({ title: `Dune ${PAYLOAD}`, overview: PAYLOAD, tagline: PAYLOAD, storyline: PAYLOAD, original_title: PAYLOAD })
        .where("id", "=", movieId)
        .execute();
      await db.updateTable("links").set({ label: PAYLOAD }).execute();
      await insertContactMessage(db, { name: PAYLOAD, email: "x@example.com", subject: PAYLOAD, message: PAYLOAD });
      await insertRequest(db, { title: PAYLOAD, submissions: [{ name: PAYLOAD, email: "v@example.com", message: PAYLOAD }] });
      const { admin } = await signIn(db, "admin");
      adminEmail = admin.email;
      adminCookie = async () => `${sessionCookieName(false)}=${(await createSession(db, admin.id, { persistent: false })).token}`;
      editorCookie = (await signIn(db, "editor")).cookie;
      paths = routePatterns((await import("#app/routes.ts")).default as RouteEntry[]).map((p) =>
        p
          .replace(/\/:slug\?/, "")
          .replace(/:id/g, String(movieId))
          .replace(":kind", "contact")
          .replace(":category", "action")
          .replace(":type", "movie")
          .replace(":quality", "1080p")
          .replace(":seasonId", "null")
          .replace(":file", `${movieId}.png`)
          .replace(":name", "titles-1.xml")
          .replace("*", "no-such-page"),
      );
      await get("/");
    }, 120_000);

    afterAll(async () => {
      await app?.close();
      fs.rmSync(path.dirname(clientDir), { recursive: true, force: true });
    });

    it("stored XSS: title and link fields an editor writes are inert on every public page, the sitemap, JSON-LD and meta tags", async () => {
      const page = await get(`/movie/${movieId}`);
      const titlePath = page.status === 301 ? new URL(String(page.headers.location), app.baseURL).pathname : `/movie/${movieId}`;
      for (const p of [
        titlePath,
        "/",
        "/search?q=Dune",
        "/genre/action",
        "/sitemap.xml",
        "/sitemaps/titles-1.xml",
        `/archive/${movieId}/1080p`,
      ]) {
        const answer = await get(p);
        expect(answer.status, p).toBeLessThan(500);
        expectInert(answer, p);
      }
      const title = await get(titlePath);
      expect(title.status).toBe(200);
      // JSON-LD is a script element: "</script>" inside it must not close it.
      for (const [, json] of title.body.matchAll(/<script[^>]*application\/ld\+json[^>]*>([\s\S]*?)<\/script>/g)) {
        expect(json).not.toMatch(/<\/script/i);
        expect(() => JSON.parse(json!) as unknown).not.toThrow();
      }
      for (const [tag] of title.body.matchAll(/<meta [^>]*>/g)) expect(tag).not.toMatch(/<img|<script|<svg/i);
    });

    it("stored XSS: visitors' submissions are inert in the admin inbox lists and items", async () => {
      const cookie = await adminCookie();
      const contact = await app.database.db.selectFrom("contact_messages").select("id").executeTakeFirstOrThrow();
      const request = await app.database.db.selectFrom("content_requests").select("id").executeTakeFirstOrThrow();
      for (const p of [
        "/dashboard/inbox/contact",
        `/dashboard/inbox/contact/${contact.id}`,
        "/dashboard/inbox/requests",
        `/dashboard/inbox/requests/${request.id}`,
        "/dashboard",
        `/dashboard/movies/${movieId}`,
        "/dashboard/movies",
        "/dashboard/activity",
      ]) {
        const answer = await get(p, { cookie });
        expect(answer.status, p).toBe(200);
        expectInert(answer, p);
      }
    });

    it("reflected XSS: nothing from the address comes back as markup", async () => {
      const q = encodeURIComponent(PAYLOAD);
      for (const p of [
        `/search?q=${q}`,
        `/search?q=${q}&type=${q}&sort=${q}&page=${q}`,
        `/api/suggest?q=${q}`,
        `/middleman?id=${q}`,
        `/page3?id=${q}`,
        `/genre/${q}`,
        `/no-such/${q}`,
        `/admin?redirectTo=${q}`,
        `/watchlist?ids=${q}`,
        `/request?title=${q}&movieSeriesName=${q}`,
        `/broken-links?linkId=${q}&titleId=${q}`,
        `/login?error=${q}`,
      ]) {
        const answer = await get(p);
        expect(answer.status, p).toBeLessThan(500);
        expectInert(answer, p);
      }
    });

    it(
      "CSRF: every route refuses a write another site starts, by Origin or Sec-Fetch-Site, signed in or not",
      { timeout: 60_000 },
      async () => {
        const cookie = await adminCookie();
        for (const p of paths) {
          const variants: Record<string, string>[] = [
            { origin: EVIL },
            { "sec-fetch-site": "cross-site" },
            { origin: "null" },
            { origin: EVIL, cookie },
          ];
          for (const headers of variants) {
            for (const method of ["POST", "DELETE"]) {
              const answer = await rawRequest(app.port, {
                method,
                path: p,
                headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
                body: "intent=delete&id=1",
              });
              expect(answer.status, `${method} ${p} ${JSON.stringify(headers)}`).toBe(403);
            }
          }
        }
      },
    );

    it("authorisation: without a session no admin route answers its content; an Editor is refused Administrator screens", async () => {
      for (const p of paths.filter((x) => ADMIN_AREA.test(x))) {
        for (const method of ["GET", "POST"]) {
          const answer = await rawRequest(app.port, {
            method,
            path: p,
            headers: { origin: app.baseURL, "content-type": "application/x-www-form-urlencoded" },
            body: method === "POST" ? "intent=delete" : undefined,
          });
          const status = answer.status;
          expect(status === 200 || status >= 500, `${method} ${p} answered ${status}`).toBe(false);
          if (status >= 300 && status < 400) expect(new URL(String(answer.headers.location), app.baseURL).pathname, p).toBe("/admin");
        }
      }
      for (const p of ["/dashboard/users", "/dashboard/settings/operator", "/dashboard/settings/site"]) {
        expect((await get(p, { cookie: editorCookie })).status, p).toBe(403);
      }
      const before = await app.database.db.selectFrom("admins").select(["id", "role"]).orderBy("id").execute();
      const promote = await post(`/dashboard/users/${before.at(-1)!.id}/role`, { role: "admin" }, { cookie: editorCookie });
      expect(promote.status).toBe(403);
      expect(await app.database.db.selectFrom("admins").select(["id", "role"]).orderBy("id").execute()).toEqual(before);
    });

    it("session fixation: signing in issues a new session id, never one the browser brought", async () => {
      const planted = "attacker-chosen-session-id-0123456789";
      const answer = await post(
        "/admin",
        { email: adminEmail, password: TEST_PASSWORD },
        { cookie: `${sessionCookieName(false)}=${planted}` },
      );
      expect(answer.status).toBeLessThan(400);
      const set = ([] as string[]).concat(answer.headers["set-cookie"] ?? []).find((c) => c.startsWith(`${sessionCookieName(false)}=`));
      expect(set).toBeDefined();
      expect(set).not.toContain(planted);
      expect(set).toMatch(/HttpOnly/i);
      expect(set).toMatch(/SameSite=(Lax|Strict)/i);
      const fresh = set!.split(";")[0]!;
      expect((await get("/dashboard", { cookie: fresh })).status).toBe(200);
      expect((await get("/dashboard", { cookie: `${sessionCookieName(false)}=${planted}` })).status).toBe(302);
    });

    it("open redirects: no route sends a visitor to another site, whatever the parameters say", { timeout: 60_000 }, async () => {
      const bait = ["//evil.example", "https://evil.example", "/\\evil.example", "%2F%2Fevil.example", "https:evil.example"];
      const cookie = await adminCookie();
      // Every route with every parameter name that usually carries a target; the redirecting routes with each bait.
      const q = ["redirectTo", "next", "returnTo", "url", "to"].map((name, i) => `${name}=${bait[i]}`).join("&");
      const redirecting = ["/admin", "/middleman", "/page3", "/about", "/contact", "/privacy", `/movie/${movieId}`, "/dashboard"];
      const probes = [
        ...paths.map((p) => `${p}${p.includes("?") ? "&" : "?"}${q}`),
        ...redirecting.flatMap((p) => bait.map((value) => `${p}?redirectTo=${value}&id=${value}&url=${value}`)),
      ];
      for (const probe of probes) {
        for (const headers of [{}, { cookie }] as Record<string, string>[]) {
          const location = (await get(probe, headers)).headers.location;
          if (location) expect(new URL(location, app.baseURL).origin, `${probe} -> ${location}`).toBe(app.baseURL);
        }
      }
      const dismissed = await post("/banners/dismiss", { id: "x", redirectTo: "//evil.example" });
      if (dismissed.headers.location) expect(new URL(dismissed.headers.location, app.baseURL).origin).toBe(app.baseURL);
    });

    it("header injection: a CR/LF in any echoed value never starts a header", async () => {
      const crlf = "%0d%0aX-Injected:%201%0d%0aSet-Cookie:%20pwned=1";
      for (const p of [
        `/movie/${movieId}/x${crlf}`,
        `/search?q=a${crlf}`,
        `/middleman?id=1${crlf}`,
        `/page3?id=1${crlf}`,
        `/about?x=${crlf}`,
        `/no-such/${crlf}`,
        `/genre/action?page=${crlf}`,
      ]) {
        const answer = await get(p, { "x-request-id": "a\tb" });
        expect(answer.status, p).toBeLessThan(500);
        expect(answer.headers["x-injected"], p).toBeUndefined();
        expect(JSON.stringify(answer.headers["set-cookie"] ?? []), p).not.toContain("pwned");
      }
    });

    it("path traversal: static files never serve what lies outside the client folder", async () => {
      expect((await get("/assets/app-abc123.js")).status).toBe(200);
      for (const p of [
        "/../secret.txt",
        "/..%2fsecret.txt",
        "/%2e%2e/secret.txt",
        "/%2e%2e%2fsecret.txt",
        "/assets/..%2f..%2fsecret.txt",
        "/assets/%2e%2e/%2e%2e/secret.txt",
        "/assets/..%5c..%5csecret.txt",
        "/..%c0%afsecret.txt",
        "/assets/%252e%252e/secret.txt",
        "/assets/app-abc123.js%00.png",
      ]) {
        const answer = await get(p);
        expect(answer.status, p).toBeLessThan(500);
        expect(answer.body, p).not.toContain("TOP-SECRET-FILE");
      }
    });
  });
}
