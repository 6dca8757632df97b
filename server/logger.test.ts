import type { AddressInfo } from "node:net";
import express from "express";
import { pinoHttp } from "pino-http";
import { afterAll, beforeAll, expect, it } from "vitest";
import { redactUrl } from "#app/utils/redact-url.ts";
import { createLogger, requestLogSerializers } from "./logger.ts";

const lines: string[] = [];
const logger = createLogger({ logLevel: "info" }, { write: (line: string) => void lines.push(line) });
let base: string;
let close: () => void;

beforeAll(async () => {
  // As server/app.ts logs every request.
  const app = express();
  app.use(pinoHttp({ logger, serializers: requestLogSerializers }));
  app.all("*splat", (req, res) => {
    req.log.warn({ url: req.originalUrl }, "a line of the app's own with the address");
    res.status(400).send("no");
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

it("keeps a token put in the address, and the Authorization and Cookie headers, out of every log line", async () => {
  lines.length = 0;
  const secret = `cdx_${"s".repeat(43)}`;
  await fetch(`${base}/api/v1/titles?token=secret-one&page=2`, {
    headers: { Authorization: `Bearer ${secret}`, Cookie: "sid=cookie-secret" },
  });
  await fetch(`${base}/login/callback?code=oauth-code&state=oauth-state`);
  await fetch(`${base}/api/v1/${secret}?access_token=secret-two&API_KEY=secret-three`);
  await expect.poll(() => lines.length).toBeGreaterThanOrEqual(6);
  const log = lines.join("");
  for (const leaked of ["secret-one", "secret-two", "secret-three", "oauth-code", "oauth-state", secret, "cookie-secret"]) {
    expect(log).not.toContain(leaked);
  }
  // The rest of the address is still there to read.
  expect(log).toContain("/api/v1/titles?token=[REDACTED]&page=2");
  expect(log).toContain("/login/callback?code=[REDACTED]&state=[REDACTED]");
});

it("redacts secret query values and token secrets, leaving other addresses as they came", () => {
  expect(redactUrl("/search?q=night&page=2")).toBe("/search?q=night&page=2");
  expect(redactUrl("https://x.example/a?Password=p&b=1&key")).toBe("https://x.example/a?Password=[REDACTED]&b=1&key");
  expect(redactUrl("/a?%74oken=t#frag")).toBe("/a?%74oken=[REDACTED]#frag");
  expect(redactUrl("/a?q=%E0%A4%A")).toBe("/a?q=%E0%A4%A");
  expect(redactUrl(`/x/cdx_${"a".repeat(43)}/y`)).toBe("/x/[REDACTED]/y");
});
