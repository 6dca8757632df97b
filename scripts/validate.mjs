// npm run validate: the inner loop's gate. Type check, lint and the Vitest suite run at
// once (after the route types are generated, which the first two read); each one's
// output is printed whole when it ends, so the three never interleave. `npm test` (the
// build, the scale and end-to-end tests too) stays what CI runs.
import { spawn, spawnSync } from "node:child_process";

const npm = process.platform === "win32" ? "npm.cmd" : "npm";
const typegen = spawnSync(npm, ["exec", "--", "react-router", "typegen"], { stdio: "inherit" });
if (typegen.status !== 0) process.exit(typegen.status ?? 1);

const tasks = [
  { name: "typecheck", command: npm, args: ["exec", "--", "tsc"] },
  { name: "lint", command: npm, args: ["run", "--silent", "lint"] },
  { name: "test:unit", command: npm, args: ["run", "--silent", "test:unit"] },
];

const started = Date.now();
const results = await Promise.all(
  tasks.map(
    (task) =>
      new Promise((resolve) => {
        const child = spawn(task.command, task.args, { env: process.stdout.isTTY ? { ...process.env, FORCE_COLOR: "1" } : process.env });
        let output = "";
        child.stdout.on("data", (chunk) => (output += chunk));
        child.stderr.on("data", (chunk) => (output += chunk));
        child.on("close", (code) => {
          const seconds = ((Date.now() - started) / 1000).toFixed(0);
          process.stdout.write(`\n── ${task.name}: ${code === 0 ? "passed" : "FAILED"} (${seconds} s) ──\n${output}`);
          resolve({ name: task.name, ok: code === 0 });
        });
      }),
  ),
);

const failed = results.filter((r) => !r.ok).map((r) => r.name);
console.log(failed.length ? `\nvalidate: ${failed.join(", ")} failed` : "\nvalidate: typecheck, lint and unit tests passed");
process.exit(failed.length ? 1 : 0);
