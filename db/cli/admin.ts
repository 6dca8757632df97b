// npm run admin:create -- --email you@example.com [--name "Your Name"] [--role admin|editor]
// npm run admin:reset-password -- --email you@example.com
// The password is asked for without echo, or read from ADMIN_PASSWORD (for scripts).
import readline from "node:readline";
import { Writable } from "node:stream";
import { parseArgs } from "node:util";
import { createAdmin, resetPassword } from "#app/modules/auth/accounts.server.ts";
import { ROLES, type Role } from "#app/modules/auth/schema.ts";
import { isAppError } from "#app/utils/errors.ts";
import { openConfiguredDatabase } from "./open.ts";

const usage = [
  "Usage:",
  "  npm run admin:create -- --email <address> [--name <name>] [--role admin|editor]",
  "  npm run admin:reset-password -- --email <address>",
  "The password is asked for, or read from the ADMIN_PASSWORD environment variable.",
].join("\n");

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

let parsed;
try {
  parsed = parseArgs({
    allowPositionals: true,
    options: { email: { type: "string" }, name: { type: "string" }, role: { type: "string" }, help: { type: "boolean" } },
  });
} catch (error) {
  fail(`${(error as Error).message}\n${usage}`);
}
const { values, positionals } = parsed;
const command = positionals[0];
if (values.help) {
  console.log(usage);
  process.exit(0);
}
if ((command !== "create" && command !== "reset-password") || !values.email) fail(usage);
if (values.role !== undefined && !ROLES.includes(values.role as Role)) fail(`--role must be one of: ${ROLES.join(", ")}`);

/** Reads a line from the terminal without echoing it. */
function ask(question: string): Promise<string> {
  let muted = false;
  const output = new Writable({
    write(chunk, _encoding, done) {
      if (!muted) process.stdout.write(chunk);
      done();
    },
  });
  const rl = readline.createInterface({ input: process.stdin, output, terminal: true });
  return new Promise((resolve) => {
    rl.question(question, (answer) => {
      rl.close();
      process.stdout.write("\n");
      resolve(answer);
    });
    muted = true;
  });
}

async function readPassword(): Promise<string> {
  const fromEnv = process.env.ADMIN_PASSWORD;
  if (fromEnv) return fromEnv;
  if (!process.stdin.isTTY) fail("No terminal to ask for the password: set ADMIN_PASSWORD instead.");
  const first = await ask("New password: ");
  const second = await ask("Repeat it: ");
  if (first !== second) fail("The two passwords differ; nothing was changed.");
  return first;
}

const password = await readPassword();
const database = await openConfiguredDatabase();
try {
  if (command === "create") {
    const admin = await createAdmin(database.db, null, {
      email: values.email,
      name: values.name ?? values.email.split("@")[0],
      password,
      confirmPassword: password,
      role: values.role ?? "admin",
    });
    console.log(`Created ${admin.role === "admin" ? "Administrator" : "Editor"} ${admin.email} (${database.location}). Sign in at /admin.`);
  } else {
    const admin = await resetPassword(database.db, values.email, password);
    console.log(`New password set for ${admin.email}; every session of the account has ended and any sign-in lock is lifted.`);
  }
} catch (error) {
  if (!isAppError(error)) throw error;
  const fields = error.fields ? Object.values(error.fields).flat() : [];
  console.error(fields.length ? fields.join("\n") : error.message);
  process.exitCode = 1;
} finally {
  await database.close();
}
