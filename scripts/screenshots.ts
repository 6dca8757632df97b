// Screenshots of pages at desktop (1440 px) and phone (390 px) widths, for a visual check.
//   npx tsx scripts/screenshots.ts http://localhost:3000 out-dir / /movie/1/x ...
// COOKIE="name=value" sends a cookie with every page (e.g. an admin session for /dashboard).
import fs from "node:fs";
import path from "node:path";
import { chromium } from "@playwright/test";

const [base = "http://localhost:3000", outDir = "screenshots", ...paths] = process.argv.slice(2);
fs.mkdirSync(outDir, { recursive: true });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
  ],
});
for (const [label, viewport] of [
  ["desktop", { width: 1440, height: 900 }],
  ["phone", { width: 390, height: 844 }],
] as const) {
  const page = await browser.newPage({ viewport, deviceScaleFactor: label === "phone" ? 2 : 1 });
  if (process.env.COOKIE) {
    const eq = process.env.COOKIE.indexOf("=");
    await page.context().addCookies([{ name: process.env.COOKIE.slice(0, eq), value: process.env.COOKIE.slice(eq + 1), url: base }]);
  }
  for (const p of paths.length ? paths : ["/"]) {
    await page.goto(new URL(p, base).toString(), { waitUntil: "networkidle" });
    const file = path.join(outDir, `${label}${p.replace(/[^a-z0-9]+/gi, "_")}.png`);
    // FOLD=1 keeps to the first screenful, which is easier to judge on a phone.
    await page.screenshot({ path: file, fullPage: !process.env.FOLD });
    console.log(file);
  }
  await page.close();
}
await browser.close();
