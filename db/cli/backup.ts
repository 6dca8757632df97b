// npm run db:backup [-- FILE|FOLDER]
// SQLite: a consistent copy of the live database (the site may keep running) into
// FILE, or a dated file in FOLDER, default DATA_DIR/backups/cinedex-<UTC time>.db.
// PostgreSQL: prints the pg_dump command to run (README "Backups").
import fs from "node:fs";
import path from "node:path";
import { backupFileName, backupSqlite, BackupError, postgresBackupCommand, shellQuote } from "#db/backup.ts";
import { ConfigError, loadConfig } from "#server/config.ts";

const [argument] = process.argv.slice(2).filter((a) => a !== "--");
try {
  const config = loadConfig();
  const folder = path.join(config.dataDir, "backups");
  const named = argument && !(fs.existsSync(argument) && fs.statSync(argument).isDirectory()) ? path.resolve(argument) : null;
  const destination = named ?? path.join(argument ? path.resolve(argument) : folder, backupFileName());
  if (config.database.dialect === "postgres") {
    const dump = destination.replace(/\.db$/, ".dump");
    console.log("PostgreSQL is backed up with its own tool. With DATABASE_URL set in the environment, run:\n");
    console.log(`  mkdir -p ${shellQuote(path.dirname(dump))} && ${postgresBackupCommand(dump)}\n`);
    console.log("Restore with: npm run db:restore -- FILE (prints the pg_restore command).");
  } else {
    const { file, bytes } = await backupSqlite(config.database.file, destination);
    console.log(`Backed up ${config.database.file} to ${file} (${(bytes / 1024 / 1024).toFixed(1)} MB).`);
  }
} catch (error) {
  if (error instanceof ConfigError || error instanceof BackupError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}
