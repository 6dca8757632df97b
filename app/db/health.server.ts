import { sql } from "kysely";
import type { Db } from "./client.server.ts";

export const HEALTH_TIMEOUT_MS = 2_000;

/** Resolves when the database answers a trivial query in time; rejects otherwise. */
export async function checkDatabase(db: Db): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${HEALTH_TIMEOUT_MS} ms`)), HEALTH_TIMEOUT_MS);
  });
  try {
    await Promise.race([sql`select 1`.execute(db), timeout]);
  } finally {
    clearTimeout(timer);
  }
}
