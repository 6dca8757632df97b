import { titlePath } from "#app/modules/catalogue/paths.ts";
import { buildMovie } from "#tests/factories/titles.ts";
import { expect, expectAccessible, test } from "./fixtures.ts";

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
