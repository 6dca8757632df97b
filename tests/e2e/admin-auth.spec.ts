import type { Page } from "@playwright/test";
import { buildMovie } from "#tests/factories/titles.ts";
import { startServer } from "#tests/helpers/server-process.ts";
import { createSession, sessionCookieName } from "#app/modules/auth/sessions.server.ts";
import { expect, expectAccessible, test } from "./fixtures.ts";

async function signInWithForm(page: Page, email: string, password: string, remember = false) {
  await page.goto("/admin");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  if (remember) await page.getByLabel("Remember me").check();
  await page.getByRole("button", { name: "Sign in" }).click();
}

test("first run: /admin offers a one-time setup that creates the account and signs in", async ({ page }) => {
  // Starts a server of its own, then signs in twice in two browsers.
  test.slow();
  const server = await startServer({ SEED_DEMO: "false" });
  try {
    await page.goto(`${server.baseURL}/admin`);
    await expect(page.getByRole("heading", { name: "Create the first admin account" })).toBeVisible();
    await expectAccessible(page);
    await page.getByLabel("Your name").fill("Rosa Admin");
    await page.getByLabel("Email").fill("rosa@example.com");
    await page.getByLabel("Password", { exact: true }).fill("short");
    await page.getByLabel("Confirm password").fill("short");
    await page.getByRole("button", { name: "Create account and sign in" }).click();
    // The browser's own check (minlength) stops it first; without it the server says the same.
    await expect(page.getByLabel("Password", { exact: true })).toHaveJSProperty("validity.tooShort", true);

    await page.getByLabel("Password", { exact: true }).fill("a long enough passphrase");
    await page.getByLabel("Confirm password").fill("a long enough passphrase");
    await page.getByRole("button", { name: "Create account and sign in" }).click();
    await expect(page.getByText("Login successful!").first()).toBeVisible();
    await expect(page).toHaveURL(`${server.baseURL}/dashboard`);

    // Once an account exists the setup form is gone for everyone.
    const other = await page.context().browser()!.newContext();
    const anonymous = await other.newPage();
    await anonymous.goto(`${server.baseURL}/admin`);
    await expect(anonymous.getByRole("heading", { name: "Admin sign-in" })).toBeVisible();
    await expect(anonymous.getByLabel("Your name")).toHaveCount(0);
    const forged = await anonymous.request.post(`${server.baseURL}/admin/setup`, {
      headers: { Origin: server.baseURL },
      form: {
        name: "Mallory",
        email: "mallory@example.com",
        password: "mallory's passphrase",
        confirmPassword: "mallory's passphrase",
      },
    });
    expect(forged.status()).toBe(409);
    await other.close();
  } finally {
    await server.stop();
  }
});

test.describe("refused sign-ins", () => {
  // The browser logs the 401 and 429 answers of the sign-in form.
  test.use({ expectedConsoleErrors: [/status of (401|429)/] });

  test("sign in: a wrong password is refused, the right one toasts and lands on the dashboard after a second", async ({
    page,
    adminAccount,
  }) => {
    await signInWithForm(page, adminAccount.admin.email, "not the password");
    await expect(page.getByRole("alert").filter({ hasText: "Login failed: Invalid email or password" })).toBeVisible();
    await expect(page.getByLabel("Email")).toHaveValue(adminAccount.admin.email);
    await expectAccessible(page);

    await page.getByLabel("Password", { exact: true }).fill(adminAccount.password);
    await page.getByRole("button", { name: "Show password" }).click();
    await expect(page.getByLabel("Password", { exact: true })).toHaveAttribute("type", "text");
    const started = Date.now();
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByText("Login successful!").first()).toBeVisible();
    await page.waitForURL("**/dashboard");
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
    await expect(page.getByText(adminAccount.admin.name).first()).toBeVisible();

    // A signed-in admin opening /admin goes straight to the dashboard.
    await page.goto("/admin");
    await expect(page).toHaveURL(/\/dashboard$/);
  });
});

test("an unknown address gets the same answer and status as a wrong password", async ({ page, adminAccount }) => {
  const post = (email: string) =>
    page.request.post("/admin", {
      headers: { Origin: new URL(page.url() || "http://127.0.0.1").origin },
      form: { intent: "login", email, password: "wrong password" },
    });
  await page.goto("/");
  const wrong = await post(adminAccount.admin.email);
  const unknown = await post(`nobody-${Date.now()}@cinedex.test`);
  expect(wrong.status()).toBe(401);
  expect(unknown.status()).toBe(401);
  expect(await wrong.text()).toContain("Login failed: Invalid email or password");
  expect(await unknown.text()).toContain("Login failed: Invalid email or password");
});

test("Remember me keeps the cookie for 30 days; without it the cookie ends with the browser", async ({ page, adminAccount, browser }) => {
  await signInWithForm(page, adminAccount.admin.email, adminAccount.password, true);
  await page.waitForURL("**/dashboard");
  const remembered = (await page.context().cookies()).find((c) => c.name === sessionCookieName(false))!;
  expect(remembered.httpOnly).toBe(true);
  expect(remembered.sameSite).toBe("Lax");
  expect(remembered.expires * 1000 - Date.now()).toBeGreaterThan(29 * 86_400_000);

  const other = await browser.newContext();
  const second = await other.newPage();
  await signInWithForm(second, adminAccount.admin.email, adminAccount.password, false);
  await second.waitForURL("**/dashboard");
  const session = (await other.cookies()).find((c) => c.name === sessionCookieName(false))!;
  expect(session.expires).toBe(-1);
  // A new session id at every sign-in.
  expect(session.value).not.toBe(remembered.value);
  await other.close();
});

