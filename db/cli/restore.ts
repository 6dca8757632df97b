// npm run db:restore -- FILE
// SQLite: checks FILE (PRAGMA integrity_check, a Cinedex schema), keeps a copy of the
// current database in DATA_DIR/backups/pre-restore-<UTC time>.db, then copies FILE
// in under SQLite's lock. Stop the servers first (their page caches hold old pages);
// they migrate an older backup's schema when they start.
// PostgreSQL: prints the pg_restore (or psql, for a .sql file) command to run.
import path from "node:path";
import { backupFileName, BackupError, postgresRestoreCommand, restoreSqlite } from "#db/backup.ts";
import { ConfigError, loadConfig } from "#server/config.ts";

const [file] = process.argv.slice(2).filter((a) => a !== "--");
if (!file) {
  console.error("Usage: npm run db:restore -- FILE (a backup made by npm run db:backup).");
  process.exit(1);
}
try {
  const config = loadConfig();
  if (config.database.dialect === "postgres") {
    console.log("PostgreSQL is restored with its own tool. Stop the servers; with DATABASE_URL set in the environment, run:\n");
    console.log(`  ${postgresRestoreCommand(path.resolve(file))}\n`);
    console.log("Then start the servers (they apply any newer migrations).");
  } else {
    const safety = path.join(config.dataDir, "backups", backupFileName(new Date(), "pre-restore"));
    const { safetyCopy } = await restoreSqlite(path.resolve(file), config.database.file, safety);
    console.log(`Restored ${config.database.file} from ${path.resolve(file)}: integrity check ok.`);
    if (safetyCopy) console.log(`The database as it was before is kept in ${safetyCopy}.`);
  }
} catch (error) {
  if (error instanceof ConfigError || error instanceof BackupError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}
