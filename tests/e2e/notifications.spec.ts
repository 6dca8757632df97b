import http from "node:http";
import type { AddressInfo } from "node:net";
import type { Page } from "@playwright/test";
import { getNotifySettings } from "#app/modules/inbox/notify-settings.server.ts";
import { expect, expectAccessible, test } from "./fixtures.ts";

/** A react-hot-toast message. */
function toast(page: Page, text: string | RegExp) {
  return page.getByRole("status").filter({ hasText: text }).first();
}

// Refused settings answer 400, an Editor's forbidden tab 403; the browser logs both.
test.use({ expectedConsoleErrors: [/status of 40[03]/] });

test("an administrator sets a webhook, and the test notification reaches it", async ({ page, admin }) => {
  test.slow();
  const received: { path: string; body: Record<string, unknown> }[] = [];
  const receiver = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      received.push({ path: req.url ?? "", body: JSON.parse(Buffer.concat(chunks).toString("utf8")) as Record<string, unknown> });
      res.writeHead(200).end("ok");
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  const webhookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/cinedex-hook`;

  try {
    await page.goto("/dashboard/settings?tab=operator");
    await expect(page.getByRole("link", { name: "Operator notifications" })).toHaveAttribute("aria-current", "page");
    // The e2e server has no SMTP_URL: the screen says how to turn e-mail on.
    await expect(page.getByText("E-mail is off: SMTP_URL is not set.")).toBeVisible();
    await expect(page.getByRole("switch", { name: /DMCA notices/ })).toBeChecked();
    await expect(page.getByRole("switch", { name: /Contact messages/ })).not.toBeChecked();
    await expect(page.getByText("None recorded.")).toBeVisible();
    await expectAccessible(page);

    // Nothing configured yet: the test button says what is missing.
    await page.getByRole("button", { name: "Send test notification" }).click();
    await expect(
      page.getByRole("alert").filter({ hasText: "Nothing to test yet: add an e-mail recipient or a webhook address, and save." }),
    ).toBeVisible();

    // A refused address: the message sits next to the field, what was typed stays.
    await page.getByLabel("Recipients").fill("ops@cinedex.test, not-an-address");
    await page.getByLabel("Webhook address").fill(webhookUrl);
    await page.getByRole("button", { name: "Save notification settings" }).click();
    await expect(toast(page, "Some notification settings need attention.")).toBeVisible();
    await expect(page.getByLabel("Recipients")).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByLabel("Recipients")).toHaveAccessibleDescription(/“not-an-address” is not an e-mail address/);
    await expect(page.getByLabel("Webhook address")).toHaveValue(webhookUrl);
    await expectAccessible(page);

    await page.getByLabel("Recipients").fill("");
    await page.getByText("Contact messages", { exact: true }).click();
    await page.getByRole("button", { name: "Save notification settings" }).click();
    await expect(toast(page, "Operator notifications saved!")).toBeVisible();
    expect(await getNotifySettings(admin.db)).toEqual({
      recipients: [],
      webhookUrl,
      events: { requests: false, reports: false, contact: true, dmca: true },
    });

    await page.getByRole("button", { name: "Send test notification" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Test notification sent: webhook answered 200." }).first()).toBeVisible();
    expect(received).toHaveLength(1);
    expect(received[0]).toMatchObject({
      path: "/cinedex-hook",
      body: {
        test: true,
        kind: "contact",
        summary: expect.stringMatching(/^Test notification from /),
        adminUrl: expect.stringMatching(/\/dashboard\/inbox$/),
      },
    });

    // Stored: a fresh page shows the saved choices.
    await page.reload();
    await expect(page.getByLabel("Webhook address")).toHaveValue(webhookUrl);
    await expect(page.getByRole("switch", { name: /Contact messages/ })).toBeChecked();
  } finally {
    await admin.db.deleteFrom("settings").where("key", "like", "private.operatorNotifications%").execute();
    await new Promise((resolve) => receiver.close(resolve));
  }
});

test.describe("as an Editor", () => {
  test.use({ adminRole: "editor" });

  test("operator notifications are not offered and answer 403", async ({ page, admin: _admin }) => {
    await page.goto("/dashboard/settings");
    await expect(page.getByRole("link", { name: "Operator notifications" })).toHaveCount(0);
    expect((await page.goto("/dashboard/settings?tab=operator"))?.status()).toBe(403);
  });
});
