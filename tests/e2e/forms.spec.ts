import type { Browser, Locator, Page } from "@playwright/test";
import { linkDetailsPath, titlePath } from "#app/modules/catalogue/paths.ts";
import { buildMovie } from "#tests/factories/titles.ts";
import { expect, expectAccessible, test } from "./fixtures.ts";

// The visitor forms with JavaScript on and off: invalid then valid, typed values
// kept, the spec's messages; the title page's quick request; a report from a
// link's page carrying the link.

async function withoutJavaScript<T>(browser: Browser, baseURL: string, work: (page: Page) => Promise<T>): Promise<T> {
  const context = await browser.newContext({ baseURL, javaScriptEnabled: false });
  try {
    return await work(await context.newPage());
  } finally {
    await context.close();
  }
}

/** After a success: every field empty, Submit disabled until the visitor types again. */
async function expectClearedUntilEdited(form: Locator, submit: string, labels: string[]) {
  for (const label of labels) await expect(form.getByLabel(label)).toHaveValue("");
  const button = form.getByRole("button", { name: submit });
  await expect(button).toBeDisabled();
  await expect(form.getByText("Sent. Change the form to send another.")).toBeVisible();
  await form.getByLabel(labels[0]!).fill("x");
  await expect(button).toBeEnabled();
  await form.getByLabel(labels[0]!).fill("");
}

const unique = () => `${Date.now()}-${Math.random().toString(36).slice(2, 7)}`;

test("contact: messages in the browser, then sent; without JavaScript the server's messages and the typed values come back", async ({
  page,
  browser,
  baseURL,
  catalogue,
}) => {
  await page.goto("/contact-us");
  await expect(page.getByRole("heading", { level: 1, name: "Contact us" })).toBeVisible();
  await expect(page.getByText("24-48 hours", { exact: true })).toBeVisible();
  await expect(page.getByText("support@cinedex.example")).toBeVisible();
  await expect(page.getByRole("main").getByRole("link", { name: /Telegram/ })).toBeVisible();
  await expectAccessible(page);

  const form = page.getByRole("main");
  await form.getByLabel("Name").fill("Ann");
  await form.getByLabel("Email").fill("ann@nowhere");
  await form.getByRole("button", { name: "Send message" }).click();
  await expect(form.getByText("Please enter a valid email address.")).toBeVisible();
  await expect(form.getByText("Please fill in all required fields.")).toBeVisible();
  await expect(form.getByLabel("Name")).toHaveValue("Ann");
  const message = `Hello from the browser ${unique()}`;
  await form.getByLabel("Email").fill("ann@example.com");
  await form.getByLabel("Message").fill(message);
  await form.getByRole("button", { name: "Send message" }).click();
  await expect(form.getByRole("status")).toContainText("Message sent successfully! We'll get back to you soon.");
  await expect(form.getByRole("status")).toContainText("We received your message and will reply to ann@example.com.");
  await expectClearedUntilEdited(form, "Send message", ["Name", "Email", "Message"]);

  await withoutJavaScript(browser, baseURL!, async (p) => {
    await p.goto("/contact-us");
    await p.getByLabel("Name").fill("Bo <b>bold</b>");
    await p.getByLabel("Email").fill("bo@nowhere");
    await p.getByLabel("Message").fill("No script here");
    await p.getByRole("button", { name: "Send message" }).click();
    await expect(p.getByRole("alert")).toHaveText("Please enter a valid email address.");
    await expect(p.getByLabel("Name")).toHaveValue("Bo <b>bold</b>");
    await expect(p.getByLabel("Message")).toHaveValue("No script here");
    await p.getByLabel("Email").fill("bo@example.com");
    await p.getByRole("button", { name: "Send message" }).click();
    await expect(p.getByRole("status")).toContainText("Message sent successfully! We'll get back to you soon.");
    // Without JavaScript the page comes back cleared, and Submit works at once.
    await expect(p.getByLabel("Name")).toHaveValue("");
    await expect(p.getByRole("button", { name: "Send message" })).toBeEnabled();
  });
  const stored = await catalogue.db
    .selectFrom("contact_messages")
    .select(["name", "message"])
    .where("message", "in", [message, "No script here"])
    .execute();
  expect(stored.map((r) => r.name).sort()).toEqual(["Ann", "Bo <b>bold</b>"]);
});

