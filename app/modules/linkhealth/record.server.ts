import type { Db } from "#app/db/client.server.ts";
import { toBool } from "#app/db/dialect.server.ts";
import { inTransaction } from "#app/db/transaction.server.ts";
import type { LinkHealthStatus } from "#app/db/schema.ts";
import type { Actor } from "#app/modules/audit/audit.server.ts";
import { linkState, setLinksStatus } from "#app/modules/catalogue/link-refs.server.ts";
import type { InboxEvent } from "#app/modules/inbox/events.ts";
import { closeCheckerReports, openCheckerReport } from "#app/modules/inbox/reports/checker.server.ts";
import type { Settings } from "#app/modules/settings/schema.ts";
import { bumpContentVersion } from "#app/modules/site/content-version.server.ts";
import type { CheckResult } from "./check.server.ts";

/** Checks kept per link; older ones are deleted as new ones arrive. */
export const LINK_CHECK_HISTORY = 20;
/** A first failure is confirmed sooner than the next regular check. */
export const LINK_RECHECK_AFTER_FAILURE_MS = 60 * 60_000;
/** The audit log's name for what the checker does. */
export const LINK_CHECKER: Actor = { id: null, name: "Link checker" };
export const FOUND_BY_CHECKER = "Found by the link checker";
export const RECOVERED_NOTE = "The link checker found the link working again.";

export interface RecordedCheck {
  status: LinkHealthStatus;
  consecutiveFailures: number;
  /** This check made the checker mark the link broken (links.status 'broken', a report opened). */
  markedBroken: boolean;
  /** This check found a link the checker had marked broken working again. */
  recovered: boolean;
}

/** When a link is due again: the interval give or take a tenth, so links checked together drift apart. */
export function nextCheckAt(now: Date, intervalMs: number, random = Math.random): string {
  return new Date(now.getTime() + intervalMs * (0.9 + 0.2 * random())).toISOString();
}

/**
 * Stores one check of a link and acts on it, in one transaction: after
 * `failureThreshold` failures in a row the link is marked broken for visitors (unless
 * an admin already set its status) and a broken-link report "found by the link
 * checker" is opened or an open one is flagged; the first success after that marks
 * it ok again and closes the checker's reports. An inconclusive answer (429, 403)
 * changes nothing but the history and the due time.
 */
export async function recordCheck(
  db: Db,
  linkId: number,
  result: CheckResult,
  options: { now: Date; settings: Settings["linkHealth"]; notify?: (event: InboxEvent) => void },
): Promise<RecordedCheck> {
  return (await recordChecks(db, [{ linkId, result }], options))[0]!;
}

/**
 * recordCheck for many answers in one transaction (one commit: on SQLite with
 * synchronous=FULL a commit is a disk flush, the sweep's main cost). Operators are
 * notified once it has committed.
 */
export async function recordChecks(
  db: Db,
  checks: { linkId: number; result: CheckResult }[],
  options: { now: Date; settings: Settings["linkHealth"]; notify?: (event: InboxEvent) => void },
): Promise<RecordedCheck[]> {
  const events: InboxEvent[] = [];
  const recorded = await inTransaction(db, async (trx) => {
    const out: RecordedCheck[] = [];
    for (const { linkId, result } of checks) out.push(await recordOne(trx, linkId, result, options.now, options.settings, events));
    return out;
  });
  // Inside a caller's transaction the caller commits; the events still go once this work is done.
  for (const event of events) options.notify?.(event);
  return recorded;
}

