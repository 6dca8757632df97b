// The pre-commit hook (installed by npm install, see scripts/install-hooks.mjs): Prettier
// and ESLint on the staged files only, so a commit takes seconds, not the full lint.
// It checks the files as they are in the working tree. Skip it once with --no-verify.
import { spawnSync } from "node:child_process";
import fs from "node:fs";

const staged = spawnSync("git", ["diff", "--cached", "--name-only", "--diff-filter=ACMR", "-z"], { encoding: "utf8" });
if (staged.status !== 0) process.exit(0);
const files = staged.stdout.split("\0").filter((file) => file && fs.existsSync(file));
if (files.length === 0) process.exit(0);
if (!fs.existsSync("node_modules/.bin/prettier") || !fs.existsSync("node_modules/.bin/eslint")) {
  console.warn("pre-commit: run npm install first; the staged files were not checked.");
  process.exit(0);
}

function run(label, command, options, targets) {
  if (targets.length === 0) return true;
  const result = spawnSync(command, [...options, ...targets], { stdio: "inherit" });
  if (result.status !== 0) console.error(`pre-commit: ${label} failed.`);
  return result.status === 0;
}

const prettier = ["--check", "--ignore-unknown", "--log-level", "warn"];
const formatted = run("prettier (fix with npm run format)", "node_modules/.bin/prettier", prettier, files);
const scripts = files.filter((file) => /\.(ts|tsx|js|mjs|cjs)$/.test(file));
const linted = run("eslint", "node_modules/.bin/eslint", ["--max-warnings=0", "--no-warn-ignored"], scripts);
process.exit(formatted && linted ? 0 : 1);
