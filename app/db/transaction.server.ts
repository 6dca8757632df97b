import type { Db } from "./client.server.ts";

/** Runs work in a transaction, joining the caller's when there already is one. */
export function inTransaction<T>(db: Db, work: (trx: Db) => Promise<T>): Promise<T> {
  return db.isTransaction ? work(db) : db.transaction().execute(work);
}
