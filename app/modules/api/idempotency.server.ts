import type { Db } from "#app/db/client.server.ts";
import { inTransaction } from "#app/db/transaction.server.ts";

/**
 * Answers to POSTs sent with an `Idempotency-Key` (ADR 034), per token, kept for a
 * day: a retried POST gets the first answer instead of creating a second title.
 *
 * Exactly once, as payment APIs do it: the key's row is written in the same
 * transaction as the effect and finalised with its answer before the commit. A
 * fault before the commit leaves no trace (the retry runs the work); a commit whose
 * acknowledgement was lost leaves the answer (the retry replays it). A copy racing
 * the first waits on the first's uncommitted row (the primary key), then replays.
 * No committed row is ever "in progress"; one left by an older version expires
 * after IDEMPOTENCY_LEASE_MS.
 */

export const IDEMPOTENCY_TTL_MS = 24 * 3_600_000;
/** How long a row without an answer counts as in progress (only rows from before answers were written with the effect). */
export const IDEMPOTENCY_LEASE_MS = 30_000;
export const IDEMPOTENCY_KEY_MAX = 200;
const IN_PROGRESS = 0;

export type Earlier =
  { kind: "none" } | { kind: "in-progress"; requestHash: string } | { kind: "answered"; requestHash: string; status: number; body: string };

export interface Answer {
  status: number;
  body: string;
}

/**
 * JSON with its object keys sorted and no whitespace: the same request re-serialised
 * (another key order, other spacing) has the same fingerprint.
 */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === "object" && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : v,
  );
}

/** What an earlier request with this key left behind (expired rows are cleared on the way: a handful per write, no job). */
export async function findEarlier(db: Db, tokenId: number, key: string, now = new Date()): Promise<Earlier> {
  await db.deleteFrom("api_idempotency").where("expires_at", "<=", now.toISOString()).execute();
  const row = await db
    .selectFrom("api_idempotency")
    .select(["request_hash", "status", "body"])
    .where("token_id", "=", tokenId)
    .where("key", "=", key)
    .executeTakeFirst();
  if (!row) return { kind: "none" };
  if (row.status === IN_PROGRESS) return { kind: "in-progress", requestHash: row.request_hash };
  return { kind: "answered", requestHash: row.request_hash, status: row.status, body: row.body };
}

/** Another request took the key while this one was starting: its answer is read after the rollback. */
class KeyTaken extends Error {}

/** A refusal or failure: the effect is rolled back with the key. */
class Undone<A extends Answer> extends Error {
  constructor(readonly answer: A) {
    super("undone");
  }
}

export type Outcome<A extends Answer> = { kind: "done"; answer: A } | { kind: "undone"; answer: A } | { kind: "taken" };

/**
 * Runs `work` with the key taken in its transaction: the key's row is inserted
 * first (a concurrent copy waits on it), the work runs on the same transaction,
 * and a 2xx answer is stored in the row before the commit. Any other answer rolls
 * the whole transaction back ("undone": nothing of it is stored, not even the key).
 */
export async function runOnce<A extends Answer>(
  db: Db,
  tokenId: number,
  key: string,
  requestHash: string,
  work: (trx: Db) => Promise<A>,
  now = new Date(),
): Promise<Outcome<A>> {
  try {
    const answer = await inTransaction(db, async (trx) => {
      const taken = await trx
        .insertInto("api_idempotency")
        .values({
          token_id: tokenId,
          key,
          request_hash: requestHash,
          status: IN_PROGRESS,
          body: "",
          expires_at: new Date(now.getTime() + IDEMPOTENCY_LEASE_MS).toISOString(),
        })
        .onConflict((oc) => oc.columns(["token_id", "key"]).doNothing())
        .returning("key")
        .executeTakeFirst();
      if (!taken) throw new KeyTaken();
      const answer = await work(trx);
      if (answer.status < 200 || answer.status >= 300) throw new Undone(answer);
      await trx
        .updateTable("api_idempotency")
        .set({ status: answer.status, body: answer.body, expires_at: new Date(now.getTime() + IDEMPOTENCY_TTL_MS).toISOString() })
        .where("token_id", "=", tokenId)
        .where("key", "=", key)
        .execute();
      return answer;
    });
    return { kind: "done", answer };
  } catch (error) {
    if (error instanceof KeyTaken) return { kind: "taken" };
    if (error instanceof Undone) return { kind: "undone", answer: (error as Undone<A>).answer };
    throw error;
  }
}

/**
 * Keeps a refusal (4xx) as the key's answer, like a success: nothing was written
 * with it, so storing it on its own is safe. A copy that got in first wins.
 */
export async function keepRefusal(db: Db, tokenId: number, key: string, requestHash: string, answer: Answer, now = new Date()) {
  await db
    .insertInto("api_idempotency")
    .values({
      token_id: tokenId,
      key,
      request_hash: requestHash,
      status: answer.status,
      body: answer.body,
      expires_at: new Date(now.getTime() + IDEMPOTENCY_TTL_MS).toISOString(),
    })
    .onConflict((oc) => oc.columns(["token_id", "key"]).doNothing())
    .execute();
}
