import type { ChildProcess } from "node:child_process";
import type { Page } from "@playwright/test";
import { OAuth2Server } from "oauth2-mock-server";
import { startDriveMock, type DriveMock, type MockDriveFile } from "#tests/helpers/drive-mock.ts";
import { freePort, spawnServer, tempDataDir } from "#tests/helpers/server-process.ts";
import { expect, expectAccessible, test } from "./fixtures.ts";

// Google sign-in and the Drive dashboard against a local OIDC provider and Drive mock: no test calls Google.

const FOLDER = "application/vnd.google-apps.folder";
const files: MockDriveFile[] = [
  ...Array.from({ length: 24 }, (_, i) => ({
    id: `file${String(i).padStart(2, "0")}`,
    name: `Report ${String(i).padStart(2, "0")}.pdf`,
    mimeType: "application/pdf",
    size: String((i + 1) * 1024 * 1024),
    parent: "root",
    modifiedTime: `2026-11-${String(i + 1).padStart(2, "0")}T10:00:00Z`,
  })),
  { id: "folderA", name: "Projects", mimeType: FOLDER, parent: "root", modifiedTime: "2026-10-01T10:00:00Z" },
  { id: "plan1", name: "Plan inside.txt", mimeType: "text/plain", parent: "folderA", modifiedTime: "2026-10-02T10:00:00Z" },
  {
    id: "doc1",
    name: "Bob's notes",
    mimeType: "application/vnd.google-apps.document",
    parent: "root",
    modifiedTime: "2026-09-01T10:00:00Z",
  },
  // Private to one user each (the mock reads the subject from the access token); sorted last and oldest.
  {
    id: "adaOnly",
    name: "Zz Ada only.pdf",
    mimeType: "application/pdf",
    size: "1024",
    parent: "root",
    modifiedTime: "2026-01-01T10:00:00Z",
    owner: "google-user-1",
  },
  {
    id: "bobOnly",
    name: "Zz Bob only.pdf",
    mimeType: "application/pdf",
    size: "1024",
    parent: "root",
    modifiedTime: "2026-01-01T10:00:00Z",
    owner: "google-user-2",
  },
];

const ADA = { sub: "google-user-1", email: "ada@example.test", name: "Ada Lovelace", picture: "https://lh3.googleusercontent.com/a/ada" };
const BOB = { sub: "google-user-2", email: "bob@example.test", name: "Bob Babbage", picture: "https://lh3.googleusercontent.com/a/bob" };
/** Who the mock provider signs in next. */
let user = ADA;

let oauth: OAuth2Server;
let drive: DriveMock;
let app: { child: ChildProcess; exited: Promise<number | null> };
let base: string;

