// npm start: builds the app when the build is missing or older than the sources,
// then runs the production server in this process. Plain JavaScript because it
// runs before anything is compiled.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

const SERVER_ENTRY = "build/server/index.js";
const SOURCES = ["app", "server", "db", "public", "package-lock.json", "vite.config.ts", "react-router.config.ts"];

function newestChange(entry) {
  const stat = fs.statSync(entry, { throwIfNoEntry: false });
  if (!stat) return 0;
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const child of fs.readdirSync(entry)) newest = Math.max(newest, newestChange(path.join(entry, child)));
  return newest;
}

const built = fs.statSync(SERVER_ENTRY, { throwIfNoEntry: false })?.mtimeMs ?? 0;
if (built < Math.max(...SOURCES.map(newestChange))) {
  console.log(built ? "Sources changed since the last build; rebuilding…" : "Building Cinedex (first start)…");
  const result = spawnSync(process.execPath, ["node_modules/@react-router/dev/bin.js", "build"], { stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

process.env.NODE_ENV ??= "production";
await import(path.resolve(SERVER_ENTRY));
