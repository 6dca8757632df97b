import type { Db } from "#app/db/client.server.ts";
import { linkAddressRows } from "#app/modules/catalogue/link-refs.server.ts";
import type { InboxEvent } from "#app/modules/inbox/events.ts";
import { getSettings } from "#app/modules/settings/settings.server.ts";
import { checkUrl, wasCancelled, type CheckOptions, type CheckResult } from "./check.server.ts";
import { deferLinks, recordChecks } from "./record.server.ts";

/** How many links the whole checker asks about at once. */
export const LINK_CHECK_CONCURRENCY = 8;
/** How many requests one host gets at once (the issue: 1–2), and the pause between two to the same host. */
export const LINK_CHECK_PER_HOST = 2;
export const LINK_CHECK_HOST_DELAY_MS = 1_000;
/** Answers stored per transaction, and how long one may wait for the batch to fill. */
const LINK_CHECK_WRITE_BATCH = 50;
const LINK_CHECK_WRITE_EVERY_MS = 250;
/** Links one scheduled sweep checks at most; the job runner calls it again later for the rest. */
export const LINK_CHECK_SWEEP_LIMIT = 500;

export interface SweepOptions extends CheckOptions {
  now?: Date;
  /** At most this many links (default LINK_CHECK_SWEEP_LIMIT). */
  limit?: number;
  /** Stops starting new checks; the checks under way are cancelled and not recorded. */
  signal?: AbortSignal;
  concurrency?: number;
  perHost?: number;
  hostDelayMs?: number;
  /** Tells the operators about a report the checker opened (the lead wires notifyOperators here). */
  notify?: (event: InboxEvent) => void;
}

export interface SweepSummary {
  checked: number;
  ok: number;
  failed: number;
  inconclusive: number;
  /** Left for later: the host asked for a pause (429), or the sweep was stopped. */
  deferred: number;
  markedBroken: number;
  recovered: number;
}

export interface DueLink {
  id: number;
  url: string;
}

/** Visible links whose check is due at `now`: never checked first, then the longest waiting. */
export async function listDueLinks(db: Db, now: Date, limit: number): Promise<DueLink[]> {
  const rows = await db
    .selectFrom(linkAddressRows(db).as("l"))
    .leftJoin("link_health as h", "h.link_id", "l.id")
    .select(["l.id", "l.url"])
    .where("l.status", "!=", "disabled")
    .where((eb) =>
      eb.or([
        eb("h.next_check_at", "is", null),
        eb("h.next_check_at", "<=", now.toISOString()),
        // An edited address is due at once.
        eb.and([eb("h.checked_url", "is not", null), eb("h.checked_url", "!=", eb.ref("l.url"))]),
      ]),
    )
    .orderBy((eb) => eb.case().when("h.next_check_at", "is", null).then(0).else(1).end())
    .orderBy("h.next_check_at")
    .orderBy("l.id")
    .limit(limit)
    .execute();
  return rows.map((r) => ({ id: Number(r.id), url: r.url }));
}

/**
 * The scheduled job: checks the links that are due (default daily per link; each
 * link's next check is spread by a random tenth of the interval so a catalogue
 * imported at once does not stay bunched), at most `limit` of them, a few at a time
 * and never more than `perHost` per host, pausing between two requests to one host.
 * Safe to run from several instances: a link checked twice only adds a history row.
 */
export async function runDueLinkChecks(db: Db, options: SweepOptions = {}): Promise<SweepSummary> {
  const now = options.now ?? new Date();
  const due = await listDueLinks(db, now, options.limit ?? LINK_CHECK_SWEEP_LIMIT);
  return checkLinks(db, due, { ...options, now });
}

