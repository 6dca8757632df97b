import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import pino from "pino";
import type { ServerBuild } from "react-router";
import { createServer, type ViteDevServer } from "vite";
import type { DialectName, openDatabase as OpenDatabase } from "#app/db/client.server.ts";
import { createNotifier } from "#app/modules/inbox/notify.server.ts";
import { seedDemoCatalogue } from "#db/seed/seed.ts";
import type { createApp as CreateApp } from "#server/app.ts";
import { loadConfig } from "#server/config.ts";
import { createTestDatabase, type TestDatabase } from "#tests/helpers/database.ts";

/** One log line the app wrote at warn level or above. */
export interface LogLine {
  level: number;
  msg?: string;
  err?: { message?: string };
}

export interface InProcessApp {
  baseURL: string;
  port: number;
  database: TestDatabase;
  logs: LogLine[];
  close(): Promise<void>;
}

let vite: ViteDevServer | undefined;
let users = 0;

/**
 * The whole app, as server/app.ts builds it in production (middleware, security
 * headers, body limit, origin check, the router in production mode), listening on
 * an ephemeral loopback port over a fresh database seeded with the demo catalogue.
 * The route modules come from Vite's SSR loader, so no `npm run build` is needed.
 */
export async function startInProcessApp(
  dialect: DialectName,
  options: {
    clientDir?: string;
    env?: Record<string, string>;
    /**
     * A database the test opens itself (migrated, empty) with the `open` it is given: the app's own copy
     * of openDatabase, so the errors its fault mapping throws are the ones the routes recognise.
     */
    database?: (open: typeof OpenDatabase) => Promise<TestDatabase>;
  } = {},
): Promise<InProcessApp> {
  vite ??= await createServer({ server: { middlewareMode: true, hmr: false, watch: null }, appType: "custom", logLevel: "error" });
  users += 1;
  const loader = vite;
  const database = options.database
    ? await options.database(
        ((await loader.ssrLoadModule("/app/db/client.server.ts")) as { openDatabase: typeof OpenDatabase }).openDatabase,
      )
    : await createTestDatabase(dialect);
  await seedDemoCatalogue(database.db);
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  const baseURL = `http://127.0.0.1:${port}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "cinedex-fuzz-"));
  const config = loadConfig({
    NODE_ENV: "production",
    DATA_DIR: dataDir,
    PUBLIC_URL: baseURL,
    SESSION_SECRET: "fuzz-session-secret-that-is-long-enough-0123456789",
    SEED_DEMO: "false",
    ...options.env,
  });
  const logs: LogLine[] = [];
  const logger = pino({ level: "warn" }, { write: (line: string) => void logs.push(JSON.parse(line) as LogLine) });
  // server/app.ts from Vite's loader too, so it and the route modules share one copy of react-router
  // (its RouterContextProvider is checked with instanceof).
  const { createApp } = (await loader.ssrLoadModule("/server/app.ts")) as { createApp: typeof CreateApp };
  const app = createApp({
    config,
    database,
    logger,
    notifier: createNotifier({ smtp: null, timeoutMs: 1_000 }),
    clientDir: options.clientDir,
    build: () => loader.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>,
  });
  server.on("request", app);
  return {
    baseURL,
    port,
    database,
    logs,
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await database.destroy();
      fs.rmSync(dataDir, { recursive: true, force: true });
      users -= 1;
      if (users === 0) {
        await vite?.close();
        vite = undefined;
      }
    },
  };
}

export interface RawAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** A request as a client may send it: any method, a raw path, any headers and body bytes. */
export function rawRequest(
  port: number,
  request: { method: string; path: string; headers?: Record<string, string | string[]>; body?: Buffer | string; timeoutMs?: number },
): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: "127.0.0.1",
        port,
        method: request.method,
        path: request.path,
        headers: request.headers,
        agent: false,
        timeout: request.timeoutMs ?? 60_000,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString("utf8") }));
        res.on("error", reject);
      },
    );
    req.on("timeout", () => req.destroy(new Error(`no answer to ${request.method} ${request.path.slice(0, 100)}`)));
    req.on("error", reject);
    req.end(request.body);
  });
}
