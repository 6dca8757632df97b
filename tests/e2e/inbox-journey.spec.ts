import { linkDetailsPath, middlemanPath } from "#app/modules/catalogue/paths.ts";
import { createSession, sessionCookieName } from "#app/modules/auth/sessions.server.ts";
import { insertContactMessage, insertRequest } from "#tests/factories/inbox.ts";
import { buildMovie } from "#tests/factories/titles.ts";
import { expect, test } from "./fixtures.ts";

// From the visitor's form to the admin's inbox and back to the public site: a
// broken-link report and a DMCA notice filed through the real pages, found in the
// inbox, and the notice actioned so its link is gone at once.

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

test("a request and a contact message sent without JavaScript are waiting in the inbox, with what the visitor typed", async ({
  page,
  browser,
  admin,
  baseURL,
}) => {
  test.slow();
  void admin;
  const word = unique();
  const visitor = await browser.newContext({ baseURL, javaScriptEnabled: false });
  try {
    const form = await visitor.newPage();
    await form.goto("/request");
    await form.getByLabel("Your name").fill("Ann Asker");
    await form.getByLabel("Your email").fill("ann@example.com");
    await form.getByLabel("Type").selectOption("Documentary");
    await form.getByLabel("Title").fill(`Wanted ${word}`);
    await form.getByLabel("Year").fill("1999");
    await form.getByLabel("Message").fill("With subtitles, please.");
    await form.getByRole("button", { name: "Submit request" }).click();
    await expect(form.getByRole("status")).toContainText("Your request has been submitted successfully!");

    await form.goto("/contact-us");
    await form.getByLabel("Name").fill("Cy Contact");
    await form.getByLabel("Email").fill("cy@example.com");
    await form.getByLabel("Subject").fill(`Question ${word}`);
    await form.getByLabel("Message").fill("How do <b>downloads</b> work?");
    await form.getByRole("button", { name: "Send message" }).click();
    await expect(form.getByRole("status")).toContainText("Message sent successfully! We'll get back to you soon.");
  } finally {
    await visitor.close();
  }

  await page.goto(`/dashboard/inbox/requests?q=${word}`);
  await page.getByRole("link", { name: new RegExp(`Wanted ${word}`) }).click();
  await expect(page.getByRole("heading", { level: 1 })).toContainText(`Wanted ${word} (1999)`);
  await expect(page.getByText("With subtitles, please.")).toBeVisible();
  await expect(page.getByText("ann@example.com")).toBeVisible();

  await page.goto(`/dashboard/inbox/contact?q=${word}`);
  await page.getByRole("link", { name: new RegExp(`Question ${word}`) }).click();
  // Markup a visitor typed stays text.
  await expect(page.getByText("How do <b>downloads</b> work?")).toBeVisible();
  await expect(page.getByText("cy@example.com").first()).toBeVisible();
});