test("request: per-field messages (only type and title required), the count of people who asked, with and without JavaScript", async ({
  page,
  browser,
  baseURL,
}) => {
  test.slow();
  const title = `Wanted Film ${unique()}`;
  await page.goto("/request");
  await expect(page.getByText("24-72 hours", { exact: true })).toBeVisible();
  await expectAccessible(page);
  const main = page.getByRole("main");
  await expect(main.getByLabel("Year")).toHaveAttribute("maxlength", "4");
  await main.getByLabel("Type").selectOption("Series");
  await main.getByLabel("Year").fill("99");
  await main.getByRole("button", { name: "Submit request" }).click();
  for (const text of ["Please enter the name of the series", "Please enter a valid 4-digit year"]) {
    await expect(main.getByText(text, { exact: true })).toBeVisible();
  }
  // Name and e-mail are optional now (docs/product/decisions.md): no message for them.
  await expect(main.getByText("Please enter your name")).toHaveCount(0);
  await expect(main.getByText("Optional: only if you want a reply when the title is added.")).toBeVisible();
  // Two people behind one address tell themselves apart by their e-mails.
  await main.getByLabel("Your email").fill("ann@example.com");
  await main.getByLabel("Type").selectOption("Movie");
  await main.getByLabel("Title").fill(title);
  await main.getByLabel("Year").fill("2024");
  await main.getByLabel("IMDb link").fill("https://example.com/title/tt1234567/");
  await main.getByRole("button", { name: "Submit request" }).click();
  await expect(main.getByText("Invalid URL or something went wrong. Please check the IMDB URL and try again.")).toBeVisible();
  await main.getByLabel("IMDb link").fill("");
  await main.getByRole("button", { name: "Submit request" }).click();
  await expect(main.getByRole("status")).toContainText("Your request has been submitted successfully!");
  await expect(main.getByRole("status")).toContainText(`We received your request for “${title}” (2024). We will write to ann@example.com`);
  await expect(main.getByRole("status")).toContainText("You are the first to ask for this title.");
  await expectClearedUntilEdited(main, "Submit request", ["Title", "Year", "Type"]);

  await withoutJavaScript(browser, baseURL!, async (p) => {
    await p.goto("/request");
    // Another person: the same address without an e-mail would be the first asker again.
    await p.getByLabel("Your email").fill("bo@example.com");
    await p.getByLabel("Type").selectOption("Movie");
    await p.getByLabel("Title").fill(title.toUpperCase());
    await p.getByLabel("Year").fill("2024");
    await p.getByLabel("IMDb link").fill("https://example.com/not-imdb");
    await p.getByRole("button", { name: "Submit request" }).click();
    await expect(p.getByRole("alert")).toHaveText("Invalid URL or something went wrong. Please check the IMDB URL and try again.");
    await expect(p.getByLabel("Title")).toHaveValue(title.toUpperCase());
    await expect(p.getByLabel("Type")).toHaveValue("Movie");
    await p.getByLabel("IMDb link").fill("https://www.imdb.com/title/tt7654321/");
    await p.getByRole("button", { name: "Submit request" }).click();
    await expect(p.getByRole("status")).toContainText("2 people have asked for this title.");
    await expect(p.getByLabel("Title")).toHaveValue("");
  });
});

test("broken links: prefilled from the title page's Report anchor; without JavaScript too", async ({
  page,
  browser,
  baseURL,
  catalogue,
}) => {
  const movie = await catalogue.create(buildMovie({ title: `Report Me ${unique()}` }));
  await page.goto(titlePath(movie));
  await page.getByRole("link", { name: "Report", exact: true }).click();
  await expect(page).toHaveURL(/\/broken-links\?titleId=/);
  const main = page.getByRole("main");
  await expect(main.getByLabel("Content name")).toHaveValue(movie.title);
  await expectAccessible(page);
  await main.getByLabel("Content name").fill("");
  await main.getByRole("button", { name: "Submit report" }).click();
  await expect(main.getByText("Please enter the content name")).toBeVisible();
  await main.getByLabel("Content name").fill(movie.title);
  await main.getByLabel("Quality").selectOption("1080p");
  await main.getByLabel("Link type").selectOption("Fast Server");
  await main.getByRole("button", { name: "Submit report" }).click();
  await expect(main.getByRole("status")).toContainText("Report submitted successfully! We will fix it as soon as possible.");
  await expect(main.getByRole("status")).toContainText(`We received your report about the 1080p Fast Server link of “${movie.title}”.`);
  // The page's prefilled values are gone too: the next report starts blank.
  await expectClearedUntilEdited(main, "Submit report", ["Content name", "Quality", "Link type"]);
  const row = await catalogue.db
    .selectFrom("link_reports")
    .select(["title_id", "quality"])
    .where("content_name", "=", movie.title)
    .executeTakeFirstOrThrow();
  expect(row).toEqual({ title_id: movie.id, quality: "1080p" });

  await withoutJavaScript(browser, baseURL!, async (p) => {
    await p.goto("/broken-links?contentName=Some%20Show&quality=720p");
    await expect(p.getByLabel("Content name")).toHaveValue("Some Show");
    await p.getByLabel("Content name").fill("   ");
    await p.getByLabel("Season / episode").fill("S01E02");
    await p.getByLabel("Link type").selectOption("Other");
    await p.getByRole("button", { name: "Submit report" }).click();
    await expect(p.getByRole("alert")).toHaveText("Please enter the content name");
    await expect(p.getByLabel("Season / episode")).toHaveValue("S01E02");
    await expect(p.getByLabel("Quality")).toHaveValue("720p");
    await p.getByLabel("Content name").fill("Some Show");
    await p.getByRole("button", { name: "Submit report" }).click();
    await expect(p.getByRole("status")).toContainText("Report submitted successfully! We will fix it as soon as possible.");
    await expect(p.getByLabel("Content name")).toHaveValue("");
    await expect(p.getByLabel("Quality")).toHaveValue("");
  });
});

