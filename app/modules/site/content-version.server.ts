import { sql, type CompiledQuery } from "kysely";
import { quickSqliteRead, type Db } from "#app/db/client.server.ts";

/**
 * The content version: a counter in the database that every write changing what
 * visitors see bumps inside its own transaction, so a page cache (server/page-cache.ts)
 * on any instance knows, with one primary-key read, that its pages are out of date.
 * Bumping more often than needed only costs a cache refill; missing a bump serves a
 * stale page, so writes call this rather than reason about whether a change shows.
 */
export async function bumpContentVersion(trx: Db): Promise<void> {
  await trx
    .updateTable("content_version")
    .set({ version: sql<number>`version + 1` })
    .where("id", "=", 1)
    .execute();
}

const readQueries = new WeakMap<Db, CompiledQuery<{ version: number }>>();

/**
 * The current content version; null when its row is missing (nothing may then be
 * cached). Read on every cached request: compiled once, and on SQLite read at once
 * between transactions (quickSqliteRead): through Kysely it was the costliest part
 * of a cache hit's own work.
 */
export async function readContentVersion(db: Db): Promise<number | null> {
  let query = readQueries.get(db);
  if (!query) {
    query = db.selectFrom("content_version").select("version").where("id", "=", 1).compile();
    readQueries.set(db, query);
  }
  const row = (quickSqliteRead<{ version: number }>(db, query.sql, query.parameters) ?? (await db.executeQuery(query)).rows)[0];
  return row ? Number(row.version) : null;
}

const memos = new WeakMap<Db, Map<string, { version: number; value: Promise<unknown> }>>();

/**
 * A value derived from what visitors see (the genres in use, the number of titles),
 * computed once per content version instead of on every request: each call costs
 * the version's primary-key read, and the value is recomputed once a write has
 * bumped it. Without a version row nothing is kept. A failed computation is not kept.
 */
export async function perContentVersion<T>(db: Db, key: string, compute: () => Promise<T>): Promise<T> {
  const version = await readContentVersion(db);
  if (version === null) return compute();
  let byKey = memos.get(db);
  if (!byKey) memos.set(db, (byKey = new Map()));
  const kept = byKey.get(key);
  if (kept?.version === version) return kept.value as Promise<T>;
  const value = compute();
  byKey.set(key, { version, value });
  value.catch(() => {
    if (byKey.get(key)?.value === value) byKey.delete(key);
  });
  return value;
}
