import crypto from "node:crypto";
import type { Page } from "@playwright/test";
import { linkDetailsPath } from "#app/modules/catalogue/paths.ts";
import { releaseKey } from "#app/modules/catalogue/slug.ts";
import {
  insertContactMessage,
  insertDmcaNotice,
  insertReport,
  insertReportGroup,
  insertRequest,
  removeSeeded,
  seededNone,
} from "#tests/factories/inbox.ts";
import { buildMovie } from "#tests/factories/titles.ts";
import { expect, expectAccessible, testOnOwnServer as test } from "./fixtures.ts";

// The admin inbox, with visitor submissions written straight into the database of
// a server of its own: the forms' tests file submissions on the shared server,
// which would change the unread counts asserted here. Serial, for the same reason
// (the phone check adds only rows already read), and each test removes what it added.
test.describe.configure({ mode: "serial" });

const unique = () => `Zq${crypto.randomBytes(4).toString("hex")}`;

// A refused decline (no reason) is a 400 answer, which the browser logs.
test.use({ expectedConsoleErrors: [/status of 400 .*\/dashboard\/inbox\/requests\//] });

test("an admin sees what waits with unread counts, filters the lists and changes statuses", async ({ page, admin, catalogue }) => {
  test.slow();
  void admin;
  const { db } = catalogue;
  const word = unique();
  const seeded = seededNone();
  try {
    const request = await insertRequest(db, {
      title: `${word} Requested Film`,
      year: 1931,
      submissions: [
        { name: "Ann Asker", email: "ann@example.com", message: "The restored cut, please", city: "Lyon", country: "France" },
        { name: "Bo Second", email: "bo@example.com", quality: "1080p" },
      ],
    });
    const older = await insertRequest(db, { title: `${word} Older Wish`, readAt: new Date().toISOString() });
    const { primaryId } = await insertReportGroup(
      db,
      { contentName: `${word} Broken Film`, linkUrl: "https://host.example/file", quality: "720p" },
      1,
    );
    const message = await insertContactMessage(db, { name: "Cy Contact", subject: `${word} question`, message: "How do downloads work?" });
    Object.assign(seeded, { requests: [request, older], reports: [primaryId], contact: [message] });

    await page.goto("/dashboard");
    await expect(page.getByRole("link", { name: "Inbox, 3 unread" })).toBeVisible();
    // The overview's figures lead to the inbox.
    const openRequests = page.locator("dl[aria-label='Inbox figures'] > div").filter({ hasText: "Open requests" }).locator("dd");
    await expect(openRequests).toHaveText("2");
    await expect(page.getByRole("list", { name: "Top requested titles" }).getByRole("link").first()).toHaveText(
      `${word} Requested Film (1931)`,
    );
    await page.getByRole("link", { name: "Open requests" }).click();
    await expect(page).toHaveURL(/\/dashboard\/inbox\/requests\?status=pending$/);

    await page.goto("/dashboard/inbox");
    await expect(page).toHaveURL(/\/dashboard\/inbox\/requests$/);
    const tabs = page.getByRole("navigation", { name: "Inbox sections" });
    await expect(tabs.getByRole("link", { name: "Requests, 1 unread" })).toHaveAttribute("aria-current", "page");
    await expect(tabs.getByRole("link", { name: "Broken links, 1 unread" })).toBeVisible();
    await expect(tabs.getByRole("link", { name: "Contact, 1 unread" })).toBeVisible();
    await expect(tabs.getByRole("link", { name: "DMCA", exact: true })).toBeVisible();

    // Newest first; the unread one says so.
    const items = page.getByRole("list", { name: "Requests" }).getByRole("listitem");
    await expect(items).toHaveCount(2);
    await expect(items.nth(0)).toContainText(`${word} Older Wish`);
    await expect(items.nth(1).getByRole("link")).toHaveText(`Unread: ${word} Requested Film (1931)`);
    await expect(items.nth(1)).toContainText("2 people");

    // Search ignores case and lives in the URL.
    await page.getByRole("searchbox", { name: /Search by title/ }).fill(`${word.toUpperCase()} requested`);
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(new RegExp(`q=${word.toUpperCase()}`));
    await expect(items).toHaveCount(1);

    await items.first().getByRole("link").click();
    await expect(page).toHaveURL(new RegExp(`/dashboard/inbox/requests/${request}\\?q=`));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`${word} Requested Film (1931)`);
    await expect(page.getByText("Ann Asker")).toBeVisible();
    await expect(page.getByText("The restored cut, please")).toBeVisible();
    await expect(page.getByText("Lyon, France")).toBeVisible();
    await expect(page.getByText("Bo Second")).toBeVisible();
    // Opened: read.
    await expect(page.getByRole("link", { name: "Inbox, 2 unread" })).toBeVisible();

    // A decline needs a reason; the page says so and nothing changes.
    await page.getByRole("button", { name: "Decline request" }).click();
    await expect(page.getByRole("alert").first()).toContainText("Give a reason for declining this request.");
    await page.getByLabel("Reason").fill("No public-domain copy exists");
    await page.getByRole("button", { name: "Decline request" }).click();
    await expect(page.getByRole("status")).toHaveText("Request declined");
    await expect(page.getByText("Declined: No public-domain copy exists")).toBeVisible();

    await page.getByRole("link", { name: "Back to Requests" }).click();
    await expect(page).toHaveURL(new RegExp(`/dashboard/inbox/requests\\?q=`));
    await page.getByRole("group", { name: "Filter by status" }).getByRole("link", { name: "Declined" }).click();
    await expect(page).toHaveURL(/status=declined/);
    await expect(items).toHaveCount(1);
    await page.getByRole("group", { name: "Filter by status" }).getByRole("link", { name: "Pending" }).click();
    await expect(page.getByText("Nothing matches these filters.")).toBeVisible();

    // A report group closes as a whole.
    await page
      .getByRole("navigation", { name: "Inbox sections" })
      .getByRole("link", { name: /^Broken links/ })
      .click();
    await page.getByRole("link", { name: `Unread: ${word} Broken Film` }).click();
    await expect(page).toHaveURL(new RegExp(`/dashboard/inbox/reports/${primaryId}$`));
    await expect(page.getByRole("heading", { name: "Reports (2)" })).toBeVisible();
    await page.getByLabel("Note (optional)").fill("Re-uploaded");
    await page.getByRole("button", { name: "Mark fixed" }).click();
    await expect(page.getByRole("status")).toHaveText("Report marked fixed");
    const statuses = await db
      .selectFrom("link_reports")
      .select("status")
      .where((eb) => eb.or([eb("id", "=", primaryId), eb("primary_id", "=", primaryId)]))
      .execute();
    expect(statuses.map((r) => r.status)).toEqual(["fixed", "fixed"]);

    // A contact message is answered, then reopened.
    await page.goto(`/dashboard/inbox/contact/${message}`);
    await expect(page.getByRole("link", { name: "Reply by e-mail" })).toHaveAttribute("href", /^mailto:ada@example\.com\?subject=Re%3A%20/);
    await page.getByRole("button", { name: "Mark answered" }).click();
    await expect(page.getByRole("status")).toHaveText("Message marked answered");
    await page.getByRole("button", { name: "Mark as new" }).click();
    await expect(page.getByRole("status")).toHaveText("Message reopened");
    // Everything was opened: no badge.
    await expect(page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "Inbox", exact: true })).toBeVisible();

    // Every change is in the activity log with who did it.
    await page.goto("/dashboard/activity");
    await expect(page.getByText("Declined the request for", { exact: false }).first()).toBeVisible();
    await expect(page.getByText(`Marked fixed the broken-link report on “${word} Broken Film” (2 reports): Re-uploaded`)).toBeVisible();
  } finally {
    await removeSeeded(db, seeded);
  }
});