test("a report from a link's page carries that exact link", async ({ page, catalogue }) => {
  const movie = await catalogue.create(buildMovie({ title: `Link Report ${unique()}` }));
  const release = movie.releases[0]!;
  const link = release.files[0]!.links[0]!;
  await page.goto(linkDetailsPath(movie.id, release.key, { kind: "movie" }));
  await page
    .getByRole("link", { name: `Report the ${link.label} link as broken` })
    .first()
    .click();
  await expect(page).toHaveURL(`/broken-links?linkId=${link.id}`);
  const main = page.getByRole("main");
  await expect(main.getByText(`Reporting the ${link.label} link of ${movie.title}`)).toBeVisible();
  await expect(main.getByLabel("Content name")).toHaveValue(movie.title);
  await expect(main.getByLabel("Quality")).toHaveValue("720p");
  await main.getByLabel("Link type").selectOption("Google Drive");
  await main.getByRole("button", { name: "Submit report" }).click();
  await expect(main.getByRole("status")).toBeVisible();
  const row = await catalogue.db
    .selectFrom("link_reports")
    .select(["link_id", "link_url", "title_id"])
    .where("link_id", "=", link.id)
    .executeTakeFirstOrThrow();
  expect(row).toEqual({ link_id: link.id, link_url: link.url, title_id: movie.id });
});

test("DMCA: the declaration is required; a notice about one of our pages names its title", async ({
  page,
  browser,
  baseURL,
  catalogue,
}) => {
  const movie = await catalogue.create(buildMovie({ title: `Takedown ${unique()}` }));
  await page.goto("/dmca");
  await expect(page.getByText("24-48 hours", { exact: true })).toBeVisible();
  await expectAccessible(page);
  const main = page.getByRole("main");
  await main.getByLabel("Full name").fill("Rights Holder");
  await main.getByLabel("Email").fill("legal@studio.example");
  await main.getByLabel("URL of the content").fill("nonsense");
  await main.getByLabel("Proof of copyright").fill("Registration PA-1");
  await main.getByRole("button", { name: "Submit DMCA request" }).click();
  await expect(main.getByText("Please enter a valid URL for the content")).toBeVisible();
  await expect(main.getByText("Please fill in all required fields", { exact: true })).toBeVisible();
  await main.getByLabel("URL of the content").fill(`${baseURL}${titlePath(movie)}`);
  await main.getByLabel(/I declare/).check();
  await main.getByRole("button", { name: "Submit DMCA request" }).click();
  await expect(main.getByRole("status")).toContainText("Your DMCA request has been submitted successfully!");
  await expect(main.getByRole("status")).toContainText(`We received your notice about ${baseURL}${titlePath(movie)}`);
  await expectClearedUntilEdited(main, "Submit DMCA request", ["Full name", "URL of the content", "Proof of copyright"]);
  await expect(main.getByLabel(/I declare/)).not.toBeChecked();
  const notice = await catalogue.db
    .selectFrom("dmca_notices")
    .select("id")
    .where("content_url", "=", `${baseURL}${titlePath(movie)}`)
    .executeTakeFirstOrThrow();
  const targets = await catalogue.db
    .selectFrom("dmca_notice_targets")
    .select(["title_id", "link_id", "origin"])
    .where("notice_id", "=", notice.id)
    .execute();
  expect(targets).toEqual([{ title_id: movie.id, link_id: null, origin: "url" }]);

  await withoutJavaScript(browser, baseURL!, async (p) => {
    await p.goto("/dmca");
    await p.getByLabel("Full name").fill("Rights Holder");
    await p.getByLabel("Email").fill("legal@studio");
    await p.getByLabel("URL of the content").fill("https://elsewhere.example/copy");
    await p.getByLabel("Proof of copyright").fill("Registration PA-2");
    await p.getByLabel(/I declare/).check();
    await p.getByRole("button", { name: "Submit DMCA request" }).click();
    await expect(p.getByRole("alert")).toHaveText("Please enter a valid email address");
    await expect(p.getByLabel("URL of the content")).toHaveValue("https://elsewhere.example/copy");
    await p.getByLabel("Email").fill("legal@studio.example");
    await p.getByLabel(/I declare/).check();
    await p.getByRole("button", { name: "Submit DMCA request" }).click();
    await expect(p.getByRole("status")).toContainText("Your DMCA request has been submitted successfully!");
  });
});

