import http from "node:http";
import type { AddressInfo } from "node:net";
import { expect, expectAccessible, test } from "./fixtures.ts";

// The read API's reference page (/api/docs), rendered on the server from the
// OpenAPI document, and the API answering a page of another origin.

test("the API reference lists every endpoint with its parameters, responses and a curl example @phone", async ({ page, baseURL }) => {
  await page.goto("/api/docs");
  await expect(page.getByRole("heading", { level: 1, name: "API reference" })).toBeVisible();
  await expect(page).toHaveTitle("API reference | Cinedex");
  for (const name of ["List titles", "Get a title", "List genres", "Search titles", "Suggest titles", "Get the public settings"]) {
    await expect(page.getByRole("heading", { level: 2, name })).toBeVisible();
  }
  const titles = page.getByRole("region", { name: "Parameters of List titles" });
  await expect(titles.getByRole("row", { name: /perPage/ })).toContainText("integer (1–100)");
  await expect(page.getByLabel("Example request: Get a title")).toHaveText(
    `curl -i '${baseURL!.replace("127.0.0.1", "localhost")}/api/v1/titles/1'`,
  );

  // A response's schema links to its fields; a problem type's address lands on its explanation.
  await page.getByRole("region", { name: "Responses of Get a title" }).getByRole("link", { name: "Title", exact: true }).click();
  await expect(page).toHaveURL(/#schema-Title$/);
  await expect(page.getByRole("region", { name: "Fields of Link", exact: true })).toContainText("/middleman");
  await page.goto("/api/docs#problem-rate-limited");
  await expect(page.locator("#problem-rate-limited")).toContainText("429 Too many requests");
  await page.getByRole("link", { name: "/api/v1/openapi.json" }).click();
  await expect(page.getByText('"openapi":"3.1.0"')).toBeVisible();
  await page.goto("/api/docs");
  await expectAccessible(page);
});

// The browser logs the deliberate 400 below.
test.describe(() => {
  test.use({ expectedConsoleErrors: [/status of 400 \(Bad Request\)/] });
  test("a page on another origin reads the API, and gets 304 for an unchanged answer", async ({ page, baseURL }) => {
    // A page of another origin, served on the loopback (Chrome keeps pages from elsewhere off private addresses).
    const elsewhere = http.createServer((_req, res) =>
      res.writeHead(200, { "Content-Type": "text/html" }).end("<!doctype html><title>Elsewhere</title>"),
    );
    await new Promise<void>((resolve) => elsewhere.listen(0, "127.0.0.1", resolve));
    try {
      await page.goto(`http://127.0.0.1:${(elsewhere.address() as AddressInfo).port}/`);
      const result = await page.evaluate(async (api) => {
        const first = await fetch(`${api}/api/v1/titles?perPage=1`);
        const body = (await first.json()) as { items: unknown[]; total: number };
        const etag = first.headers.get("etag");
        const again = await fetch(`${api}/api/v1/titles?perPage=1`, { headers: { "If-None-Match": etag ?? "" }, cache: "no-store" });
        const problem = await fetch(`${api}/api/v1/titles?colour=red`);
        return {
          status: first.status,
          items: body.items.length,
          total: body.total,
          etag,
          again: again.status,
          problem: [problem.status, problem.headers.get("content-type")],
        };
      }, baseURL!);
      expect(result).toMatchObject({ status: 200, items: 1, again: 304, problem: [400, "application/problem+json"] });
      expect(result.total).toBeGreaterThan(1);
      expect(result.etag).toMatch(/^"/);
    } finally {
      elsewhere.close();
    }
  });
});
