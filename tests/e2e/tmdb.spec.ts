import crypto from "node:crypto";
import path from "node:path";
import type { BrowserContext, Page } from "@playwright/test";
import { openDatabase, type DatabaseHandle } from "#app/db/client.server.ts";
import { createAdmin } from "#app/modules/auth/accounts.server.ts";
import { createSession, sessionCookieName } from "#app/modules/auth/sessions.server.ts";
import { startServer, type RunningServer } from "#tests/helpers/server-process.ts";
import { MOCK_API_KEY, startTmdbMock, type TmdbMock } from "#tests/mocks/tmdb/server.ts";
import { expect, expectAccessible, expectHydrated, leaveWithoutAsking, test } from "./fixtures.ts";

const unique = () => crypto.randomBytes(4).toString("hex");
const toast = (page: Page, text: string | RegExp) => page.getByRole("status").filter({ hasText: text }).first();
const inputValues = (page: Page) => page.locator("input:visible").evaluateAll((els) => els.map((e) => (e as HTMLInputElement).value));

/** EDITOR_SHOTS=docs/screenshots keeps pictures of the editor's TMDB search for the docs. */
async function shot(page: Page, name: string) {
  const dir = process.env.EDITOR_SHOTS;
  if (dir) await page.screenshot({ path: `${dir}/${name}-${page.viewportSize()!.width}.png` });
}

/** The names shown as chips in a token field. */
async function chips(page: Page, noun: string): Promise<string[]> {
  const names = await page
    .getByRole("button", { name: new RegExp(`^Remove ${noun} `) })
    .evaluateAll((els) => els.map((e) => e.getAttribute("aria-label") ?? ""));
  return names.map((n) => n.slice(`Remove ${noun} `.length));
}

