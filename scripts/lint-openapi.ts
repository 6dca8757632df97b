/**
 * Lints the API's OpenAPI document as clients' tools read it: written to a
 * temporary file from the code that serves it (app/modules/api/openapi.ts), then
 * checked by Redocly (recommended, redocly.yaml) and Spectral (spectral:oas,
 * .spectral.yaml). Any error from either fails `npm run lint`; warnings are shown.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { openApiDocument } from "#app/modules/api/openapi.ts";

const root = path.resolve(import.meta.dirname, "..");
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "cinedex-openapi-"));
const file = path.join(dir, "openapi.json");
fs.writeFileSync(file, JSON.stringify(openApiDocument("https://cinedex.example"), null, 2));

const bin = (name: string) => path.join(root, "node_modules", ".bin", name);
const runs = [
  // Redocly looks for redocly.yaml in the working directory.
  { name: "redocly", args: [bin("redocly"), "lint", "--format=stylish", file] },
  { name: "spectral", args: [bin("spectral"), "lint", "--ruleset", path.join(root, ".spectral.yaml"), "--fail-severity=error", file] },
];
let failed = false;
try {
  for (const { name, args } of runs) {
    const run = spawnSync(args[0]!, args.slice(1), {
      cwd: root,
      encoding: "utf8",
      env: { ...process.env, REDOCLY_TELEMETRY: "off", REDOCLY_SUPPRESS_UPDATE_NOTICE: "true" },
    });
    // Without Redocly's boxed notices (a Node.js version advisory), which are not about the document.
    const output = `${run.stdout}${run.stderr}`
      .split("\n")
      .filter((line) => !/^\s*[╔║╚]/.test(line))
      .join("\n")
      .trim();
    if (run.status !== 0) {
      failed = true;
      console.error(`${name}: the OpenAPI document has errors\n${output}`);
    } else if (/\bwarnings?\b/i.test(output)) {
      console.warn(`${name}:\n${output}`);
    }
  }
} finally {
  fs.rmSync(dir, { recursive: true, force: true });
}
process.exitCode = failed ? 1 : 0;
