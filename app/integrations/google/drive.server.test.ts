import http from "node:http";
import type net from "node:net";
import { afterAll, beforeAll, expect, it } from "vitest";
import { DriveError, getStorage, listFiles, shareWithLink } from "./drive.server.ts";

// The Drive client's failure policy against a loopback server (ADR 019, ADR 020): every
// way an answer can go wrong is a DriveError, never a crash or a hang on a huge body.

let base: string;
let server: http.Server;

beforeAll(async () => {
  // The first path segment picks the misbehaviour: /<mode>/drive/v3/...
  server = http.createServer((req, res) => {
    const mode = (req.url ?? "/").split("/")[1];
    if (mode === "ok") {
      res.writeHead(200, { "Content-Type": "application/json" });
      res.end(JSON.stringify({ storageQuota: { limit: "100", usage: "25" } }));
    } else if (mode === "refused") {
      res.writeHead(401).end("{}");
    } else if (mode === "broken") {
      res.writeHead(500).end("{}");
    } else if (mode === "malformed") {
      res.writeHead(200, { "Content-Type": "application/json" }).end("{not json");
    } else if (mode === "declared-huge") {
      res.writeHead(200, { "Content-Length": String(3 * 1024 * 1024) });
      res.end();
    } else if (mode === "streamed-huge") {
      // No length declared: the client counts and stops reading past its limit.
      res.writeHead(200, { "Content-Type": "application/json" });
      const chunk = Buffer.alloc(256 * 1024, 32);
      for (let i = 0; i < 12; i++) res.write(chunk);
      res.end();
    } else if (mode === "redirect") {
      res.writeHead(302, { Location: "http://127.0.0.1:9/elsewhere" }).end();
    } else {
      res.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as net.AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

const access = (mode: string) => ({ apiUrl: `${base}/${mode}`, accessToken: "token" });

it("reads a good answer", async () => {
  expect(await getStorage(access("ok"))).toEqual({ limit: 100, usage: 25 });
});

it("turns every bad answer into a DriveError, marking a refused token", async () => {
  const refused = await getStorage(access("refused")).catch((e: unknown) => e);
  expect(refused).toBeInstanceOf(DriveError);
  expect((refused as DriveError).unauthorized).toBe(true);
  for (const mode of ["broken", "malformed", "declared-huge", "streamed-huge", "redirect"]) {
    const error = await getStorage(access(mode)).catch((e: unknown) => e);
    expect(error, mode).toBeInstanceOf(DriveError);
    expect((error as DriveError).unauthorized, mode).toBe(false);
  }
  await expect(listFiles(access("broken"), {})).rejects.toBeInstanceOf(DriveError);
});

it("never sends a malformed file id to Drive", async () => {
  await expect(shareWithLink(access("ok"), "../about")).rejects.toThrow("Invalid file id");
});
