import type { AddressInfo } from "node:net";
import express from "express";
import pino from "pino";
import { afterAll, beforeAll, expect, it } from "vitest";
import { sameOriginWrites } from "./security.ts";

let base: string;
let close: () => void;

beforeAll(async () => {
  const app = express();
  const logger = pino({ level: "silent" });
  app.use((req, _res, next) => {
    (req as unknown as { log: typeof logger }).log = logger;
    next();
  });
  app.use(sameOriginWrites());
  app.all("*splat", (_req, res) => {
    res.send("done");
  });
  await new Promise<void>((resolve) => {
    const server = app.listen(0, "127.0.0.1", () => {
      base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      close = () => server.close();
      resolve();
    });
  });
});
afterAll(() => close());

const post = (headers: Record<string, string>, method = "POST") => fetch(`${base}/dashboard/titles/1/delete`, { method, headers });

it("lets same-origin writes, reads, and clients that send neither header through", async () => {
  expect((await post({ Origin: base, "Sec-Fetch-Site": "same-origin" })).status).toBe(200);
  expect((await post({})).status).toBe(200);
  expect((await post({ Origin: "https://evil.example", "Sec-Fetch-Site": "cross-site" }, "GET")).status).toBe(200);
});

it("refuses writes another site starts, by Origin or by Sec-Fetch-Site, whatever the method", async () => {
  for (const [headers, method] of [
    [{ Origin: "https://evil.example" }, "POST"],
    [{ Origin: "null" }, "POST"],
    [{ Origin: "https://cinedex.example.evil.example" }, "POST"],
    // The public address (PUBLIC_URL) on a request made to another host: React Router would refuse it, as an error.
    [{ Origin: "https://cinedex.example" }, "POST"],
    [{ "Sec-Fetch-Site": "cross-site" }, "POST"],
    [{ "Sec-Fetch-Site": "same-site" }, "DELETE"],
    [{ "Sec-Fetch-Site": "none" }, "PUT"],
    [{ Origin: base, "Sec-Fetch-Site": "cross-site" }, "PATCH"],
  ] as const) {
    const response = await post(headers as Record<string, string>, method);
    expect(response.status, `${method} ${JSON.stringify(headers)}`).toBe(403);
    expect(await response.text()).toBe("Forbidden: this request came from another site.");
  }
});
