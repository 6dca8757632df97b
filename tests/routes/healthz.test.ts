import { afterAll, beforeAll, expect, it } from "vitest";
import { loader } from "#app/routes/resources/healthz.ts";
import { createTestDatabase, type TestDatabase } from "#tests/helpers/database.ts";
import { routeContext } from "#tests/helpers/route.ts";

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase("sqlite");
});
afterAll(async () => {
  await database.destroy().catch(() => {});
});

function call(db: TestDatabase["db"]) {
  const context = routeContext(db, { dialect: "sqlite" });
  const request = new Request("http://localhost/healthz");
  return loader({ request, url: new URL(request.url), pattern: "/healthz", params: {}, context } as unknown as Parameters<
    typeof loader
  >[0]);
}

it("answers 200 while the database answers, 503 once it does not", async () => {
  const ok = await call(database.db);
  expect(ok.status).toBe(200);
  expect(await ok.json()).toEqual({ status: "ok", database: "ok" });

  await database.close();
  const down = await call(database.db);
  expect(down.status).toBe(503);
  expect(down.headers.get("Cache-Control")).toBe("no-store");
  expect(await down.json()).toEqual({ status: "error", database: "unavailable" });
});