/** Checks these links (politely, as runDueLinkChecks does) and records each answer. */
export async function checkLinks(db: Db, links: DueLink[], options: SweepOptions = {}): Promise<SweepSummary> {
  const summary: SweepSummary = { checked: 0, ok: 0, failed: 0, inconclusive: 0, deferred: 0, markedBroken: 0, recovered: 0 };
  if (links.length === 0) return summary;
  const settings = (await getSettings(db)).linkHealth;
  const perHost = Math.max(1, options.perHost ?? LINK_CHECK_PER_HOST);
  const delayMs = options.hostDelayMs ?? LINK_CHECK_HOST_DELAY_MS;
  const slots = new Semaphore(Math.max(1, options.concurrency ?? LINK_CHECK_CONCURRENCY));
  const { signal } = options;
  // The sweep's clock: `now` as given, moving on with real time (pauses are measured on it).
  const startedAt = Date.now();
  const clock = () => (options.now?.getTime() ?? startedAt) + (Date.now() - startedAt);

  const byHost = new Map<string, DueLink[]>();
  for (const link of links) {
    const host = hostKey(link.url);
    byHost.set(host, [...(byHost.get(host) ?? []), link]);
  }

  // Answers are stored in small batches, one transaction each (see recordChecks).
  const pending: { linkId: number; result: CheckResult }[] = [];
  let writing: Promise<void> = Promise.resolve();
  const flush = () => {
    const batch = pending.splice(0);
    if (batch.length === 0) return writing;
    writing = writing.then(async () => {
      const recorded = await recordChecks(db, batch, { now: options.now ?? new Date(), settings, notify: options.notify });
      batch.forEach(({ result }, i) => {
        summary.checked++;
        summary[result.outcome === "ok" ? "ok" : result.outcome === "failed" ? "failed" : "inconclusive"]++;
        if (recorded[i]!.markedBroken) summary.markedBroken++;
        if (recorded[i]!.recovered) summary.recovered++;
      });
    });
    return writing;
  };
  const record = async (link: DueLink, result: CheckResult) => {
    pending.push({ linkId: link.id, result });
    if (pending.length >= LINK_CHECK_WRITE_BATCH) await flush();
  };
  const ticker = setInterval(() => void flush().catch(() => {}), LINK_CHECK_WRITE_EVERY_MS);

  const lanes: Promise<void>[] = [];
  for (const queue of byHost.values()) {
    let pausedUntil = 0;
    const lane = async () => {
      for (let link = queue.shift(); link; link = queue.shift()) {
        if (signal?.aborted) {
          summary.deferred++;
          continue;
        }
        if (clock() < pausedUntil) {
          // Every link of this host waits out the pause, in the database too, so the next sweep does not ask early.
          const rest = [link, ...queue.splice(0)];
          summary.deferred += rest.length;
          await deferLinks(
            db,
            rest.map((l) => l.id),
            new Date(pausedUntil),
          );
          break;
        }
        const release = await slots.acquire();
        let result: CheckResult;
        try {
          result = await checkUrl(link.url, options);
        } finally {
          release();
        }
        if (wasCancelled(result)) {
          summary.deferred++;
          continue;
        }
        // The host asked for a pause: the rest of its links wait for a later sweep.
        if (result.retryAfterMs !== null) pausedUntil = clock() + result.retryAfterMs;
        await record(link, result);
        if (queue.length > 0 && delayMs > 0) await sleep(delayMs, signal);
      }
    };
    for (let i = 0; i < Math.min(perHost, queue.length); i++) lanes.push(lane());
  }
  try {
    await Promise.all(lanes);
  } finally {
    clearInterval(ticker);
  }
  await flush();
  return summary;
}

/** Hosts are told apart with their port: two services on one machine are two hosts. */
function hostKey(url: string): string {
  try {
    return new URL(url).host.toLowerCase();
  } catch {
    return "";
  }
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal?.removeEventListener("abort", done);
      resolve();
    }
    signal?.addEventListener("abort", done, { once: true });
  });
}

class Semaphore {
  private free: number;
  private waiting: (() => void)[] = [];
  constructor(size: number) {
    this.free = size;
  }
  async acquire(): Promise<() => void> {
    if (this.free > 0) this.free--;
    else await new Promise<void>((resolve) => this.waiting.push(resolve));
    return () => {
      const next = this.waiting.shift();
      if (next) next();
      else this.free++;
    };
  }
}
