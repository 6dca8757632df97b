import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { defineConfig, devices } from "@playwright/test";
import { fixtureMmdb } from "./tests/helpers/mmdb.ts";

// End-to-end tests drive the production build (npm run build) with Debian's
// Chromium, on a temporary database seeded with the demo catalogue.
const port = Number(process.env.E2E_PORT ?? 4319);
const baseURL = `http://127.0.0.1:${port}`;
// Set once in the runner; its workers inherit it. The runner removes the folder it
// made when it exits: after the web server has stopped (global teardown runs before
// that), so the server never writes into a removed folder.
if (!process.env.E2E_DATA_DIR) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "cinedex-e2e-"));
  process.env.E2E_DATA_DIR = dataDir;
  process.once("exit", () => fs.rmSync(dataDir, { recursive: true, force: true }));
}
// A small location database (loopback is in Paris) for the quick request's location.
const geoipDb = path.join(process.env.E2E_DATA_DIR, "test-city.mmdb");
fs.writeFileSync(geoipDb, fixtureMmdb());

const chromiumLaunch = {
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
  ],
};

export default defineConfig({
  testDir: "tests/e2e",
  // Generous: the suite must stay green on a slow, busy 2-core machine; passing tests do not wait for these.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: true,
  workers: 2,
  forbidOnly: Boolean(process.env.CI),
  reporter: [["list"]],
  use: {
    baseURL,
    launchOptions: chromiumLaunch,
    // Recording a trace costs ~35 % of the suite's time (measured on admin-titles and journeys:
    // 113–123 s with, 72–77 s without), and CI keeps only the printed output: traces locally only.
    trace: process.env.CI ? "off" : "retain-on-failure",
  },
  projects: [
    { name: "desktop", use: { ...devices["Desktop Chrome"], viewport: { width: 1440, height: 900 } } },
    {
      name: "phone",
      grep: /@phone/,
      use: { ...devices["Desktop Chrome"], viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 },
    },
  ],
  webServer: {
    command: "node build/server/index.js",
    url: `${baseURL}/healthz`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: "ignore",
    stderr: "pipe",
    env: {
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: process.env.E2E_DATA_DIR,
      DATABASE_URL: "",
      LOG_LEVEL: "warn",
      SEED_DEMO: "true",
      GEOIP_DB: geoipDb,
      // The notifications spec's webhook receiver listens on the loopback.
      WEBHOOK_ALLOW_PRIVATE: "true",
      // The demo's links point at real hosts: tests never reach them.
      LINK_CHECKS: "false",
    },
  },
});