test.describe("lockout", () => {
  test.use({ expectedConsoleErrors: [/status of 429/] });

  test("five wrong passwords lock the account, also for the right password and for path variants", async ({ page, adminAccount }) => {
    await page.goto("/");
    const origin = new URL(page.url()).origin;
    // The limit follows the account, whatever path spelling or extra fields carry the attempt.
    const paths = ["/admin", "/ADMIN", "/admin/", "/Admin?index", "/admin"];
    for (const path of paths) {
      const response = await page.request.post(path, {
        headers: { Origin: origin },
        form: {
          intent: "login",
          email: adminAccount.admin.email.toUpperCase(),
          password: "wrong",
          extra: "x",
        },
      });
      expect(response.status(), path).toBe(401);
    }
    await signInWithForm(page, adminAccount.admin.email, adminAccount.password);
    await expect(
      page.getByRole("alert").filter({
        hasText: "Too many failed attempts. Please try again in 1 minute.",
      }),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/admin$/);
    const attempts = await adminAccount.db
      .selectFrom("login_attempts")
      .select("outcome")
      .where("admin_id", "=", adminAccount.admin.id)
      .orderBy("id")
      .execute();
    expect(attempts.map((a) => a.outcome)).toEqual(["failure", "failure", "failure", "failure", "failure", "locked"]);
  });
});

test("logout asks first, toasts, returns to /admin and kills the session", async ({ page, admin }) => {
  await page.goto("/dashboard");
  const cookie = (await page.context().cookies()).find((c) => c.name === sessionCookieName(false))!;
  await page.getByRole("button", { name: "Logout" }).click();
  const dialog = page.getByRole("dialog", {
    name: "Are you sure you want to logout?",
  });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/dashboard$/);

  await page.getByRole("button", { name: "Logout" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Logout" }).click();
  await expect(page.getByText("Logged out successfully").first()).toBeVisible();
  await page.waitForURL("**/admin");
  expect(await admin.db.selectFrom("admin_sessions").select("id").where("admin_id", "=", admin.admin.id).execute()).toEqual([]);

  // The old cookie, replayed, no longer opens anything.
  await page.context().addCookies([cookie]);
  await page.goto("/dashboard");
  await expect(page).toHaveURL(/\/admin$/);
});

test("guarded pages send visitors without a session to /admin", async ({ page }) => {
  for (const path of [
    "/dashboard",
    "/add",
    "/dashboard/movies",
    "/dashboard/tv",
    "/dashboard/settings",
    "/dashboard/users",
    "/dashboard/activity",
  ]) {
    await page.goto(path);
    await expect(page, path).toHaveURL(/\/admin$/);
  }
  // Data requests too, and a forged cookie is no better than none.
  await page.context().addCookies([
    {
      name: sessionCookieName(false),
      value: "A".repeat(43),
      url: new URL(page.url()).origin,
    },
  ]);
  const data = await page.request.get("/dashboard.data", { maxRedirects: 0 });
  expect([202, 204, 302]).toContain(data.status());
  expect(await data.text()).not.toContain("Welcome");
  await page.goto("/dashboard");
  await expect(page).toHaveURL(/\/admin$/);
});

test("a cross-site POST to an admin action is refused and changes nothing", async ({ page, admin, catalogue }) => {
  const title = await catalogue.create(buildMovie({ title: `CSRF target ${Date.now()}` }));
  await page.goto("/dashboard");
  const origin = new URL(page.url()).origin;
  const target = `/dashboard/titles/${title.id}/delete`;
  const forged: Record<string, string>[] = [
    { Origin: "https://evil.example" },
    { Origin: "null" },
    { "Sec-Fetch-Site": "cross-site" },
    { "Sec-Fetch-Site": "same-site", Origin: "http://sub.127.0.0.1" },
    {},
  ];
  for (const headers of forged) {
    const response = await page.request.post(target, {
      headers,
      form: { part: "title" },
      maxRedirects: 0,
    });
    expect(response.status(), JSON.stringify(headers)).toBe(403);
  }
  const logout = await page.request.post("/admin/logout", {
    headers: { Origin: "https://evil.example" },
    form: {},
  });
  expect(logout.status()).toBe(403);
  const stillThere = await admin.db.selectFrom("titles").select("id").where("id", "=", title.id).executeTakeFirst();
  expect(stillThere).toBeTruthy();
  await page.goto("/dashboard");
  await expect(page).toHaveURL(/\/dashboard$/);

  // The same request from the panel itself goes through.
  const own = await page.request.post(target, {
    headers: { Origin: origin },
    form: { part: "title" },
  });
  expect(own.status()).toBe(200);
  expect(await admin.db.selectFrom("titles").select("id").where("id", "=", title.id).executeTakeFirst()).toBeUndefined();
});

test("a session cookie from the database's copy of the id does not sign in", async ({ page, adminAccount }) => {
  const { id } = await createSession(adminAccount.db, adminAccount.admin.id, {
    persistent: false,
  });
  await page.goto("/");
  await page.context().addCookies([
    {
      name: sessionCookieName(false),
      value: id.slice(0, 43),
      url: new URL(page.url()).origin,
    },
  ]);
  await page.goto("/dashboard");
  await expect(page).toHaveURL(/\/admin$/);
});

test("the sign-in page works on a phone @phone", async ({ page, adminAccount }) => {
  await signInWithForm(page, adminAccount.admin.email, adminAccount.password);
  await page.waitForURL("**/dashboard");
  const sidebarLink = page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "Movies" });
  // On a phone the sidebar folds into a menu.
  if ((page.viewportSize()?.width ?? 1440) < 1024) {
    await expect(sidebarLink).toBeHidden();
    await page.getByRole("button", { name: "Open menu" }).click();
  }
  await expect(sidebarLink).toBeVisible();
  await sidebarLink.click();
  await expect(page).toHaveURL(/\/dashboard\/movies$/);
});
