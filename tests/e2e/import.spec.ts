import crypto from "node:crypto";
import { expect, expectAccessible, test } from "./fixtures.ts";

// A dry run, then an apply that runs in the background while the page polls.
test.describe.configure({ timeout: 90_000 });

// The broken file's dry run is shown on its own page (200); nothing is refused here.
test("import a CSV through the screen: dry run with counts and row errors, then Apply with progress", async ({ page, admin }) => {
  const tag = crypto.randomBytes(4).toString("hex");
  const header = "key,type,title,release_date,quality,file_title,link_label,link_url";
  const good = [
    header,
    `a,movie,Imported Film ${tag},1999-03-31,1080p,Imported Film 1080p,gdrive,https://files.example/${tag}/1`,
    `a,,,,1080p,Imported Film 1080p,mega,https://files.example/${tag}/2`,
    `b,tv,Imported Show ${tag},,720p,Episode 1,gdrive,https://files.example/${tag}/3`,
  ].join("\n");
  const broken = `${good}\nc,movie,Broken ${tag},1999-02-30,720p,B,gdrive,ftp://files.example/x\n`;

  await page.goto("/dashboard");
  await page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "Import" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Import" })).toBeVisible();
  await expect(page.getByText("up to 8 MB")).toBeVisible();
  await expectAccessible(page);

  // A file with problems: every one listed with its line, and no Apply.
  await page.getByLabel("Catalogue file").setInputFiles({ name: `broken-${tag}.csv`, mimeType: "text/csv", buffer: Buffer.from(broken) });
  await page.getByRole("button", { name: "Check file (dry run)" }).click();
  const problems = page.getByRole("table", { name: "Problems in the file" });
  await expect(problems.getByRole("row").filter({ hasText: "release_date" })).toContainText("5");
  await expect(problems.getByRole("row").filter({ hasText: "Must be a real calendar date" })).toBeVisible();
  await expect(problems.getByRole("row").filter({ hasText: "Must be an http:// or https:// address" })).toContainText("link_url");
  await expect(page.getByRole("button", { name: /^Apply/ })).toHaveCount(0);
  await expectAccessible(page);

  // The fixed file: counts, then Apply.
  await page.getByLabel("Catalogue file").setInputFiles({ name: `good-${tag}.csv`, mimeType: "text/csv", buffer: Buffer.from(good) });
  await page.getByRole("button", { name: "Check file (dry run)" }).click();
  const counts = page.getByRole("table", { name: "What applying this file does" });
  await expect(counts.getByRole("row", { name: /Titles/ })).toContainText("2");
  await expect(counts.getByRole("row", { name: /Links/ })).toContainText("3");
  await expect(page.getByText("Dry run: nothing has been written yet.")).toBeVisible();
  const before = await admin.db.selectFrom("titles").select("id").where("title", "like", `%${tag}`).execute();
  expect(before).toEqual([]);

  await page.getByRole("button", { name: "Apply: import 2 titles" }).click();
  await expect(page.getByText("Import finished.")).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText("Applied: 2 of 2 titles")).toBeVisible();
  await expect(page.getByRole("progressbar")).toHaveAttribute("value", "2");
  await expectAccessible(page);

  const titles = await admin.db.selectFrom("titles").select(["id", "title"]).where("title", "like", `%${tag}`).orderBy("title").execute();
  expect(titles.map((t) => t.title)).toEqual([`Imported Film ${tag}`, `Imported Show ${tag}`]);

  // The activity log records it.
  await page.goto("/dashboard/activity?type=import");
  await expect(page.getByText(`Imported good-${tag}.csv: 2 titles added, 0 updated, 0 unchanged`)).toBeVisible();

  // The same file again: it gives no ids, so a name alone does not say these are the
  // same titles (remakes share names). Each is listed, with what the operator can do.
  await page.goto("/dashboard/import");
  await page.getByLabel("Catalogue file").setInputFiles({ name: `good-${tag}.csv`, mimeType: "text/csv", buffer: Buffer.from(good) });
  await page.getByRole("button", { name: "Check file (dry run)" }).click();
  await expect(problems.getByRole("row").filter({ hasText: `Possible duplicate of #${titles[0]!.id}` })).toContainText(/^2\s*title/);
  await expect(problems.getByRole("row").filter({ hasText: `Possible duplicate of #${titles[1]!.id}` })).toContainText(/^4\s*title/);
  await expect(page.getByRole("button", { name: /^Apply/ })).toHaveCount(0);

  // Told they are the same titles, re-importing changes nothing.
  await page.getByLabel("Catalogue file").setInputFiles({ name: `good-${tag}.csv`, mimeType: "text/csv", buffer: Buffer.from(good) });
  await page.getByLabel("Same-named titles without ids").selectOption("update");
  await page.getByRole("button", { name: "Check file (dry run)" }).click();
  await expect(counts.getByRole("row", { name: /Titles/ })).toContainText(/0\s*0\s*2/);
  await expect(page.getByRole("list", { name: "Possible duplicates" }).getByRole("listitem")).toHaveCount(2);
  await page.getByRole("button", { name: "Apply: import 2 titles" }).click();
  await expect(page.getByText("Import finished.")).toBeVisible({ timeout: 30_000 });
  const after = await admin.db.selectFrom("titles").select("id").where("title", "like", `%${tag}`).orderBy("title").execute();
  expect(after.map((t) => t.id)).toEqual(titles.map((t) => t.id));

  for (const t of titles) await admin.db.deleteFrom("titles").where("id", "=", t.id).execute();
});
