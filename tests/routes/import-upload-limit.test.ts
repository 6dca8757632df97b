import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { IMPORT_UPLOAD_LIMIT } from "#app/constants.ts";
import { signIn } from "#tests/helpers/admin.ts";
import { rawRequest, startInProcessApp, type InProcessApp } from "#tests/faults/fuzz-app.ts";

/**
 * Through the whole app (server/app.ts's body limit, then the route): a file over
 * the import screen's limit is refused on the import screen itself, in the site's
 * look with the limit stated, not by the server's bare 413 text (issue 30).
 */
describe("the import screen's upload limit", () => {
  let app: InProcessApp;
  let cookie: string;

  beforeAll(async () => {
    app = await startInProcessApp("sqlite");
    cookie = (await signIn(app.database.db, "admin")).cookie;
    // Vite compiles the route modules on first use; not part of what is measured below.
    await fetch(`${app.baseURL}/dashboard/import`, { headers: { cookie }, signal: AbortSignal.timeout(150_000) });
  }, 180_000);
  afterAll(() => app?.close());

  const multipart = (bytes: number) => {
    const boundary = "----cinedex-test";
    const head = `--${boundary}\r\nContent-Disposition: form-data; name="format"\r\n\r\nauto\r\n--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.csv"\r\nContent-Type: text/csv\r\n\r\n`;
    const body = Buffer.concat([Buffer.from(head), Buffer.alloc(bytes, "a"), Buffer.from(`\r\n--${boundary}--\r\n`)]);
    return { body, type: `multipart/form-data; boundary=${boundary}` };
  };

  it("answers 413 with the import page, the limit and what to do instead", async () => {
    const { body, type } = multipart(IMPORT_UPLOAD_LIMIT + 1024);
    const answer = await rawRequest(app.port, {
      method: "POST",
      path: "/dashboard/import",
      headers: { "content-type": type, "content-length": String(body.length), origin: app.baseURL, cookie },
      body,
    });
    expect(answer.status).toBe(413);
    expect(answer.headers["content-type"]).toMatch(/text\/html/);
    expect(answer.body).toContain("<title>Import | Cinedex Admin</title>");
    expect(answer.body).toContain("The file is larger than 8 MB. Split it, or import it with npm run catalogue:import.");
    expect(answer.body).not.toContain("Payload Too Large");
  }, 60_000);

  it("keeps the bare limit for other paths and for requests the route does not refuse itself", async () => {
    const { body, type } = multipart(IMPORT_UPLOAD_LIMIT + 1024);
    const elsewhere = await rawRequest(app.port, {
      method: "POST",
      path: "/dashboard/titles",
      headers: { "content-type": type, "content-length": String(body.length), origin: app.baseURL, cookie },
      body: body.subarray(0, 10),
    });
    expect(elsewhere.status).toBe(413);
    expect(elsewhere.body).toContain("Payload Too Large");
  });
});
