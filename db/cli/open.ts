import { openDatabase, type DatabaseHandle } from "#app/db/client.server.ts";
import { ConfigError, loadConfig } from "#server/config.ts";
import { migrateToLatest } from "#db/migrate.ts";

/** Opens the configured database for a command-line script, migrated; prints one line and exits on failure. */
export async function openConfiguredDatabase(): Promise<DatabaseHandle> {
  try {
    const config = loadConfig();
    const database = openDatabase(config.database);
    const applied = await migrateToLatest(database.db);
    for (const name of applied) console.log(`applied migration ${name}`);
    return database;
  } catch (error) {
    console.error(error instanceof ConfigError ? error.message : `Cannot prepare the database: ${(error as Error).message}`);
    process.exit(1);
  }
}
