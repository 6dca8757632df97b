import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import SQLite from "better-sqlite3";
import { afterEach, describe, expect, it } from "vitest";
import { openDatabase } from "#app/db/client.server.ts";
import { backupSqlite, BackupError, integrityOf, restoreSqlite } from "#db/backup.ts";
import { migrateToLatest } from "#db/migrate.ts";

/**
 * Another process writing contact messages one transaction at a time, as the site
 * would, printing each id once its commit returned (an acknowledged write).
 */
const WRITER = `
const { createRequire } = require("node:module");
const SQLite = createRequire(process.cwd() + "/")("better-sqlite3");
const db = new SQLite(process.argv[1], { timeout: 5000 });
db.pragma("journal_mode = WAL");
db.pragma("synchronous = FULL");
const insert = db.prepare("insert into contact_messages (name, email, message, created_at, updated_at) values (?, ?, ?, ?, ?) returning id");
let stop = false;
process.on("SIGTERM", () => { stop = true; });
(function write() {
  if (stop) { db.close(); process.exit(0); }
  const at = new Date().toISOString();
  const { id } = insert.get("Drill", "drill@example.com", "x".repeat(2000), at, at);
  process.stdout.write(id + "\\n");
  setImmediate(write);
})();
`;

const dirs: string[] = [];
const children: ChildProcess[] = [];
afterEach(() => {
  for (const child of children.splice(0)) child.kill("SIGKILL");
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

async function liveDatabase(): Promise<{ dir: string; file: string }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "cinedex-backup-"));
  dirs.push(dir);
  const file = path.join(dir, "cinedex.db");
  const handle = openDatabase({ dialect: "sqlite", file });
  await migrateToLatest(handle.db);
  await handle.close();
  return { dir, file };
}

function startWriter(file: string) {
  const child = spawn(process.execPath, ["-e", WRITER, file], { stdio: ["ignore", "pipe", "inherit"] });
  children.push(child);
  const acknowledged: number[] = [];
  let buffered = "";
  child.stdout!.on("data", (chunk: Buffer) => {
    const lines = (buffered + chunk.toString()).split("\n");
    buffered = lines.pop()!;
    for (const line of lines) acknowledged.push(Number(line));
  });
  const until = async (count: number) => {
    while (acknowledged.length < count) await new Promise((r) => setTimeout(r, 5));
  };
  const stop = () =>
    new Promise<void>((resolve) => {
      child.once("exit", () => resolve());
      child.kill("SIGTERM");
    });
  return { acknowledged, until, stop };
}

function ids(file: string): number[] {
  const db = new SQLite(file, { readonly: true });
  try {
    return (db.prepare("select id from contact_messages order by id").all() as { id: number }[]).map((r) => r.id);
  } finally {
    db.close();
  }
}

describe("restore drill (SQLite)", () => {
  it("backs up while another process writes, restores, and keeps every write acknowledged before the backup", async () => {
    const { dir, file } = await liveDatabase();
    const writer = startWriter(file);
    await writer.until(300);

    const before = [...writer.acknowledged];
    const backup = await backupSqlite(file, path.join(dir, "backups", "drill.db"));
    // What the writer had committed when the backup ended, read from the file: its
    // acknowledgements of the last writes may still be in the pipe.
    const countAtEnd = ids(file).length;
    // Writes go on after the backup; the restore must take them away again.
    await writer.until(countAtEnd + 200);
    await writer.stop();
    const written = writer.acknowledged.length;

    expect(fs.readdirSync(path.dirname(backup.file))).toEqual(["drill.db"]);
    expect(integrityOf(backup.file)).toBe("ok");
    const { safetyCopy } = await restoreSqlite(backup.file, file, path.join(dir, "backups", "before.db"));

    expect(integrityOf(file)).toBe("ok");
    const restored = ids(file);
    // Everything acknowledged before the backup began is there.
    expect(restored).toEqual(expect.arrayContaining(before));
    // One consistent moment: ids 1..n without a gap, none of the writes made after the backup ended.
    expect(restored).toEqual(Array.from({ length: restored.length }, (_, i) => i + 1));
    expect(restored.length).toBeGreaterThanOrEqual(before.length);
    expect(restored.length).toBeLessThanOrEqual(countAtEnd);
    expect(restored.length).toBeLessThan(written);
    // The database as it was just before the restore is kept, with all of its writes.
    expect(ids(safetyCopy!)).toHaveLength(written);

    // The restored file is a working database the site opens and migrates as usual.
    const reopened = openDatabase({ dialect: "sqlite", file });
    expect(await migrateToLatest(reopened.db)).toEqual([]);
    expect(
      Number(
        (
          await reopened.db
            .selectFrom("contact_messages")
            .select((eb) => eb.fn.countAll().as("n"))
            .executeTakeFirstOrThrow()
        ).n,
      ),
    ).toBe(restored.length);
    await reopened.close();
  }, 60_000);

  it("refuses a damaged file or one that is not a Cinedex database, leaving the database untouched", async () => {
    const { dir, file } = await liveDatabase();
    const writer = startWriter(file);
    await writer.until(50);
    await writer.stop();
    const rows = ids(file);

    const good = (await backupSqlite(file, path.join(dir, "good.db"))).file;
    const damaged = path.join(dir, "damaged.db");
    const bytes = fs.readFileSync(good);
    // Scribble over the middle pages (the header stays valid, so SQLite opens the file).
    bytes.fill(0x5a, 8192, Math.min(bytes.length, 8192 + 16384));
    fs.writeFileSync(damaged, bytes);
    const other = path.join(dir, "other.db");
    new SQLite(other).exec("create table notes (id integer primary key)").close();
    const notSqlite = path.join(dir, "notes.txt");
    fs.writeFileSync(notSqlite, "hello");

    for (const [candidate, message] of [
      [damaged, /failed its integrity check/],
      [other, /is not a Cinedex database/],
      [notSqlite, /failed its integrity check \(file is not a database\)/],
      [path.join(dir, "missing.db"), /There is no file at/],
    ] as const) {
      await expect(restoreSqlite(candidate, file, path.join(dir, "safety.db"))).rejects.toThrow(message);
    }
    await expect(restoreSqlite(good, file, null)).resolves.toEqual({ safetyCopy: null });
    expect(ids(file)).toEqual(rows);
    expect(fs.existsSync(path.join(dir, "safety.db"))).toBe(false);
  }, 60_000);

  it("never overwrites an existing backup", async () => {
    const { dir, file } = await liveDatabase();
    const target = path.join(dir, "taken.db");
    fs.writeFileSync(target, "keep me");
    await expect(backupSqlite(file, target)).rejects.toBeInstanceOf(BackupError);
    expect(fs.readFileSync(target, "utf8")).toBe("keep me");
  });
});
