import fs from "node:fs";
import path from "node:path";
import SQLite from "better-sqlite3";

/** SQLite copies all pages in one step: one read snapshot, so writers never make it restart (WAL lets them go on meanwhile). */
const ALL_PAGES = 0x7fffffff;
/** How long a backup or restore waits for another connection's write lock. */
const LOCK_WAIT_MS = 30_000;

/** A failure worded for the operator (the command prints the message and exits 1). */
export class BackupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "BackupError";
  }
}

/** `cinedex-20261126T101500Z.db`: sorts by time, no characters a shell or Windows minds. */
export function backupFileName(now = new Date(), prefix = "cinedex"): string {
  return `${prefix}-${now
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d+Z$/, "Z")}.db`;
}

/** PRAGMA integrity_check's verdict: "ok", or the first problems it lists (or why it could not run). */
export function integrityOf(file: string): string {
  let db: SQLite.Database | undefined;
  try {
    db = new SQLite(file, { readonly: true, fileMustExist: true });
    const rows = db.pragma("integrity_check") as { integrity_check: string }[];
    const problems = rows.map((r) => r.integrity_check);
    return problems.length === 1 && problems[0] === "ok" ? "ok" : problems.slice(0, 5).join("; ");
  } catch (error) {
    return (error as Error).message;
  } finally {
    db?.close();
  }
}

function hasCinedexSchema(file: string): boolean {
  const db = new SQLite(file, { readonly: true, fileMustExist: true });
  try {
    const row = db
      .prepare("select count(*) as n from sqlite_master where type = 'table' and name in ('kysely_migration', 'titles')")
      .get() as {
      n: number;
    };
    return row.n === 2;
  } finally {
    db.close();
  }
}

/**
 * Copies a live SQLite database with SQLite's online backup API into `destination`
 * (a new file; an existing one is never overwritten). The copy is written beside
 * its final name and renamed only once its integrity check passes, so a file with
 * the final name is always a complete, consistent backup.
 */
export async function backupSqlite(source: string, destination: string): Promise<{ file: string; bytes: number }> {
  if (!fs.existsSync(source)) throw new BackupError(`There is no database at ${source}.`);
  if (fs.existsSync(destination)) throw new BackupError(`${destination} already exists; choose another file name.`);
  fs.mkdirSync(path.dirname(destination), { recursive: true });
  const partial = `${destination}.partial`;
  fs.rmSync(partial, { force: true });
  const db = new SQLite(source, { readonly: true, fileMustExist: true, timeout: LOCK_WAIT_MS });
  try {
    await db.backup(partial, { progress: () => ALL_PAGES });
  } catch (error) {
    fs.rmSync(partial, { force: true });
    throw new BackupError(`The backup failed: ${(error as Error).message}`);
  } finally {
    db.close();
  }
  // The copy is a single file: rollback-journal mode, so no -wal/-shm beside it (a restore puts WAL back).
  const copy = new SQLite(partial);
  try {
    copy.pragma("journal_mode = DELETE");
  } finally {
    copy.close();
  }
  const verdict = integrityOf(partial);
  if (verdict !== "ok") {
    fs.rmSync(partial, { force: true });
    throw new BackupError(`The copy failed its integrity check (${verdict}); nothing was kept.`);
  }
  fs.renameSync(partial, destination);
  return { file: destination, bytes: fs.statSync(destination).size };
}

/**
 * Puts a backup in place of the database at `target`. The backup must pass
 * PRAGMA integrity_check and be a Cinedex database; the current database is first
 * backed up beside it (`safetyCopy`), then the backup is copied in through the
 * backup API, which writes under SQLite's own lock (in one transaction, WAL and
 * all), so the file is never half-replaced and no stale -wal file survives it.
 * Servers using the file should be stopped first: their in-memory page caches
 * would otherwise serve pages from before the restore.
 */
export async function restoreSqlite(backup: string, target: string, safetyCopy: string | null): Promise<{ safetyCopy: string | null }> {
  if (!fs.existsSync(backup)) throw new BackupError(`There is no file at ${backup}.`);
  const verdict = integrityOf(backup);
  if (verdict !== "ok") throw new BackupError(`${backup} failed its integrity check (${verdict}); the database was not touched.`);
  if (!hasCinedexSchema(backup)) throw new BackupError(`${backup} is not a Cinedex database; the database was not touched.`);
  if (path.resolve(backup) === path.resolve(target)) throw new BackupError("The backup is the database itself; nothing to do.");

  let kept: string | null = null;
  if (safetyCopy && fs.existsSync(target)) kept = (await backupSqlite(target, safetyCopy)).file;
  fs.mkdirSync(path.dirname(target), { recursive: true });
  const source = new SQLite(backup, { readonly: true, fileMustExist: true });
  try {
    await source.backup(target, { progress: () => ALL_PAGES });
  } catch (error) {
    throw new BackupError(`The restore failed: ${(error as Error).message}${kept ? ` (the database before it is in ${kept})` : ""}`);
  } finally {
    source.close();
  }
  const after = integrityOf(target);
  if (after !== "ok") {
    throw new BackupError(
      `The restored database failed its integrity check (${after})${kept ? `; the database before it is in ${kept}` : ""}.`,
    );
  }
  return { safetyCopy: kept };
}

/** What an operator runs on PostgreSQL (README "Backups"); DATABASE_URL stays in the environment, never printed. */
export function postgresBackupCommand(file: string): string {
  return `pg_dump --format=custom --no-owner --no-privileges --file=${shellQuote(file)} "$DATABASE_URL"`;
}

export function postgresRestoreCommand(file: string): string {
  return /\.sql$/i.test(file)
    ? `psql --single-transaction --set ON_ERROR_STOP=1 --file=${shellQuote(file)} "$DATABASE_URL"`
    : `pg_restore --clean --if-exists --no-owner --no-privileges --single-transaction --exit-on-error --dbname="$DATABASE_URL" ${shellQuote(file)}`;
}

export function shellQuote(value: string): string {
  return /^[\w./:@%+=-]+$/.test(value) ? value : `'${value.replace(/'/g, `'\\''`)}'`;
}