test.describe("with TMDB configured (a local mock of the API)", () => {
  test.describe.configure({ mode: "serial", timeout: 90_000 });
  let mock: TmdbMock;
  let server: RunningServer;
  let handle: DatabaseHandle;
  let context: BrowserContext;
  let page: Page;

  test.beforeAll(async ({ browser }) => {
    mock = await startTmdbMock();
    // Its own server: the shared one has no TMDB key.
    server = await startServer({
      SEED_DEMO: "false",
      TMDB_API_KEY: MOCK_API_KEY,
      TMDB_BASE_URL: mock.origin,
      TMDB_IMAGE_BASE: `${mock.origin}/img`,
    });
    handle = openDatabase({ dialect: "sqlite", file: path.join(server.dataDir, "cinedex.db") });
    const password = `pw-${unique()}-${unique()}`;
    const admin = await createAdmin(handle.db, null, {
      name: "TMDB Admin",
      email: `tmdb-${unique()}@cinedex.test`,
      password,
      confirmPassword: password,
    });
    const { token } = await createSession(handle.db, admin.id, { persistent: false });
    context = await browser.newContext({ baseURL: server.baseURL });
    await context.addCookies([{ name: sessionCookieName(false), value: token, url: server.baseURL, httpOnly: true, sameSite: "Lax" }]);
    page = await context.newPage();
    leaveWithoutAsking(page);
  });

  test.afterAll(async () => {
    await context?.close();
    await handle?.close();
    await server?.stop();
    await mock?.close();
  });

  test("add a movie by IMDb id: every field is filled from TMDB, and it saves", async () => {
    await page.goto("/add");
    await page.getByPlaceholder("Enter TMDB ID").fill("tt0133093");
    await page.getByRole("button", { name: "Fetch details" }).click();
    await expect(toast(page, "Movie details fetched successfully!")).toBeVisible();
    await expect(page.getByPlaceholder("Enter TMDB ID")).toHaveValue("603");
    await expect(page.getByLabel("Title", { exact: true })).toHaveValue("The Matrix");
    await expect(chips(page, "genre")).resolves.toEqual(["Action", "Sci-Fi"]);
    await expect(chips(page, "director")).resolves.toEqual(["Lana Wachowski", "Lilly Wachowski"]);
    expect((await chips(page, "actor")).slice(0, 2)).toEqual(["Keanu Reeves", "Laurence Fishburne"]);
    await expect(page.getByLabel("Release date")).toHaveValue("1999-03-31");
    await expect(page.getByLabel("Runtime")).toHaveValue("136");
    await expect(page.getByLabel("Rating")).toHaveValue("8.2");
    await expect(page.getByLabel("Language")).toHaveValue("English");
    await expect(page.getByLabel("Tagline")).toHaveValue("Welcome to the Real World.");
    await page.getByRole("tab", { name: "Media" }).click();
    expect(await inputValues(page)).toEqual(
      expect.arrayContaining([`${mock.origin}/img/w500/p96dm7sCMn4VYAStA6siNz30G1r.jpg`, "https://www.youtube.com/watch?v=vKQi3bBA1y8"]),
    );
    await page.getByRole("button", { name: "Add Movie" }).click();
    await expect(toast(page, "Movie added successfully!")).toBeVisible();
    const row = await handle.db
      .selectFrom("titles")
      .select(["title", "tmdb_id", "runtime_minutes"])
      .where("tmdb_id", "=", 603)
      .executeTakeFirst();
    expect(row).toEqual({ title: "The Matrix", tmdb_id: 603, runtime_minutes: 136 });
  });

  test("add a movie by TMDB id: the same title is flagged as already in the catalogue; bad ids are refused", async () => {
    await page.goto("/add");
    const id = page.getByPlaceholder("Enter TMDB ID");
    await id.fill("603abc");
    await page.getByRole("button", { name: "Fetch details" }).click();
    await expect(toast(page, "Please enter a valid TMDB ID")).toBeVisible();
    await id.fill("999999");
    await page.getByRole("button", { name: "Fetch details" }).click();
    await expect(toast(page, "Failed to fetch movie details")).toBeVisible();
    await expect(page.getByText("TMDB has no movie with this id.")).toBeVisible();

    await id.fill("https://www.themoviedb.org/movie/603-the-matrix");
    await page.getByRole("button", { name: "Fetch details" }).click();
    await expect(page.getByLabel("Title", { exact: true })).toHaveValue("The Matrix");
    const warning = page.getByText(/Already in the catalogue: “The Matrix”/);
    await expect(warning).toBeVisible();
    await expect(warning.getByRole("link", { name: "Edit it" })).toHaveAttribute("href", /^\/dashboard\/movies\/\d+$/);
    await expectAccessible(page);
  });

  test("find a movie by name and year, check it on the card, then fill", async () => {
    for (const viewport of [
      { width: 1440, height: 900 },
      { width: 390, height: 844 },
    ]) {
      await page.setViewportSize(viewport);
      await page.goto("/add");
      const search = page.getByRole("region", { name: "Find on TMDB by name" });
      await expectHydrated(page.getByRole("button", { name: "Add Movie" }));
      await search.getByLabel("Name", { exact: true }).fill("The Matrix");
      await search.getByLabel("Name", { exact: true }).press("Enter");
      await expect(search.getByText("3 results: pick one to check before filling.")).toBeVisible();
      await expect(search.getByRole("button", { name: /^The Matrix Reloaded \(2003\)/ })).toBeVisible();
      // The year narrows the search (TMDB's year parameter).
      await search.getByLabel("Year").fill("1999");
      await search.getByRole("button", { name: "Search TMDB" }).click();
      await expect(search.getByText("1 result: pick one to check before filling.")).toBeVisible();
      expect(mock.requests.some((r) => r.url.startsWith("/search/movie?") && r.url.includes("year=1999"))).toBe(true);
      await search.scrollIntoViewIfNeeded();
      await shot(page, "editor-tmdb-search");
      await search.getByRole("button", { name: /^The Matrix \(1999\)/ }).click();
      const card = search.getByRole("region", { name: "The Matrix" });
      await expect(card).toContainText("Movie · 1999 · TMDB 603");
      await expect(card).toContainText("Set in the 22nd century");
      await expect(card.getByText(/Already in the catalogue/)).toBeVisible();
      await shot(page, "editor-tmdb-confirm");
      await expectAccessible(page);
      // Nothing is filled before the confirmation; Cancel goes back to the results.
      await expect(page.getByLabel("Title", { exact: true })).toHaveValue("");
      await card.getByRole("button", { name: "Cancel" }).click();
      await expect(card).toBeHidden();
      await search.getByRole("button", { name: /^The Matrix \(1999\)/ }).click();
      await card.getByRole("button", { name: "Fill from TMDB" }).click();
      await expect(toast(page, "Movie details fetched successfully!")).toBeVisible();
      await expect(page.getByLabel("Title", { exact: true })).toHaveValue("The Matrix");
      await expect(page.getByPlaceholder("Enter TMDB ID")).toHaveValue("603");
      await expect(page.getByLabel("Runtime")).toHaveValue("136");
    }
    await page.setViewportSize({ width: 1280, height: 720 });
  });

  test("find a TV show by name; a search TMDB cannot answer says so", async () => {
    await page.goto("/add?type=tv");
    const search = page.getByRole("region", { name: "Find on TMDB by name" });
    await expectHydrated(page.getByRole("button", { name: "Add TV Show" }));
    await search.getByLabel("Name", { exact: true }).fill("Fleabag");
    await search.getByRole("button", { name: "Search TMDB" }).click();
    await search.getByRole("button", { name: /^Fleabag \(2016\)/ }).click();
    await expect(search.getByRole("region", { name: "Fleabag" })).toContainText("TV show · 2016 · TMDB 67070");
    await search.getByRole("button", { name: "Fill from TMDB" }).click();
    await expect(page.getByLabel("Title", { exact: true })).toHaveValue("Fleabag");

    mock.override("/search/tv", { kind: "status", status: 503 });
    await search.getByLabel("Name", { exact: true }).fill("Fleabag again");
    await search.getByRole("button", { name: "Search TMDB" }).click();
    await expect(toast(page, "TMDB search failed")).toBeVisible();
    await expect(search.getByRole("alert")).toHaveText("TMDB did not answer in time or could not be reached.");
  });

  test("add a TV show by id: its seasons and episodes are ready for links", async () => {
    await page.goto("/add?type=tv");
    await page.getByPlaceholder("Enter TMDB ID").fill("67070");
    await page.getByRole("button", { name: "Fetch details" }).click();
    await expect(toast(page, "TV show details fetched successfully!")).toBeVisible();
    await expect(page.getByLabel("Title", { exact: true })).toHaveValue("Fleabag");
    await page.getByRole("tab", { name: "Download Links" }).click();
    const values = await inputValues(page);
    expect(values).toEqual(expect.arrayContaining(["Season 1", "Season 2", "Episode 2: The Cafe", "Episode 2: The Priest"]));
    expect(values).not.toContain("Season 0");
  });

  test("refresh from TMDB on the edit modal applies only the ticked fields", async () => {
    const row = await handle.db.selectFrom("titles").select("id").where("tmdb_id", "=", 603).executeTakeFirstOrThrow();
    await handle.db.updateTable("titles").set({ tagline: "Old tagline", runtime_minutes: 130 }).where("id", "=", row.id).execute();
    await page.goto(`/dashboard/movies/${row.id}`);
    await page.getByRole("button", { name: "Refresh from TMDB" }).click();
    const review = page.getByRole("region", { name: /TMDB differs in 2 fields/ });
    await expect(review).toBeVisible();
    await review.getByRole("checkbox", { name: /Tagline/ }).uncheck();
    await review.getByRole("button", { name: "Apply selected" }).click();
    await expect(page.getByLabel("Runtime")).toHaveValue("136");
    await expect(page.getByLabel("Tagline")).toHaveValue("Old tagline");
  });

  test("a visitor finds a title only TMDB knows, requests it, and opens its page", async ({ browser }) => {
    const visitor = await browser.newContext({ baseURL: server.baseURL });
    try {
      const v = await visitor.newPage();
      await v.goto("/search?q=paprika");
      const external = v.getByRole("region", { name: "Not on Cinedex yet" });
      await expect(external.getByRole("link", { name: /Paprika Kitchen/ })).toBeVisible();
      // Something is shown: no "Data not found" above TMDB's titles, a line saying where they come from instead.
      await expect(v.getByText("Data not found")).toHaveCount(0);
      await expect(v.getByRole("region", { name: "Results" })).toContainText("Nothing on Cinedex matches “paprika” yet.");
      const request = external.getByRole("button", { name: "Request: Paprika", exact: true });
      // Before hydration a click is a plain form post (no toast, no "Requested" state).
      await expectHydrated(request);
      await request.click();
      await expect(toast(v, "Your request has been submitted successfully!")).toBeVisible();
      await expect(external.getByRole("button", { name: "Requested: Paprika", exact: true })).toBeDisabled();
      const stored = await handle.db
        .selectFrom("content_requests")
        .select(["title", "year", "tmdb_id", "source", "request_count"])
        .where("tmdb_id", "=", 4977)
        .executeTakeFirst();
      expect(stored).toEqual({ title: "Paprika", year: 2006, tmdb_id: 4977, source: "tmdb-search", request_count: 1 });

      // The page's data is loaded again after the request; the TMDB results stay.
      const link = external.getByRole("link", { name: "Paprika", exact: true });
      await expect(link).toBeVisible();
      await link.click();
      await expect(v).toHaveURL(/\/movie\/tmdb-4977\/paprika$/);
      await expect(v.getByRole("heading", { level: 1 })).toContainText("Paprika");
      await expect(v.getByText("Satoshi Kon")).toBeVisible();
      await expect(v.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
      const again = v.getByRole("button", { name: "Request this title: Paprika" });
      await expectHydrated(again);
      await again.click();
      // The same visitor (same address, no e-mail) asking again is not one more person.
      await expect(toast(v, "You have asked for this title before.")).toBeVisible();

      // The Matrix is in the catalogue now: its TMDB-only address leads to the catalogue page.
      await v.goto("/movie/tmdb-603/the-matrix");
      await expect(v).toHaveURL(/\/movie\/\d+\/the-matrix/);
      await v.goto("/search?q=paprika");
      await expectAccessible(v);
    } finally {
      await visitor.close();
    }
  });

  test("without JavaScript, Request on search and on a TMDB-only page comes back saying Requested", async ({ browser }) => {
    const visitor = await browser.newContext({ baseURL: server.baseURL, javaScriptEnabled: false });
    try {
      const v = await visitor.newPage();
      await v.goto("/search?q=paprika");
      const external = v.getByRole("region", { name: "Not on Cinedex yet" });
      await external.getByRole("button", { name: "Request: Paprika Kitchen", exact: true }).click();
      await expect(v).toHaveURL(/\/search\?q=paprika$/);
      await expect(external.getByRole("button", { name: "Requested: Paprika Kitchen", exact: true })).toBeDisabled();
      await expect(external.getByRole("status")).toHaveText("You are the first to ask for this title.");
      // Only the button that was pressed says so.
      await expect(external.getByRole("button", { name: "Request: Paprika", exact: true })).toBeEnabled();
      const stored = await handle.db
        .selectFrom("content_requests")
        .select(["title", "tmdb_id", "source", "request_count"])
        .where("tmdb_id", "=", 99123)
        .executeTakeFirst();
      expect(stored).toEqual({ title: "Paprika Kitchen", tmdb_id: 99123, source: "tmdb-search", request_count: 1 });

      await v.goto("/movie/tmdb-4977/paprika");
      await v.getByRole("button", { name: "Request this title: Paprika" }).click();
      await expect(v).toHaveURL(/\/movie\/tmdb-4977\/paprika$/);
      await expect(v.getByRole("button", { name: "Requested: Paprika" })).toBeDisabled();
      await expect(v.getByRole("status")).toHaveText("You have asked for this title before.");
    } finally {
      await visitor.close();
    }
  });
});

test.describe("without a TMDB key (the shared server)", () => {
  test.use({ expectedConsoleErrors: [/404/] });
  test("no external results and no TMDB-only pages", async ({ page }) => {
    await page.goto("/search?q=paprika");
    await expect(page.getByRole("heading", { level: 1 })).toContainText("paprika");
    await expect(page.getByRole("region", { name: "Not on Cinedex yet" })).toHaveCount(0);
    const response = await page.goto("/movie/tmdb-4977/paprika");
    expect(response?.status()).toBe(404);
  });
});