test("a visitor's report and DMCA notice reach the inbox; actioning the notice takes the link off the site", async ({
  page,
  request,
  admin,
  catalogue,
  baseURL,
}) => {
  test.slow();
  void admin;
  const movie = await catalogue.create(buildMovie({ title: `Journey ${unique()}` }));
  const release = movie.releases[0]!;
  const link = release.files[0]!.links[0]!;
  const detailsUrl = linkDetailsPath(movie.id, release.key, { kind: "movie" });

  // The visitor reports the link from its page…
  await page.goto(detailsUrl);
  await page
    .getByRole("link", { name: `Report the ${link.label} link as broken` })
    .first()
    .click();
  const main = page.getByRole("main");
  await main.getByLabel("Link type").selectOption("Google Drive");
  await main.getByLabel("Additional information").fill("The host says the file is gone.");
  await main.getByRole("button", { name: "Submit report" }).click();
  await expect(main.getByRole("status")).toContainText("Report submitted successfully! We will fix it as soon as possible.");

  // …and a rights holder names the same link's interstitial page.
  const noticeUrl = `${baseURL}${middlemanPath(link.id)}`;
  await page.goto("/dmca");
  await main.getByLabel("Full name").fill("Rights Holder");
  await main.getByLabel("Email").fill("legal@studio.example");
  await main.getByLabel("URL of the content").fill(noticeUrl);
  await main.getByLabel("Proof of copyright").fill("Registration PA-77");
  await main.getByLabel(/I declare/).check();
  await main.getByRole("button", { name: "Submit DMCA request" }).click();
  await expect(main.getByRole("status")).toContainText("Your DMCA request has been submitted successfully!");
  expect((await request.get(middlemanPath(link.id))).status()).toBe(200);

  // The admin finds the report, with the link it names.
  await page.goto(`/dashboard/inbox/reports?q=${encodeURIComponent(movie.title)}`);
  await page
    .getByRole("link", { name: new RegExp(movie.title) })
    .first()
    .click();
  await expect(page.getByText("The host says the file is gone.")).toBeVisible();
  await expect(page.getByText(link.url).first()).toBeVisible();

  // The notice arrives with the link its URL names already chosen; one click takes it down.
  await page.goto("/dashboard/inbox/dmca");
  await page
    .getByRole("link", { name: new RegExp(noticeUrl.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")) })
    .first()
    .click();
  await expect(page.locator(`input[name="link"][value="${link.id}"]`)).toBeChecked();
  await page.getByRole("button", { name: "Disable selected" }).click();
  await expect(page.getByRole("status")).toHaveText("Notice actioned: 1 link disabled");

  const gone = await request.get(middlemanPath(link.id));
  expect(gone.status()).toBe(410);
  await page.goto(detailsUrl);
  await expect(page.locator(`a[href="${middlemanPath(link.id)}"]`)).toHaveCount(0);
});

test("without JavaScript, an admin triages in the inbox: each form posts to its own address and the page shows its answer", async ({
  browser,
  admin,
  catalogue,
  baseURL,
}) => {
  test.slow();
  const { db } = catalogue;
  const word = unique();
  // Already read, so the unread counts other tests look at do not move.
  const request = await insertRequest(db, { title: `Unscripted ${word}`, readAt: new Date().toISOString() });
  const message = await insertContactMessage(db, { subject: `Unscripted ${word}`, readAt: new Date().toISOString() });
  const { token } = await createSession(admin.db, admin.admin.id, { persistent: false });
  const context = await browser.newContext({ baseURL, javaScriptEnabled: false });
  await context.addCookies([{ name: sessionCookieName(false), value: token, url: baseURL!, httpOnly: true, sameSite: "Lax" }]);
  try {
    const page = await context.newPage();
    await page.goto(`/dashboard/inbox/requests/${request}?q=${word}`);
    await page.getByRole("button", { name: "Decline request" }).click();
    await expect(page).toHaveURL(new RegExp(`/dashboard/inbox/requests/${request}/decline\\?q=${word}$`));
    await expect(page.getByRole("alert")).toHaveText("Give a reason for declining this request.");
    await expect(page.getByLabel("Reason")).toHaveAttribute("aria-invalid", "true");
    await page.getByLabel("Reason").fill("Not in the public domain");
    await page.getByRole("button", { name: "Decline request" }).click();
    await expect(page.getByRole("status")).toHaveText("Request declined");
    await expect(page.getByText("Declined: Not in the public domain")).toBeVisible();
    await page.getByRole("button", { name: "Reopen request" }).click();
    await expect(page.getByRole("status")).toHaveText("Request reopened");
    await page.getByRole("link", { name: "Back to Requests" }).click();
    await expect(page).toHaveURL(new RegExp(`/dashboard/inbox/requests\\?q=${word}$`));

    // Two outcomes of one form: the button pressed is the choice.
    await page.goto(`/dashboard/inbox/contact/${message}`);
    await page.getByRole("button", { name: "Archive" }).click();
    await expect(page.getByRole("status")).toHaveText("Message archived");
    expect((await db.selectFrom("contact_messages").select("status").where("id", "=", message).executeTakeFirstOrThrow()).status).toBe(
      "archived",
    );
  } finally {
    await context.close();
    await db.deleteFrom("content_requests").where("id", "=", request).execute();
    await db.deleteFrom("contact_messages").where("id", "=", message).execute();
  }
});