test("a DMCA notice takes a demo title's link off the site, and re-enabling puts it back", async ({ page, request, admin, catalogue }) => {
  test.slow();
  void admin;
  const { db } = catalogue;
  const seeded = seededNone();
  // A working link of a demo movie (the seeded catalogue, not one this test made).
  const target = await db
    .selectFrom("links as l")
    .innerJoin("releases as r", "r.id", "l.release_id")
    .innerJoin("titles as t", "t.id", "r.title_id")
    .select(["l.id", "l.label", "t.id as title_id", "t.slug", "t.title", "r.quality", "r.season"])
    .where("t.type", "=", "movie")
    .where("l.status", "=", "ok")
    .where("l.kind", "=", "file")
    .orderBy("t.id")
    .orderBy("l.id")
    .executeTakeFirstOrThrow();
  const titleUrl = `/movie/${target.title_id}/${target.slug}`;
  const detailsUrl = linkDetailsPath(target.title_id, releaseKey(target), { kind: "movie" });
  const linkOnSite = (page: Page) => page.locator(`a[href="/middleman?id=${target.id}"]`);
  try {
    const notice = await insertDmcaNotice(db, {
      contentUrl: `https://cinedex.example${titleUrl}`,
      targets: [{ titleId: target.title_id, linkId: target.id }],
    });
    seeded.dmca.push(notice);
    expect((await request.get(`/middleman?id=${target.id}`)).status()).toBe(200);
    // The title page leads to the release's links, this one among them.
    await page.goto(titleUrl);
    await page.locator(`a[href="${detailsUrl}"]`).first().click();
    await expect(page).toHaveURL(detailsUrl);
    await expect(linkOnSite(page)).toHaveCount(1);

    await page.goto("/dashboard/inbox/dmca");
    await expect(page.getByRole("navigation", { name: "Inbox sections" }).getByRole("link", { name: "DMCA, 1 unread" })).toBeVisible();
    await page.getByRole("link", { name: /^Unread: https:\/\/cinedex\.example/ }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`DMCA notice #${notice}`);
    await expectAccessible(page);

    const takeDown = page.getByRole("group", { name: new RegExp(`^${target.title.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`) });
    const choice = takeDown.locator(`input[name="link"][value="${target.id}"]`);
    await expect(choice).toBeChecked();
    // The catalogue can be searched for more; the choice from the notice's URL stays offered.
    await page.getByRole("searchbox", { name: "Find more catalogue titles" }).fill("zzz-no-such-title");
    await page.getByRole("button", { name: "Find" }).click();
    await expect(page).toHaveURL(/find=zzz-no-such-title/);
    await expect(choice).toBeChecked();

    await page.getByRole("button", { name: "Disable selected" }).click();
    await expect(page.getByRole("status")).toHaveText("Notice actioned: 1 link disabled");
    await expect(page.getByRole("main").getByText("Actioned", { exact: true }).first()).toBeVisible();
    expect((await db.selectFrom("links").select("status").where("id", "=", target.id).executeTakeFirstOrThrow()).status).toBe("disabled");

    // Gone from the public site at once.
    const gone = await request.get(`/middleman?id=${target.id}`);
    expect(gone.status()).toBe(410);
    expect(await gone.text()).toContain("This link has been removed");
    expect((await request.get(`/page3?id=${target.id}`, { maxRedirects: 0 })).status()).toBe(410);
    await page.goto(detailsUrl);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(linkOnSite(page)).toHaveCount(0);

    await page.goto(`/dashboard/inbox/dmca/${notice}`);
    await page
      .getByRole("button", { name: /^Re-enable/ })
      .first()
      .click();
    await expect(page.getByRole("status")).toHaveText("1 link re-enabled");
    expect((await request.get(`/middleman?id=${target.id}`)).status()).toBe(200);
    await page.goto(detailsUrl);
    await expect(linkOnSite(page)).toHaveCount(1);

    await page.goto("/dashboard/activity?type=dmca");
    await expect(page.getByText(`Actioned DMCA notice #${notice}: disabled 1 link`, { exact: false })).toBeVisible();
    await expect(page.getByText(`Re-enabled 1 link taken down for DMCA notice #${notice}`)).toBeVisible();
  } finally {
    await db.updateTable("links").set({ status: "ok" }).where("id", "=", target.id).execute();
    await removeSeeded(db, seeded);
  }
});

