import { isLeftBehind, TEST_SCHEMA_PREFIX, withPgClient } from "#tests/helpers/database.ts";

/**
 * With TEST_DATABASE_URL set, PostgreSQL must be reachable: a suite that quietly
 * skipped it would pass without testing it. Schemas left by an interrupted run
 * are removed; those of a run going on beside this one are not.
 */
export default async function setup() {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    console.log("TEST_DATABASE_URL is not set: database tests run on SQLite only.");
    return;
  }
  await withPgClient(url, async (client) => {
    const { rows } = await client.query<{ nspname: string }>("select nspname from pg_namespace where starts_with(nspname, $1)", [
      TEST_SCHEMA_PREFIX,
    ]);
    for (const { nspname } of rows.filter((r) => isLeftBehind(r.nspname))) await client.query(`drop schema if exists ${nspname} cascade`);
  }).catch((error: Error) => {
    throw new Error(`TEST_DATABASE_URL is set but PostgreSQL cannot be used: ${error.message}`);
  });
  console.log("Database tests run on SQLite and PostgreSQL.");
}
