import type { Db } from "#app/db/client.server.ts";

/**
 * Answers to POSTs sent with an `Idempotency-Key` (ADR 034), per token, kept for a
 * day: a retried POST gets the first answer instead of creating a second title.
 * The key is reserved before the work starts (status 0), so two copies of a POST
 * racing each other cannot both create.
 */

export const IDEMPOTENCY_TTL_MS = 24 * 3_600_000;
export const IDEMPOTENCY_KEY_MAX = 200;
const IN_PROGRESS = 0;

export type Reservation =
  | { kind: "reserved" }
  | { kind: "in-progress"; requestHash: string }
  | { kind: "answered"; requestHash: string; status: number; body: string };

/** Takes the key for this request, or says what an earlier request with it did. */
export async function reserveKey(db: Db, tokenId: number, key: string, requestHash: string, now = new Date()): Promise<Reservation> {
  // Expired answers are cleared on the way: a handful per write, so no job is needed.
  await db.deleteFrom("api_idempotency").where("expires_at", "<=", now.toISOString()).execute();
  const inserted = await db
    .insertInto("api_idempotency")
    .values({
      token_id: tokenId,
      key,
      request_hash: requestHash,
      status: IN_PROGRESS,
      body: "",
      expires_at: new Date(now.getTime() + IDEMPOTENCY_TTL_MS).toISOString(),
    })
    .onConflict((oc) => oc.columns(["token_id", "key"]).doNothing())
    .returning("key")
    .executeTakeFirst();
  if (inserted) return { kind: "reserved" };
  const row = await db
    .selectFrom("api_idempotency")
    .select(["request_hash", "status", "body"])
    .where("token_id", "=", tokenId)
    .where("key", "=", key)
    .executeTakeFirstOrThrow();
  if (row.status === IN_PROGRESS) return { kind: "in-progress", requestHash: row.request_hash };
  return { kind: "answered", requestHash: row.request_hash, status: row.status, body: row.body };
}

export async function storeAnswer(db: Db, tokenId: number, key: string, status: number, body: string): Promise<void> {
  await db.updateTable("api_idempotency").set({ status, body }).where("token_id", "=", tokenId).where("key", "=", key).execute();
}

/** A failure the caller may retry (the server's, not the request's): the key is freed. */
export async function releaseKey(db: Db, tokenId: number, key: string): Promise<void> {
  await db.deleteFrom("api_idempotency").where("token_id", "=", tokenId).where("key", "=", key).execute();
}