test("the title editor offers to close the open reports on its links in one click", async ({ page, admin, catalogue }) => {
  void admin;
  const { db } = catalogue;
  const movie = await catalogue.create(buildMovie({ title: `${unique()} Reported` }));
  const [a, b] = movie.releases[0]!.files[0]!.links;
  const seeded = seededNone();
  try {
    const first = await insertReportGroup(
      db,
      { contentName: movie.title, linkId: a!.id, linkUrl: a!.url, titleId: movie.id, readAt: new Date().toISOString() },
      1,
    );
    const second = await insertReport(db, {
      contentName: movie.title,
      linkId: b!.id,
      linkUrl: b!.url,
      titleId: movie.id,
      readAt: new Date().toISOString(),
    });
    seeded.reports.push(first.primaryId, second);
    await page.goto(`/dashboard/movies/${movie.id}`);
    const dialog = page.getByRole("dialog", { name: "Edit movie" });
    const reports = dialog.getByRole("region", { name: "Broken-link reports" });
    await expect(reports).toContainText("This title has 2 open broken-link reports.");
    await reports.getByRole("button", { name: "Mark 2 reports fixed" }).click();
    await expect(dialog.getByText("2 reports marked fixed")).toBeVisible();
    await expect(reports).toHaveCount(0);
    const rows = await db.selectFrom("link_reports").select("status").where("title_id", "=", movie.id).execute();
    expect(rows.map((r) => r.status)).toEqual(["fixed", "fixed", "fixed"]);
  } finally {
    await removeSeeded(db, seeded);
  }
});

