import crypto from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import zlib from "node:zlib";
import compression from "compression";
import express from "express";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createPageHandler, expressPageHandler, type ExpressState } from "./page-cache.ts";

// A streamed page (not from the cache) sent through the compression middleware to a
// client that reads slowly: every byte arrives, and waiting for the socket leaves no
// listeners behind (they piled up on the compressor: MaxListenersExceededWarning).

const PAGE = crypto.randomBytes(6 * 1024 * 1024); // incompressible, so the compressor's output fills the socket
const CHUNK = 64 * 1024;

let base = "";
let server: http.Server;
const warnings: string[] = [];
const onWarning = (warning: Error) => warnings.push(`${warning.name}: ${warning.message}`);

beforeAll(async () => {
  process.on("warning", onWarning);
  const app = express();
  app.use(compression());
  const pages = createPageHandler<ExpressState>({
    render: async () => {
      let offset = 0;
      const body = new ReadableStream<Uint8Array>({
        pull(controller) {
          if (offset >= PAGE.length) return controller.close();
          controller.enqueue(new Uint8Array(PAGE.subarray(offset, offset + CHUNK)));
          offset += CHUNK;
        },
      });
      return new Response(body, { headers: { "Content-Type": "text/plain" } });
    },
    readVersion: async () => 1,
    store: null,
  });
  app.all("*splat", expressPageHandler(pages));
  server = http.createServer(app);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  process.off("warning", onWarning);
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

it("streams a large page to a slow reader through compression, whole, without piling up listeners", async () => {
  const received = await new Promise<Buffer>((resolve, reject) => {
    http
      .get(`${base}/dashboard`, { headers: { "accept-encoding": "gzip" } }, (res) => {
        const chunks: Buffer[] = [];
        // Read in bursts, so the server's writes fill the socket and wait for it many times.
        res.pause();
        const burst = setInterval(() => {
          res.resume();
          setTimeout(() => res.pause(), 2);
        }, 10);
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () => {
          clearInterval(burst);
          resolve(Buffer.concat(chunks));
        });
        res.on("error", reject);
      })
      .on("error", reject);
  });
  expect(zlib.gunzipSync(received).equals(PAGE)).toBe(true);
  expect(warnings.filter((w) => w.includes("MaxListenersExceeded"))).toEqual([]);
});
