// npm install's prepare step: installs the pre-commit hook (simple-git-hooks, configured
// in package.json) in a developer's clone. Never in CI, never outside a git clone (a
// tarball), never with the dev dependencies left out, and never a failed install for
// it: the hook is a convenience, `npm test` is the gate.
import { spawnSync } from "node:child_process";
import fs from "node:fs";

function skip(reason) {
  console.log(`Git hooks not installed: ${reason}.`);
  process.exit(0);
}

if (process.env.CI) skip("running in CI");
const inside = spawnSync("git", ["rev-parse", "--is-inside-work-tree"], { encoding: "utf8" });
if (inside.error || inside.status !== 0 || inside.stdout.trim() !== "true") skip("not a git clone");
const cli = "node_modules/simple-git-hooks/cli.js";
if (!fs.existsSync(cli)) skip("simple-git-hooks is not installed (dev dependencies left out)");
const result = spawnSync(process.execPath, [cli], { stdio: "inherit" });
if (result.status !== 0) console.warn("Git hooks could not be installed; commits are not checked before they are made.");
