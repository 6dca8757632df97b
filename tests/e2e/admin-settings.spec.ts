import crypto from "node:crypto";
import path from "node:path";
import type { Browser, Page } from "@playwright/test";
import { openDatabase } from "#app/db/client.server.ts";
import { createAdmin } from "#app/modules/auth/accounts.server.ts";
import { createSession, sessionCookieName } from "#app/modules/auth/sessions.server.ts";
import { getSettings } from "#app/modules/settings/settings.server.ts";
import { startServer } from "#tests/helpers/server-process.ts";
import { expect, expectAccessible, test } from "./fixtures.ts";

const ADMIN_ONLY = "Only an Administrator can open this page.";

/** A react-hot-toast message. */
function toast(page: Page, text: string | RegExp) {
  return page.getByRole("status").filter({ hasText: text }).first();
}

/** A second browser, signed in as the same account with a session of its own. */
async function secondBrowser(browser: Browser, token: string, baseURL: string, options: { javaScriptEnabled?: boolean } = {}) {
  const context = await browser.newContext({ baseURL, ...options });
  await context.addCookies([{ name: sessionCookieName(false), value: token, url: baseURL, httpOnly: true, sameSite: "Lax" }]);
  return context;
}

const unique = () => crypto.randomBytes(4).toString("hex");

// Each test is a journey of many server round trips (several hash a password).
test.describe.configure({ timeout: 90_000 });

// Refused input answers 400 and an Editor's forbidden page 403, which the browser logs.
test.use({ expectedConsoleErrors: [/status of 40[03]/] });

test("profile: view, Edit, Save shows the toast and the new name in the panel's header", async ({ page, admin }) => {
  await page.goto("/dashboard/settings");
  await expect(page.getByRole("link", { name: "Profile" })).toHaveAttribute("aria-current", "page");
  const details = page.getByRole("definition");
  await expect(details.filter({ hasText: admin.admin.email })).toBeVisible();
  await expect(details.filter({ hasText: "Administrator" })).toBeVisible();

  await page.getByRole("link", { name: "Edit" }).click();
  await expect(page).toHaveURL(/\/dashboard\/settings\?edit=1$/);
  await expectAccessible(page);
  const name = `Renamed ${unique()}`;
  await page.getByLabel("Name").fill(name);
  await page.getByLabel("Bio").fill("Keeps the catalogue tidy.");
  await page.getByLabel("Location").fill("Lisbon");
  await page.getByRole("button", { name: "Save" }).click();

  await expect(toast(page, "Profile updated successfully!")).toBeVisible();
  await expect(page.getByRole("banner")).toContainText(name);
  await expect(page.getByRole("link", { name: "Edit" })).toBeVisible();
  await expect(details.filter({ hasText: "Keeps the catalogue tidy." })).toBeVisible();
  // Saved, the page leaves edit mode's address; a reload before that would cut its request short (a console error).
  await expect(page).toHaveURL(/\/dashboard\/settings$/);

  await page.reload();
  await expect(details.filter({ hasText: name })).toBeVisible();
  await expect(details.filter({ hasText: "Lisbon" })).toBeVisible();

  // A refused value keeps what was typed and says why next to the field.
  await page.getByRole("link", { name: "Edit" }).click();
  await page.getByLabel("Name").fill("   ");
  await page.getByLabel("Location").fill("Porto");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByLabel("Name")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByLabel("Name")).toHaveAccessibleDescription("Please enter a name");
  await expect(toast(page, "Please enter a name")).toBeVisible();
  await expect(page.getByLabel("Location")).toHaveValue("Porto");
  await expect(page.getByRole("banner")).toContainText(name);
});

