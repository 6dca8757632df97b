import { sql } from "kysely";
import { pendingMigrations } from "#db/migrate.ts";
import type { Db } from "./client.server.ts";

export const HEALTH_TIMEOUT_MS = 2_000;

/** Resolves when the database answers a trivial query in time; rejects otherwise. */
export async function checkDatabase(db: Db): Promise<void> {
  await withinHealthTimeout(sql`select 1`.execute(db));
}

/** The migrations this build has that the database lacks, read within the health timeout. */
export function missingMigrations(db: Db): Promise<string[]> {
  return withinHealthTimeout(pendingMigrations(db));
}

async function withinHealthTimeout<T>(work: Promise<T>): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${HEALTH_TIMEOUT_MS} ms`)), HEALTH_TIMEOUT_MS);
  });
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