test.beforeAll(async () => {
  oauth = new OAuth2Server();
  await oauth.issuer.keys.generate("RS256");
  await oauth.start(0, "127.0.0.1");
  oauth.service.on("beforeTokenSigning", (token) => {
    Object.assign(token.payload, user);
  });
  drive = await startDriveMock(files.map((f) => ({ ...f })));
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  app = spawnServer({
    PORT: String(port),
    DATA_DIR: tempDataDir(),
    PUBLIC_URL: base,
    SEED_DEMO: "false",
    GOOGLE_CLIENT_ID: "cinedex-test",
    GOOGLE_CLIENT_SECRET: "test-secret",
    GOOGLE_ISSUER: oauth.issuer.url!,
    GOOGLE_DRIVE_API_URL: drive.url,
    GOOGLE_DRIVE_SHARING: "true",
  });
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${base}/healthz`)).ok) break;
    } catch {
      // not listening yet
    }
    if (i > 300) throw new Error("server did not start");
    await new Promise((r) => setTimeout(r, 100));
  }
});

test.afterAll(async () => {
  app.child.kill("SIGTERM");
  await app.exited;
  await drive.stop();
  await oauth.stop();
});

async function signIn(page: Page) {
  await page.goto(`${base}/login`);
  await page.getByRole("link", { name: "Sign in with Google" }).click();
  await expect(page).toHaveURL(`${base}/login-success`);
}

test("signs in through the provider, pages through files, copies a link, saves settings, logs out", async ({ page }) => {
  test.slow(); // a long journey with four accessibility scans
  await signIn(page);
  await expect(page.getByRole("heading", { name: "Welcome, Ada Lovelace!" })).toBeVisible();
  await expect(page.getByText("ada@example.test")).toBeVisible();
  await expect(page.getByText("Report 00.pdf")).toBeVisible();
  // The tokens never reach the page.
  expect(await page.content()).not.toMatch(/access_token|eyJ[\w-]{20,}/);
  await expectAccessible(page);

  await page.getByRole("link", { name: "Open dashboard" }).click();
  await expect(page.getByText("3.2 GB of 15 GB")).toBeVisible();
  await expect(page.getByText("21% used")).toBeVisible();
  await expect(page.getByRole("listitem").filter({ hasText: "Report 23.pdf" })).toBeVisible();
  await expectAccessible(page);

  await page.getByRole("navigation", { name: "DeskSync" }).getByRole("link", { name: "Drive" }).click();
  await expect(page.getByRole("link", { name: "Projects", exact: true })).toBeVisible();
  await expect(page.getByRole("paragraph").filter({ hasText: "Report 17.pdf" })).toBeVisible();
  await expect(page.getByText("Unknown size").first()).toBeVisible();
  await expectAccessible(page);
  await expect(page.getByRole("paragraph").filter({ hasText: "Report 18.pdf" })).toHaveCount(0);
  await page.getByRole("link", { name: "Next page" }).click();
  await expect(page.getByRole("paragraph").filter({ hasText: "Report 18.pdf" })).toBeVisible();
  await expect(page.getByRole("paragraph").filter({ hasText: "Report 17.pdf" })).toHaveCount(0);

  await page.context().grantPermissions(["clipboard-read", "clipboard-write"], { origin: base });
  const row = page.getByRole("listitem").filter({ hasText: "Report 18.pdf" });
  await row.getByRole("button", { name: /Copy Link/ }).click();
  await expect(page.getByText("Link copied to clipboard!")).toBeVisible();
  await expect(row).toHaveAttribute("data-copied", "true");
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe("https://drive.google.com/file/d/file18/view");
  await expect(row).not.toHaveAttribute("data-copied", "true", { timeout: 4000 });

  // Search text is escaped inside Drive's query.
  await page.getByRole("searchbox", { name: "Search files" }).fill("Bob's");
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page.getByRole("paragraph").filter({ hasText: "Bob's notes" })).toBeVisible();
  expect(drive.queries).toContain("trashed = false and name contains 'Bob\\'s'");

  await page.goto(`${base}/desksync/drive`);
  await page.getByRole("link", { name: "Projects", exact: true }).click();
  await expect(page.getByRole("paragraph").filter({ hasText: "Plan inside.txt" })).toBeVisible();

  await page.getByRole("navigation", { name: "DeskSync" }).getByRole("link", { name: "Settings" }).click();
  await expect(page.getByLabel("E-mail", { exact: true })).toHaveValue("ada@example.test");
  await expectAccessible(page);
  await page.getByLabel("Username", { exact: true }).fill("ada-l");
  await page.getByLabel("Light", { exact: true }).check();
  await page.getByRole("switch", { name: "Share activity notifications" }).check();
  await page.getByRole("button", { name: "Save settings" }).click();
  await expect(page.getByText("Settings saved successfully!")).toBeVisible();
  await page.reload();
  await expect(page.getByLabel("Username", { exact: true })).toHaveValue("ada-l");
  await expect(page.getByLabel("Light", { exact: true })).toBeChecked();
  await expect(page.getByRole("switch", { name: "Share activity notifications" })).toBeChecked();

  await page.getByRole("button", { name: "Logout" }).click();
  await expect(page.getByText("Are you sure you want to logout?")).toBeVisible();
  await page.getByRole("dialog").getByRole("button", { name: "Logout" }).click();
  await expect(page.getByText("Logged out successfully")).toBeVisible();
  await expect(page).toHaveURL(`${base}/login`);
  await page.goto(`${base}/desksync`);
  await expect(page.getByRole("link", { name: "Sign in with Google" })).toBeVisible();
});

test("creates an anyone-with-the-link permission after confirming", async ({ page }) => {
  await signIn(page);
  await page.goto(`${base}/desksync/share`);
  await page
    .getByRole("listitem")
    .filter({ hasText: "Report 03.pdf" })
    .getByRole("button", { name: /Create link/ })
    .click();
  await page.getByRole("dialog").getByRole("button", { name: "Create link" }).click();
  await expect(page.getByLabel("Share link")).toHaveValue("https://drive.google.com/file/d/file03/view");
  expect(drive.permissions).toContainEqual({ fileId: "file03", body: { role: "reader", type: "anyone" } });
});

test("a Drive failure shows the error page, and Try Again retries", async ({ page }) => {
  await signIn(page);
  drive.failing = true;
  try {
    await page.goto(`${base}/desksync`);
    await expect(page.getByRole("heading", { name: "Something went wrong" })).toBeVisible();
    await expect(page.getByText("Failed to fetch Google Drive data").first()).toBeVisible();
    drive.failing = false;
    await page.getByRole("button", { name: "Try Again" }).click();
    await expect(page.getByText("3.2 GB of 15 GB")).toBeVisible();
  } finally {
    drive.failing = false;
  }
});

test.describe("a forged callback", () => {
  test.use({ expectedConsoleErrors: [/status of 400/] });
  test("a forged callback (bad state) is refused and stores nothing", async ({ page }) => {
    await page.goto(`${base}/login/callback?code=stolen&state=forged`);
    await expect(page.getByRole("heading", { name: "Sign-in failed" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Back to sign-in" })).toBeVisible();
    expect((await page.context().cookies(base)).map((c) => c.name)).not.toContain("cinedex_google");
    await page.goto(`${base}/desksync`);
    await expect(page.getByRole("link", { name: "Sign in with Google" })).toBeVisible();
  });
});

test("without Google credentials the pages say sign-in is not configured", async ({ page }) => {
  await page.goto("/login");
  await expect(page.getByRole("heading", { name: "Google sign-in is not configured on this site" })).toBeVisible();
  await expectAccessible(page);
  await page.goto("/desksync");
  await expect(page.getByRole("heading", { name: "Google sign-in is not configured on this site" })).toBeVisible();
});

test("the dashboard fits a phone, and the System theme follows the device @phone", async ({ page }) => {
  test.slow();
  await signIn(page);
  await page.goto(`${base}/desksync`);
  await expect(page.getByText("3.2 GB of 15 GB")).toBeVisible();
  const nav = page.getByRole("navigation", { name: "DeskSync" });
  for (const name of ["Dashboard", "Drive", "Share", "Upload", "Settings"]) await expect(nav.getByRole("link", { name })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  if (process.env.DESKSYNC_SHOTS)
    await page.screenshot({ path: `${process.env.DESKSYNC_SHOTS}/dashboard-${page.viewportSize()!.width}.png`, fullPage: true });

  await nav.getByRole("link", { name: "Settings" }).click();
  await page.getByLabel("System", { exact: true }).check();
  await page.getByRole("button", { name: "Save settings" }).click();
  await expect(page.getByText("Settings saved successfully!")).toBeVisible();
  await page.emulateMedia({ colorScheme: "light" });
  await expect(page.locator(".admin-shell")).toHaveAttribute("data-theme", "light");
  await page.emulateMedia({ colorScheme: "dark" });
  await expect(page.locator(".admin-shell")).toHaveAttribute("data-theme", "dark");

  await nav.getByRole("link", { name: "Drive" }).click();
  await expect(page.getByRole("paragraph").filter({ hasText: "Report 00.pdf" })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  if (process.env.DESKSYNC_SHOTS)
    await page.screenshot({ path: `${process.env.DESKSYNC_SHOTS}/drive-${page.viewportSize()!.width}.png`, fullPage: true });
});

test("two Google users in two browsers each see only their own account and Drive", async ({ browser }) => {
  test.slow();
  const contexts = [await browser.newContext(), await browser.newContext()];
  try {
    const [adaPage, bobPage] = await Promise.all(contexts.map((c) => c.newPage()));
    await signIn(adaPage!);
    user = BOB;
    try {
      await signIn(bobPage!);
    } finally {
      user = ADA;
    }
    for (const [page, me, other] of [
      [adaPage!, ADA, BOB],
      [bobPage!, BOB, ADA],
    ] as const) {
      await page.goto(`${base}/desksync`);
      await expect(page.getByText(`Signed in as ${me.email}`)).toBeVisible();
      await page.goto(`${base}/desksync/drive`);
      await page.getByRole("searchbox", { name: "Search files" }).fill("only");
      await page.getByRole("button", { name: "Search" }).click();
      await expect(page.getByRole("paragraph").filter({ hasText: `Zz ${me.name.split(" ")[0]} only.pdf` })).toBeVisible();
      await expect(page.getByRole("paragraph").filter({ hasText: `Zz ${other.name.split(" ")[0]} only.pdf` })).toHaveCount(0);
      expect(await page.content()).not.toContain(other.email);
    }
  } finally {
    await Promise.all(contexts.map((c) => c.close()));
  }
});

for (const viewport of [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
]) {
  test(`the sign-in page at ${viewport.width}: Google's button, the access asked for and why, light and dark`, async ({ page }) => {
    await page.setViewportSize(viewport);
    for (const colorScheme of ["light", "dark"] as const) {
      await page.emulateMedia({ colorScheme });
      await page.goto(`${base}/login`);
      await expect(page.locator(".admin-shell")).toHaveAttribute("data-theme", colorScheme);
      await expect(page.getByRole("heading", { level: 1, name: "Sign in to DeskSync" })).toBeVisible();
      const button = page.getByRole("link", { name: "Sign in with Google" });
      await expect(button).toBeVisible();
      // The branding guidelines' colours: white in a light theme, #131314 in a dark one.
      await expect(button).toHaveCSS("background-color", colorScheme === "light" ? "rgb(255, 255, 255)" : "rgb(19, 19, 20)");
      // This server turns sharing on, so it asks for the full Drive scope: the page says so and why.
      await expect(page.getByText("See and manage your Google Drive files")).toBeVisible();
      await expect(page.getByText(/needed only to create “anyone with the link” share links/)).toBeVisible();
      await expect(page.getByText("Your e-mail address")).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await expectAccessible(page);
      if (process.env.DESKSYNC_SHOTS)
        await page.screenshot({
          path: `${process.env.DESKSYNC_SHOTS}/desksync-sign-in-${colorScheme}-${viewport.width}.png`,
          fullPage: true,
        });
    }
  });
}
