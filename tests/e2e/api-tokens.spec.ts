import crypto from "node:crypto";
import { expect, expectAccessible, test } from "./fixtures.ts";

test("an Administrator creates a token in Settings, a script writes with it, and a revoked token is refused", async ({
  page,
  admin,
  request,
}) => {
  void admin;
  await page.goto("/dashboard/settings/api-tokens");
  await expect(page.getByRole("link", { name: "API tokens" })).toHaveAttribute("aria-current", "page");
  await expectAccessible(page);

  const name = `e2e script ${crypto.randomBytes(3).toString("hex")}`;
  await page.getByLabel("Name").fill(name);
  await page.getByLabel("Scope").selectOption("catalogue:write");
  await page.getByLabel("Expires").selectOption("30");
  await page.getByRole("button", { name: "Create token" }).click();
  const secretBox = page.getByLabel("Your new token");
  await expect(secretBox).toHaveValue(/^cdx_/);
  const secret = await secretBox.inputValue();
  await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
  await page.getByRole("button", { name: "Copy", exact: true }).click();
  await expect(page.getByText("Copied", { exact: true })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
  await expect(page.getByRole("list", { name: "API tokens" }).getByText(name)).toBeVisible();
  await expectAccessible(page);

  // The API request context carries no cookie: the token alone authorises the write.
  const title = `API Night ${crypto.randomBytes(3).toString("hex")}`;
  const headers = { Authorization: `Bearer ${secret}`, "Idempotency-Key": crypto.randomUUID() };
  const data = {
    type: "movie",
    title,
    releases: [{ quality: "1080p", files: [{ title: "Feature", links: [{ label: "gdrive", url: "https://drive.example/a" }] }] }],
  };
  const created = await request.post("/api/v1/titles", { headers, data });
  expect(created.status()).toBe(201);
  const body = (await created.json()) as { id: number; title: string };
  expect(body.title).toBe(title);
  const retried = await request.post("/api/v1/titles", { headers, data });
  expect(retried.headers()["idempotent-replayed"]).toBe("true");
  expect(((await retried.json()) as { id: number }).id).toBe(body.id);

  await page.reload();
  const row = page.getByRole("listitem").filter({ hasText: name });
  await expect(row).toContainText("last used");
  await row.getByRole("button", { name: `Revoke ${name}` }).click();
  await expect(page.getByRole("listitem").filter({ hasText: name })).toContainText("Revoked");

  const refused = await request.delete(`/api/v1/titles/${body.id}`, { headers: { Authorization: `Bearer ${secret}` } });
  expect(refused.status()).toBe(401);
  expect(((await refused.json()) as { detail: string }).detail).toBe("This API token has been revoked.");
});

test("where the clipboard is refused, Copy selects the new token instead", async ({ page, admin }) => {
  void admin;
  await page.goto("/dashboard/settings/api-tokens");
  await page.evaluate(() => {
    Object.defineProperty(navigator, "clipboard", { value: { writeText: () => Promise.reject(new Error("denied")) } });
  });
  await page.getByLabel("Name").fill(`e2e refused ${crypto.randomBytes(3).toString("hex")}`);
  await page.getByRole("button", { name: "Create token" }).click();
  const secretBox = page.getByLabel("Your new token");
  await expect(secretBox).toHaveValue(/^cdx_/);
  await page.getByRole("button", { name: "Copy", exact: true }).click();
  await expect(page.getByText(/the token is selected/)).toBeVisible();
  const selected = await page.evaluate(() => {
    const box = document.activeElement as HTMLInputElement;
    return box.value.slice(box.selectionStart ?? 0, box.selectionEnd ?? 0);
  });
  expect(selected).toBe(await secretBox.inputValue());
  await expectAccessible(page);
});