test("quick request: disabled until a quality is chosen, Sending... then Requested, with toasts; located on the server", async ({
  page,
  catalogue,
}) => {
  const movie = await catalogue.create(buildMovie({ title: `Quick ${unique()}` }));
  await page.goto(titlePath(movie));
  const form = page.getByRole("form", { name: "Request a quality" });
  const button = form.getByRole("button", { name: "Request" });
  await expect(button).toBeDisabled();
  await form.getByLabel("Quality").selectOption("1080p 10bit");
  await expect(button).toBeEnabled();
  // The post is held until the in-between state has been seen.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\.data/, async (route) => {
    if (route.request().method() === "POST") await held;
    await route.fallback();
  });
  await button.click();
  await expect(form.getByRole("button", { name: "Sending..." })).toBeDisabled();
  await expect(page.getByText("Please wait...")).toBeVisible();
  release();
  await expect(form.getByRole("button", { name: "Requested" })).toBeDisabled();
  await expect(page.getByText("Thanks for requesting!")).toBeVisible();
  const row = await catalogue.db
    .selectFrom("content_request_submissions")
    .innerJoin("content_requests", "content_requests.id", "content_request_submissions.request_id")
    .select(["content_request_submissions.quality", "city", "country", "latitude", "longitude", "client_hash", "content_requests.title_id"])
    .where("content_requests.title_id", "=", movie.id)
    .executeTakeFirstOrThrow();
  expect(row).toMatchObject({ quality: "1080p 10bit", city: "Paris", country: "France", latitude: 48.86, longitude: 2.35 });
  expect(row.client_hash).toMatch(/^[0-9a-f]{64}$/);
});

test("quick request without JavaScript; X-Forwarded-For cannot move the client when no proxy is trusted", async ({
  browser,
  baseURL,
  catalogue,
  request,
}) => {
  const movie = await catalogue.create(buildMovie({ title: `Quick NoJS ${unique()}` }));
  await withoutJavaScript(browser, baseURL!, async (p) => {
    await p.goto(titlePath(movie));
    const form = p.getByRole("form", { name: "Request a quality" });
    await form.getByLabel("Quality").selectOption("4k");
    await form.getByRole("button", { name: "Request" }).click();
    await expect(p.getByRole("form", { name: "Request a quality" }).getByRole("button", { name: "Requested" })).toBeDisabled();
  });
  // 10.0.0.0/8 is in Osaka in the test database; the socket's loopback address is in Paris.
  const response = await request.post(titlePath(movie), { form: { quality: "720p" }, headers: { "X-Forwarded-For": "10.1.2.3" } });
  expect(response.status()).toBe(200);
  const rows = await catalogue.db
    .selectFrom("content_request_submissions")
    .innerJoin("content_requests", "content_requests.id", "content_request_submissions.request_id")
    .select(["content_request_submissions.quality", "city"])
    .where("content_requests.title_id", "=", movie.id)
    .orderBy("content_request_submissions.id")
    .execute();
  expect(rows).toEqual([
    { quality: "4k", city: "Paris" },
    { quality: "720p", city: "Paris" },
  ]);
});

test("the request form on a phone @phone", async ({ page }) => {
  await page.goto("/request");
  const main = page.getByRole("main");
  await main.getByRole("button", { name: "Submit request" }).click();
  await expect(main.getByText("Please select content type")).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await expectAccessible(page);
});