test("appearance: the theme switches the whole panel with the spec's toasts and is remembered", async ({ page, admin: _admin }) => {
  const shell = page.locator(".admin-shell");
  await page.goto("/dashboard/settings?tab=appearance");
  await expect(shell).toHaveAttribute("data-theme", "dark");
  await expect(page.getByRole("button", { name: /Dark mode/ })).toHaveAttribute("aria-pressed", "true");
  await expectAccessible(page);

  await page.getByRole("button", { name: /Light mode/ }).click();
  await expect(toast(page, "Light mode activated!")).toBeVisible();
  await expect(shell).toHaveAttribute("data-theme", "light");
  await expect(page.getByRole("button", { name: /Light mode/ })).toHaveAttribute("aria-pressed", "true");
  await expectAccessible(page);

  await page.reload();
  await expect(shell).toHaveAttribute("data-theme", "light");
  await page.goto("/dashboard");
  await expect(shell).toHaveAttribute("data-theme", "light");

  await page.goto("/dashboard/settings?tab=appearance");
  await page.getByRole("button", { name: /Dark mode/ }).click();
  await expect(toast(page, "Dark mode activated!")).toBeVisible();
  await expect(shell).toHaveAttribute("data-theme", "dark");
  await page.reload();
  await expect(shell).toHaveAttribute("data-theme", "dark");
});

test("notifications: e-mail and in-app start on, marketing off, and changes are saved", async ({ page, admin: _admin }) => {
  await page.goto("/dashboard/settings?tab=notifications");
  const email = page.getByRole("switch", { name: /E-mail notifications/ });
  const inApp = page.getByRole("switch", { name: /In-app notifications/ });
  const marketing = page.getByRole("switch", { name: /Marketing e-mails/ });
  await expect(email).toBeChecked();
  await expect(inApp).toBeChecked();
  await expect(marketing).not.toBeChecked();
  await expectAccessible(page);

  await page.getByText("E-mail notifications").click();
  await page.getByText("Marketing e-mails").click();
  await expect(email).not.toBeChecked();
  await expect(marketing).toBeChecked();
  await page.getByRole("button", { name: "Save preferences" }).click();
  await expect(toast(page, "Notification preferences saved!")).toBeVisible();

  await page.reload();
  await expect(email).not.toBeChecked();
  await expect(inApp).toBeChecked();
  await expect(marketing).toBeChecked();
});

test("security: the spec's password messages, then a change that clears the fields and signs out the other session only", async ({
  page,
  admin,
  browser,
  baseURL,
}) => {
  const other = await createSession(admin.db, admin.admin.id, { persistent: false });
  const otherContext = await secondBrowser(browser, other.token, baseURL!);
  try {
    const otherPage = await otherContext.newPage();
    await otherPage.goto("/dashboard");
    await expect(otherPage).toHaveURL(/\/dashboard$/);

    await page.goto("/dashboard/settings?tab=security");
    await expect(page.getByText("You are signed in in 2 browsers or devices, this one included.")).toBeVisible();
    await expectAccessible(page);
    const current = page.getByLabel("Current password");
    const next = page.getByLabel("New password", { exact: true });
    const confirm = page.getByLabel("Confirm new password");

    await current.fill(admin.password);
    await next.fill("short");
    await confirm.fill("short");
    await page.getByRole("button", { name: "Change password" }).click();
    await expect(next).toHaveAccessibleDescription(/Password must be at least 8 characters long$/);
    await expect(next).toHaveAttribute("aria-invalid", "true");

    await next.fill("a new long password");
    await confirm.fill("a different long password");
    await page.getByRole("button", { name: "Change password" }).click();
    await expect(confirm).toHaveAccessibleDescription("New passwords don't match!");
    await expect(confirm).toHaveAttribute("aria-invalid", "true");
    await expect(next).not.toHaveAttribute("aria-invalid");

    await confirm.fill("a new long password");
    await page.getByRole("button", { name: "Change password" }).click();
    await expect(toast(page, "Password changed successfully!")).toBeVisible();
    await expect(page.getByText("Your other sessions were signed out; this one stays signed in.")).toBeVisible();
    await expect(current).toHaveValue("");
    await expect(next).toHaveValue("");
    await expect(confirm).toHaveValue("");
    await expect(page.getByText("You are signed in in this browser only.")).toBeVisible();

    await otherPage.goto("/dashboard");
    await expect(otherPage).toHaveURL(/\/admin$/);
    await page.goto("/dashboard");
    await expect(page).toHaveURL(/\/dashboard$/);
  } finally {
    await otherContext.close();
  }
});

