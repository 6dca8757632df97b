import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";

export interface RunningServer {
  child: ChildProcess;
  baseURL: string;
  dataDir: string;
  /** Everything the process wrote to stderr so far. */
  stderr: () => string;
  /** Everything the process wrote to stdout (its log) so far. */
  stdout: () => string;
  exited: Promise<number | null>;
  stop(): Promise<number | null>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

const madeDataDirs = new Set<string>();

/**
 * A new data folder, removed when this test process exits: not on a server's stop,
 * because tests restart a server on the same folder and read its database after.
 */
export function tempDataDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "cinedex-proc-"));
  if (madeDataDirs.size === 0)
    process.once("exit", () => {
      for (const made of madeDataDirs) fs.rmSync(made, { recursive: true, force: true });
    });
  madeDataDirs.add(dir);
  return dir;
}

/** Runs the production build (build/server/index.js) as its own process. */
export function spawnServer(env: NodeJS.ProcessEnv): {
  child: ChildProcess;
  stderr: () => string;
  stdout: () => string;
  exited: Promise<number | null>;
} {
  const child = spawn(process.execPath, ["build/server/index.js"], {
    env: { PATH: process.env.PATH, NODE_ENV: "production", LOG_LEVEL: "warn", HOST: "127.0.0.1", LINK_CHECKS: "false", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stderr = "";
  let stdout = "";
  child.stderr!.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
  child.stdout!.setEncoding("utf8").on("data", (chunk: string) => (stdout += chunk));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  return { child, stderr: () => stderr, stdout: () => stdout, exited };
}

export async function startServer(env: NodeJS.ProcessEnv = {}, dataDir = tempDataDir()): Promise<RunningServer> {
  const port = await freePort();
  const baseURL = `http://127.0.0.1:${port}`;
  const proc = spawnServer({ PORT: String(port), DATA_DIR: dataDir, ...env });
  // Migrating and seeding the demo took over 30 s on a 2-core machine under load; a start that works is never kept waiting.
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (proc.child.exitCode !== null) throw new Error(`server exited early: ${proc.stderr()}`);
    try {
      if ((await fetch(`${baseURL}/healthz`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      // Not left running: it would hold its port and CPU for the rest of the suite.
      proc.child.kill("SIGKILL");
      throw new Error(`server did not start: ${proc.stderr()}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    ...proc,
    baseURL,
    dataDir,
    async stop() {
      if (proc.child.exitCode === null) proc.child.kill("SIGTERM");
      return proc.exited;
    },
  };
}