test("the inbox list and an item pass axe", async ({ page, admin, catalogue }) => {
  void admin;
  const { db } = catalogue;
  const seeded = seededNone();
  try {
    const id = await insertRequest(db, {
      title: "Accessible Film",
      submissions: [{ name: "Ann", email: "ann@example.com", message: "Please" }],
    });
    seeded.requests.push(id, await insertRequest(db, { title: "Second Film", status: "declined", readAt: new Date().toISOString() }));
    await page.goto("/dashboard/inbox/requests");
    await expect(page.getByRole("list", { name: "Requests" })).toBeVisible();
    await expectAccessible(page);
    await page.goto(`/dashboard/inbox/requests/${id}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Accessible Film");
    await expectAccessible(page);
  } finally {
    await removeSeeded(db, seeded);
  }
});

test("the inbox works on a phone @phone", async ({ page, admin, catalogue }) => {
  void admin;
  const { db } = catalogue;
  const word = unique();
  // Already read, so a parallel desktop test's unread counts are not disturbed.
  const id = await insertContactMessage(db, { subject: `${word} on a phone`, readAt: new Date().toISOString() });
  const demoLink = await db
    .selectFrom("links as l")
    .innerJoin("releases as r", "r.id", "l.release_id")
    .select(["l.id", "r.title_id"])
    .orderBy("l.id")
    .executeTakeFirstOrThrow();
  const notice = await insertDmcaNotice(db, {
    readAt: new Date().toISOString(),
    targets: [{ titleId: demoLink.title_id, linkId: demoLink.id }],
  });
  const fitsWidth = async () =>
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      await page.evaluate(() => window.innerWidth),
    );
  try {
    await page.goto(`/dashboard/inbox/contact?q=${word}`);
    await expect(page.getByRole("navigation", { name: "Inbox sections" })).toBeVisible();
    const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(scrollWidth).toBeLessThanOrEqual(await page.evaluate(() => window.innerWidth));
    await page.getByRole("link", { name: `${word} on a phone` }).click();
    await expect(page).toHaveURL(new RegExp(`/dashboard/inbox/contact/${id}`));
    await page.getByRole("button", { name: "Archive" }).click();
    await expect(page.getByRole("status")).toHaveText("Message archived");
    await fitsWidth();
    // A notice with long link addresses to choose from still fits the screen.
    await page.goto(`/dashboard/inbox/dmca/${notice}?find=a`);
    await expect(page.getByRole("button", { name: "Disable selected" })).toBeVisible();
    await fitsWidth();
  } finally {
    await db.deleteFrom("contact_messages").where("id", "=", id).execute();
    await db.deleteFrom("dmca_notices").where("id", "=", notice).execute();
  }
});

test.describe("as an Editor", () => {
  test.use({ adminRole: "editor" });

  test("an Editor may use the inbox too", async ({ page, admin }) => {
    void admin;
    const response = await page.goto("/dashboard/inbox/dmca");
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1, name: "Inbox" })).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: /^Inbox/ })).toBeVisible();
  });
});