test("account: details are read-only, and sign out everywhere ends every session, this one included", async ({
  page,
  admin,
  browser,
  baseURL,
}) => {
  const other = await createSession(admin.db, admin.admin.id, { persistent: true });
  const otherContext = await secondBrowser(browser, other.token, baseURL!);
  try {
    await page.goto("/dashboard/settings?tab=account");
    await expect(page.getByRole("definition").filter({ hasText: admin.admin.email })).toBeVisible();
    await expect(page.getByRole("definition").filter({ hasText: "Administrator" })).toBeVisible();
    await expect(page.getByRole("textbox")).toHaveCount(0);
    await expectAccessible(page);

    await page.getByRole("button", { name: "Sign out everywhere" }).click();
    const dialog = page.getByRole("dialog");
    await expect(dialog).toContainText("Every session of your account ends, this one included.");
    await dialog.getByRole("button", { name: "Sign out everywhere" }).click();
    await expect(page).toHaveURL(/\/admin$/);
    await page.goto("/dashboard");
    await expect(page).toHaveURL(/\/admin$/);

    const otherPage = await otherContext.newPage();
    await otherPage.goto("/dashboard");
    await expect(otherPage).toHaveURL(/\/admin$/);
  } finally {
    await otherContext.close();
  }
});

test("site settings: a changed site name, Telegram link and notice text show on the public home page at once", async ({ browser }) => {
  // Its own server: site settings are global, and parallel tests read the public pages.
  const server = await startServer({ SEED_DEMO: "false" });
  const handle = openDatabase({ dialect: "sqlite", file: path.join(server.dataDir, "cinedex.db") });
  const context = await browser.newContext({ baseURL: server.baseURL });
  try {
    const password = `pw-${unique()}-${unique()}`;
    const admin = await createAdmin(handle.db, null, {
      name: "Site Admin",
      email: `site-${unique()}@cinedex.test`,
      password,
      confirmPassword: password,
    });
    const { token } = await createSession(handle.db, admin.id, { persistent: false });
    await context.addCookies([{ name: sessionCookieName(false), value: token, url: server.baseURL, httpOnly: true, sameSite: "Lax" }]);
    const page = await context.newPage();
    const original = await getSettings(handle.db);
    const id = unique();

    await page.goto("/dashboard/settings?tab=site");
    await expect(page.getByRole("link", { name: "Site settings" })).toHaveAttribute("aria-current", "page");
    await expectAccessible(page);

    const siteName = `Shelf ${id}`;
    const telegram = `https://t.me/cinedex_${id}`;
    const notice = `Questions about ${id}? Ask us.`;
    await page.getByLabel("Site name").fill(siteName);
    await page.getByLabel("Telegram page").fill(telegram);
    await page.getByLabel("“Comment your queries” notice text").fill(notice);

    // A refused value: nothing is saved, the message sits next to the field, the rest stays as typed.
    await page.getByLabel("X page").fill("javascript:alert(1)");
    await page.getByRole("button", { name: "Save site settings" }).click();
    await expect(toast(page, "Some settings need attention.")).toBeVisible();
    await expect(page.getByLabel("X page")).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByLabel("X page")).toHaveAccessibleDescription("Must be an http:// or https:// address");
    await expect(page.getByLabel("Site name")).toHaveValue(siteName);
    expect((await getSettings(handle.db)).siteName).toBe(original.siteName);

    await page.getByLabel("X page").fill("https://x.com/cinedex");
    await page.getByRole("button", { name: "Save site settings" }).click();
    await expect(toast(page, "Site settings saved!")).toBeVisible();

    const home = await context.newPage();
    await home.goto("/");
    await expect(home.getByRole("link", { name: `${siteName} home` })).toContainText(siteName);
    await expect(home.getByRole("contentinfo")).toContainText(`© ${new Date().getFullYear()} ${siteName}. All rights reserved.`);
    await expect(home.getByRole("link", { name: /on Telegram/ })).toHaveAttribute("href", telegram);
    // The bar shows one notice at a time; this one is the fourth.
    const notices = home.getByRole("region", { name: "Notices" });
    for (let i = 0; i < 3; i++) await notices.getByRole("button", { name: "Next notice" }).click();
    await expect(notices).toContainText(notice);
  } finally {
    await context.close();
    await handle.close();
    await server.stop();
  }
});