async function recordOne(
  trx: Db,
  linkId: number,
  result: CheckResult,
  now: Date,
  settings: Settings["linkHealth"],
  events: InboxEvent[],
): Promise<RecordedCheck> {
  const at = now.toISOString();
  const intervalMs = settings.intervalHours * 3_600_000;
  const link = await linkState(trx, linkId);
  // Deleted while it was being checked.
  if (!link) return { status: "unknown", consecutiveFailures: 0, markedBroken: false, recovered: false };
  const before = await trx.selectFrom("link_health").selectAll().where("link_id", "=", linkId).executeTakeFirst();
  const wasMarked = toBool(before?.marked_broken);
  let status: LinkHealthStatus = before?.status ?? "unknown";
  // A new address (the admin replaced the link) does not inherit the old one's failures.
  const sameAddress = !before?.checked_url || before.checked_url === link.url;
  let failures = sameAddress ? (before?.consecutive_failures ?? 0) : 0;
  let marked = wasMarked;
  let next = nextCheckAt(now, intervalMs);
  if (result.outcome === "ok") {
    status = "ok";
    failures = 0;
    marked = false;
  } else if (result.outcome === "failed") {
    failures++;
    if (failures >= settings.failureThreshold) status = "broken";
    else next = new Date(now.getTime() + Math.min(intervalMs, LINK_RECHECK_AFTER_FAILURE_MS)).toISOString();
  } else if (result.retryAfterMs !== null) {
    next = new Date(now.getTime() + Math.max(result.retryAfterMs, 60_000)).toISOString();
  }

  let markedBroken = false;
  let recovered = false;
  if (status === "broken" && !wasMarked && link.status === "ok") {
    await setLinksStatus(trx, [linkId], "broken");
    await bumpContentVersion(trx);
    marked = true;
    markedBroken = true;
    const event = await openCheckerReport(
      trx,
      linkId,
      `${FOUND_BY_CHECKER}: ${result.error ?? "failed"} (${failures} failed checks in a row)`,
      at,
    );
    if (event) events.push(event);
  } else if (result.outcome === "ok" && wasMarked) {
    // Only the checker's own marking is undone: an admin's 'broken' or 'disabled' stays.
    if ((await setLinksStatus(trx, [linkId], "ok", "broken")) > 0) await bumpContentVersion(trx);
    await closeCheckerReports(trx, LINK_CHECKER, linkId, RECOVERED_NOTE);
    recovered = true;
  }

  // The last conclusive answer stays on show while a host says "not now".
  const answer =
    result.outcome === "inconclusive" && before?.checked_at
      ? {}
      : {
          http_status: result.httpStatus,
          final_url: result.finalUrl?.slice(0, 2000) ?? null,
          content_length: result.contentLength,
          content_type: result.contentType,
          response_ms: result.responseMs,
          error: result.error?.slice(0, 500) ?? null,
          checked_at: at,
        };
  const values = { status, consecutive_failures: failures, next_check_at: next, marked_broken: marked, checked_url: link.url, ...answer };
  await trx
    .insertInto("link_health")
    .values({ link_id: linkId, ...values })
    .onConflict((oc) => oc.column("link_id").doUpdateSet(values))
    .execute();
  await trx
    .insertInto("link_checks")
    .values({
      link_id: linkId,
      checked_at: at,
      outcome: result.outcome,
      http_status: result.httpStatus,
      final_url: result.finalUrl?.slice(0, 2000) ?? null,
      response_ms: result.responseMs,
      error: result.error?.slice(0, 500) ?? null,
    })
    .execute();
  // One statement: drop what is older than the newest LINK_CHECK_HISTORY checks.
  await trx
    .deleteFrom("link_checks")
    .where("link_id", "=", linkId)
    .where("id", "<=", (eb) =>
      eb.selectFrom("link_checks").select("id").where("link_id", "=", linkId).orderBy("id", "desc").offset(LINK_CHECK_HISTORY).limit(1),
    )
    .execute();
  return { status, consecutiveFailures: failures, markedBroken, recovered };
}

/** Links left for later (their host asked for a pause): due again at `until`. */
export async function deferLinks(db: Db, linkIds: number[], until: Date): Promise<void> {
  if (linkIds.length === 0) return;
  const at = until.toISOString();
  await inTransaction(db, async (trx) => {
    for (const linkId of linkIds) {
      await trx
        .insertInto("link_health")
        .values({ link_id: linkId, next_check_at: at, marked_broken: false })
        .onConflict((oc) => oc.column("link_id").doUpdateSet({ next_check_at: at }))
        .execute();
    }
  });
}
