import { titlePath } from "#app/modules/catalogue/paths.ts";
import { buildMovie } from "#tests/factories/titles.ts";
import { expect, expectAccessible, test, testOnOwnServer } from "./fixtures.ts";

// The Link health screen and what visitors see of a broken link. The checked link
// points at a loopback address, which the checker refuses without connecting: each
// "Check now" is a failure, with no network.

test("an admin checks a failing link twice: it is marked broken, reported, and visitors see it unavailable", async ({
  page,
  admin,
  catalogue,
}) => {
  void admin;
  const port = 1 + Math.floor(Math.random() * 60_000);
  const host = `127.0.0.1:${port}`;
  const film = await catalogue.create(
    buildMovie({
      title: `Checked Film ${port}`,
      releases: [
        {
          quality: "720p",
          files: [{ title: "Checked Film 720p", links: [{ label: "gofile", url: `http://${host}/gone.mkv` }] }],
        },
      ],
    }),
  );
  const linkId = film.releases[0]!.files[0]!.links[0]!.id;

  await page.goto("/dashboard");
  await page.getByRole("navigation").getByRole("link", { name: "Link health" }).first().click();
  await expect(page.getByRole("heading", { level: 1, name: "Link health" })).toBeVisible();

  await page.goto(`/dashboard/link-health?view=all&host=${encodeURIComponent(host)}`);
  await expect(page.getByRole("heading", { name: `All links on ${host}: 1` })).toBeVisible();
  const row = page.getByRole("row", { name: new RegExp(`Checked Film ${port}`) });
  await expect(row.getByText("Not known yet")).toBeVisible();
  await expect(row.getByText("Never")).toBeVisible();
  await expectAccessible(page);

  await row.getByRole("button", { name: /Check now/ }).click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/link-health/links/${linkId}$`));
  await expect(
    page
      .getByRole("status")
      .or(page.getByRole("alert"))
      .getByText(/Checked: Failed: refused: 127\.0\.0\.1 is a loopback address/)
      .first(),
  ).toBeVisible();
  await page.getByRole("button", { name: "Check now", exact: true }).click();
  await expect(page.getByRole("table").getByRole("row")).toHaveCount(3);
  await expect(page.getByText("Broken", { exact: true })).toBeVisible();
  await expectAccessible(page);

  // The inbox has a report found by the link checker.
  const report = await catalogue.db
    .selectFrom("link_reports")
    .select(["id", "found_by_checker", "status"])
    .where("link_id", "=", linkId)
    .executeTakeFirstOrThrow();
  expect(report.status).toBe("open");
  await page.goto(`/dashboard/inbox/reports/${report.id}`);
  await expect(page.getByText("Found by the link checker ·")).toBeVisible();
  await expect(page.getByRole("link", { name: "its check history" })).toHaveAttribute("href", `/dashboard/link-health/links/${linkId}`);

  // Visitors see the link marked, not hidden.
  await page.goto(titlePath(film));
  await page.getByRole("link", { name: "Download 720p" }).click();
  const option = page.getByRole("listitem").filter({ hasText: "127.0.0.1" });
  await expect(option.getByText("Unavailable")).toBeVisible();
  await expect(option.getByRole("link", { name: /Download/ })).toHaveAttribute("aria-disabled", "true");
  await catalogue.db.deleteFrom("link_reports").where("link_id", "=", linkId).execute();
});

// A fresh demo site whose checker is off (the suites set LINK_CHECKS=false): no link was ever checked.
testOnOwnServer(
  "with nothing checked yet, Link health opens on the links never checked and the overview says how many",
  async ({ page, admin }) => {
    void admin;
    await page.goto("/dashboard/link-health");
    const views = page.getByRole("navigation", { name: "Link health views" });
    await expect(views.getByRole("link", { name: "Broken (0)" })).not.toHaveAttribute("aria-current");
    const never = views.getByRole("link", { name: /^Never checked \(\d[\d,]*\)$/ });
    await expect(never).toHaveAttribute("aria-current", "true");
    const count = (await never.textContent())!.match(/\(([\d,]+)\)/)![1]!;
    expect(Number(count.replace(/,/g, ""))).toBeGreaterThan(0);
    await expect(page.getByRole("heading", { name: `Never checked: ${count}` })).toBeVisible();
    await expect(page.getByRole("region", { name: "Link checks are off" })).toContainText("LINK_CHECKS=false");

    // Asked for explicitly, the empty Broken view points at the links never checked.
    await views.getByRole("link", { name: "Broken (0)" }).click();
    await expect(page.getByText(`No links in this view. ${count} never checked`)).toBeVisible();

    await page.goto("/dashboard");
    const links = page.locator("dl > div").filter({ has: page.locator("dt", { hasText: /^Download links$/ }) });
    await expect(links.locator("dd").nth(1)).toHaveText(`None found broken · ${count} never checked · Link checks are off`);
  },
);

testOnOwnServer("the dense admin screens pass axe in both themes on a desktop and a phone, and fit a phone", async ({ page, admin }) => {
  test.slow();
  for (const theme of ["dark", "light"] as const) {
    await admin.db
      .updateTable("admins")
      .set({ preferences: JSON.stringify({ theme }) })
      .where("id", "=", admin.admin.id)
      .execute();
    for (const viewport of [
      { width: 1440, height: 900 },
      { width: 390, height: 844 },
    ]) {
      await page.setViewportSize(viewport);
      for (const path of ["/dashboard", "/dashboard/movies", "/dashboard/link-health", "/dashboard/analytics"]) {
        await test.step(`${path} at ${viewport.width} px, ${theme}`, async () => {
          await page.goto(path);
          await expect(page.locator(".admin-shell")).toHaveAttribute("data-theme", theme);
          expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
          await expectAccessible(page);
        });
      }
    }
  }
});