test("users: add an Editor, who cannot reach Users or the site settings; disabling them ends their session", async ({
  page,
  admin,
  browser,
  baseURL,
}) => {
  const id = unique();
  const email = `editor-${id}@cinedex.test`;
  const password = `editor password ${id}`;
  const editorContext = await browser.newContext({ baseURL });
  try {
    await page.goto("/dashboard/users");
    await expect(page.getByText("Editors manage the catalogue only.")).toBeVisible();
    await expect(page.getByRole("row", { name: new RegExp(admin.admin.email) })).toContainText("You");
    await expectAccessible(page);

    const form = page.locator("form").filter({ has: page.getByRole("button", { name: "Add account" }) });
    await form.getByLabel("Name").fill(`Editor ${id}`);
    await form.getByLabel("E-mail").fill(email);
    await form.getByLabel("Role").selectOption("editor");
    await form.getByLabel("Initial password").fill(password);
    await form.getByLabel("Confirm password").fill(`${password}!`);
    await page.getByRole("button", { name: "Add account" }).click();
    await expect(form.getByLabel("Confirm password")).toHaveAccessibleDescription("New passwords don't match!");
    await expect(form.getByLabel("E-mail")).toHaveValue(email);

    await form.getByLabel("Confirm password").fill(password);
    await page.getByRole("button", { name: "Add account" }).click();
    await expect(toast(page, `Added ${email} as an Editor`)).toBeVisible();
    const row = page.getByRole("row", { name: new RegExp(email) });
    await expect(row).toContainText("Editor");
    await expect(row).toContainText("Active");
    await expect(form.getByLabel("E-mail")).toHaveValue("");

    // The editor signs in with the form.
    const editor = await editorContext.newPage();
    await editor.goto("/admin");
    await editor.getByLabel("Email").fill(email);
    await editor.getByLabel("Password", { exact: true }).fill(password);
    await editor.getByRole("button", { name: "Sign in" }).click();
    // The sign-in page waits a second before it moves on (the spec's redirect delay).
    await expect(editor).toHaveURL(/\/dashboard$/, { timeout: 15_000 });
    const sidebar = editor.getByRole("navigation", { name: "Dashboard" });
    await expect(sidebar.getByRole("link", { name: "Settings" })).toBeVisible();
    await expect(sidebar.getByRole("link", { name: "Users" })).toHaveCount(0);

    expect((await editor.goto("/dashboard/users"))?.status()).toBe(403);
    await expect(editor.getByText(ADMIN_ONLY)).toBeVisible();
    expect((await editor.goto("/dashboard/settings?tab=site"))?.status()).toBe(403);
    await expect(editor.getByText(ADMIN_ONLY)).toBeVisible();
    await editor.goto("/dashboard/settings");
    await expect(editor.getByRole("navigation", { name: "Settings sections" }).getByRole("link")).toHaveText([
      "Profile",
      "Appearance",
      "Notifications",
      "Security",
      "Account",
      // Curating the catalogue is an editor's work too (ADR 033).
      "Home carousel",
      "Genres",
    ]);
    const post = await editor.request.post("/dashboard/settings/site", {
      form: { siteName: "Taken over" },
      headers: { Origin: baseURL! },
      maxRedirects: 0,
    });
    expect(post.status()).toBe(403);
    const addUser = await editor.request.post("/dashboard/users/new", {
      form: { name: "Sneaky", email: `sneaky-${id}@cinedex.test`, role: "admin", password, confirmPassword: password },
      headers: { Origin: baseURL! },
      maxRedirects: 0,
    });
    expect(addUser.status()).toBe(403);
    expect(
      await admin.db.selectFrom("admins").select("id").where("email", "=", `sneaky-${id}@cinedex.test`).executeTakeFirst(),
    ).toBeUndefined();

    // The Administrator disables the editor: their session ends at once.
    await row.getByRole("button", { name: /^Disable/ }).click();
    const dialog = page.getByRole("dialog");
    await expect(dialog).toContainText(`Disable ${email}?`);
    await dialog.getByRole("button", { name: "Disable" }).click();
    await expect(toast(page, `Disabled ${email}; their sessions have ended`)).toBeVisible();
    await expect(row).toContainText("Disabled");
    await editor.goto("/dashboard");
    await expect(editor).toHaveURL(/\/admin$/);

    // Re-enabled, the account can sign in again (its old session stays ended).
    await row.getByRole("button", { name: /^Re-enable/ }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Re-enable" }).click();
    await expect(row).toContainText("Active");
    await editor.goto("/dashboard");
    await expect(editor).toHaveURL(/\/admin$/);
  } finally {
    await editorContext.close();
    await admin.db
      .deleteFrom("admins")
      .where("email", "in", [email, `sneaky-${id}@cinedex.test`])
      .execute();
  }
});

test.describe("as an Editor", () => {
  test.use({ adminRole: "editor" });

  test("the Users screen and the site settings answer 403; the own settings work", async ({ page, admin: _admin }) => {
    expect((await page.goto("/dashboard/users"))?.status()).toBe(403);
    await expect(page.getByText(ADMIN_ONLY)).toBeVisible();
    await page.goto("/dashboard/settings");
    await expect(page.getByRole("link", { name: "Site settings" })).toHaveCount(0);
    await expect(page.getByRole("definition").filter({ hasText: "Editor" })).toBeVisible();
    await expectAccessible(page);
  });
});

test("without JavaScript: tabs are links and the forms still save", async ({ browser, admin, baseURL }) => {
  const { token } = await createSession(admin.db, admin.admin.id, { persistent: false });
  const context = await secondBrowser(browser, token, baseURL!, { javaScriptEnabled: false });
  try {
    const page = await context.newPage();
    await page.goto("/dashboard/settings");
    await page.getByRole("link", { name: "Appearance" }).click();
    await expect(page).toHaveURL(/\/dashboard\/settings\/appearance$/);
    await page.getByRole("button", { name: /Light mode/ }).click();
    await expect(page.locator(".admin-shell")).toHaveAttribute("data-theme", "light");
    await expect(page.getByRole("button", { name: /Light mode/ })).toHaveAttribute("aria-pressed", "true");

    await page.getByRole("link", { name: "Profile" }).click();
    await page.getByRole("link", { name: "Edit" }).click();
    await page.getByLabel("Location").fill("Without scripts");
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page.getByRole("status")).toHaveText("Profile updated successfully!");
    await expect(page.getByRole("definition").filter({ hasText: "Without scripts" })).toBeVisible();
  } finally {
    await context.close();
  }
});

test("the settings tabs are usable at 390 px, and wider @phone", async ({ page, admin: _admin }) => {
  await page.goto("/dashboard/settings");
  const tabs = page.getByRole("navigation", { name: "Settings sections" });
  for (const [label, heading] of [
    ["Appearance", "Appearance"],
    ["Notifications", "Notifications"],
    ["Security", "Change password"],
    ["Account", "Account"],
    ["Site settings", "Site"],
    ["Profile", "Profile"],
  ] as const) {
    const link = tabs.getByRole("link", { name: label, exact: true });
    await expect(link).toBeInViewport();
    await link.click();
    await expect(link).toHaveAttribute("aria-current", "page");
    await expect(page.getByRole("heading", { name: heading, exact: true })).toBeVisible();
    // Nothing makes the page scroll sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  }
  await expectAccessible(page);
});
