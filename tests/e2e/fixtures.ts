import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import crypto from "node:crypto";
import { test as base, expect, type Locator, type Page } from "@playwright/test";
import { openDatabase, type Db } from "#app/db/client.server.ts";
import { createTitle, deleteTitle } from "#app/modules/catalogue/write.server.ts";
import type { TitleInput } from "#app/modules/catalogue/schema.ts";
import type { TitleDetail } from "#app/modules/catalogue/types.ts";
import { createAdmin } from "#app/modules/auth/accounts.server.ts";
import type { Role } from "#app/modules/auth/schema.ts";
import { createSession, sessionCookieName } from "#app/modules/auth/sessions.server.ts";
import { startServer, type RunningServer } from "#tests/helpers/server-process.ts";
import type { Admin } from "#app/modules/auth/types.ts";

/** A 1×1 transparent PNG, served for every image from another host (tests never reach the internet). */
const PIXEL = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=", "base64");
const isLoopback = (url: URL) => ["127.0.0.1", "localhost", "[::1]"].includes(url.hostname);

interface Catalogue {
  /** The e2e server's own database, opened alongside it (SQLite in WAL mode allows that). */
  db: Db;
  /** Adds a title for this test; it is deleted when the test ends. */
  create(input: TitleInput): Promise<TitleDetail>;
}

interface AdminAccount {
  admin: Admin;
  password: string;
  /** The e2e server's database. */
  db: Db;
}

function openE2eDatabase(dataDir: string) {
  return openDatabase({ dialect: "sqlite", file: path.join(dataDir, "cinedex.db") });
}

/**
 * A test that navigates away from a form with unsaved changes leaves (the
 * browser's beforeunload question is accepted); other dialogs are dismissed, as
 * Playwright does when nobody listens. A test may still listen to see the question.
 */
export function leaveWithoutAsking(page: Page) {
  page.on("dialog", (dialog) => void (dialog.type() === "beforeunload" ? dialog.accept() : dialog.dismiss()));
}

/**
 * Every page test fails on a browser console error or an uncaught exception,
 * which also catches scripts the Content-Security-Policy blocked.
 */
export const test = base.extend<{
  pageErrors: string[];
  expectedConsoleErrors: RegExp[];
  /** The data folder of the server under test (a spec with a server of its own overrides it with baseURL). */
  dataDir: string;
  catalogue: Catalogue;
  /** The role of the `admin` fixture's account. */
  adminRole: Role;
  /** A fresh admin account of this test, already signed in in `page` (removed when the test ends). */
  admin: AdminAccount;
  /** A fresh admin account of this test, not signed in. */
  adminAccount: AdminAccount;
}>({
  /** Console errors a test provokes on purpose (a 404 document logs one). */
  expectedConsoleErrors: [[], { option: true }],
  dataDir: [process.env.E2E_DATA_DIR!, { option: true }],
  page: async ({ page }, use) => {
    await page.route(
      (url) => !isLoopback(url),
      (route) =>
        route.request().resourceType() === "image"
          ? route.fulfill({ status: 200, contentType: "image/png", body: PIXEL })
          : route.fulfill({ status: 204, body: "" }),
    );
    leaveWithoutAsking(page);
    await use(page);
  },
  pageErrors: [
    async ({ page, expectedConsoleErrors }, use) => {
      const errors: string[] = [];
      page.on("console", (message) => {
        if (message.type() === "error") errors.push(`${message.text()} (on ${page.url()})`);
      });
      page.on("pageerror", (error) => errors.push(`${error.message} (on ${page.url()})`));
      await use(errors);
      const unexpected = errors.filter((e) => !expectedConsoleErrors.some((pattern) => pattern.test(e)));
      expect(unexpected, "browser console errors").toEqual([]);
    },
    { auto: true },
  ],
  catalogue: async ({ dataDir }, use) => {
    const handle = openE2eDatabase(dataDir);
    const created: number[] = [];
    await use({
      db: handle.db,
      async create(input) {
        const title = await createTitle(handle.db, input);
        created.push(title.id);
        return title;
      },
    });
    for (const id of created) await deleteTitle(handle.db, id);
    await handle.close();
  },
  adminRole: ["admin", { option: true }],
  adminAccount: async ({ adminRole, dataDir }, use) => {
    const handle = openE2eDatabase(dataDir);
    const password = `pw-${crypto.randomBytes(9).toString("base64url")}`;
    const suffix = crypto.randomBytes(5).toString("hex");
    const admin = await createAdmin(handle.db, null, {
      name: `Tester ${suffix}`,
      email: `e2e-${suffix}@cinedex.test`,
      password,
      confirmPassword: password,
      role: adminRole,
    });
    await use({ admin, password, db: handle.db });
    await handle.db.deleteFrom("admins").where("id", "=", admin.id).execute();
    await handle.close();
  },
  admin: async ({ adminAccount, page, baseURL }, use) => {
    const { token } = await createSession(adminAccount.db, adminAccount.admin.id, { persistent: false });
    await page.context().addCookies([{ name: sessionCookieName(false), value: token, url: baseURL!, httpOnly: true, sameSite: "Lax" }]);
    await use(adminAccount);
  },
});

export { expect };

/**
 * The same fixtures against a server of the spec's own (one per worker, with the
 * demo catalogue), for tests that assert on global state (unread counts, listing
 * order) that parallel tests on the shared server would change.
 */
export const testOnOwnServer = test.extend<object, { ownServer: RunningServer }>({
  ownServer: [
    // eslint-disable-next-line no-empty-pattern -- Playwright fixtures take their dependencies as a destructured first argument.
    async ({}, use) => {
      const server = await startServer({ SEED_DEMO: "true" });
      await use(server);
      await server.stop();
    },
    { scope: "worker", timeout: 120_000 },
  ],
  baseURL: async ({ ownServer }, use) => use(ownServer.baseURL),
  dataDir: async ({ ownServer }, use) => use(ownServer.dataDir),
});

/** axe-core's WCAG 2.1 A/AA checks on the page as it is now. */
export async function expectAccessible(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  const summary = results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`);
  expect(summary, "accessibility violations").toEqual([]);
}

/**
 * Waits until React has hydrated an element (it keeps its props on the node), so
 * a click is React's and not the browser's default (a plain form post or page
 * load). `networkidle` is no such signal: on a busy machine the scripts can finish
 * downloading half a second before they run.
 */
export async function expectHydrated(locator: Locator) {
  await expect
    .poll(() => locator.evaluate((node) => Object.keys(node).some((key) => key.startsWith("__reactProps$"))), {
      message: "React has hydrated the element",
    })
    .toBe(true);
}
