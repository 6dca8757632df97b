import { isbot } from "isbot";
import type { Db } from "#app/db/client.server.ts";
import { countCachedSearches } from "#app/modules/search/search-queries.server.ts";

/**
 * Page views per title and page requests, counted in memory and added to the daily
 * rows in batches (ADR 035): a page pays for a Map update, never a database write.
 * Each flush adds its counts (`views = views + n`), so several instances share the
 * rows without losing each other's counts. Nothing about the visitor is kept.
 */

/** Rows per INSERT: well under SQLite's and PostgreSQL's bound-parameter limits. */
const BATCH_ROWS = 500;

export interface CounterOptions {
  /** How often the buffer is written; 0 = only on flush() and close() (tests). */
  flushMs?: number;
  /** A flush starts early once this many distinct title-days are waiting, so memory stays bounded. */
  maxPending?: number;
  onError?: (error: unknown) => void;
}

const utcDay = (at: Date) => at.toISOString().slice(0, 10);

export class AnalyticsCounter {
  #views = new Map<string, number>();
  #requests = new Map<string, number>();
  /** Searches answered from the page cache (their render, which records a search, did not run), by normalised query. */
  #searches = new Map<string, number>();
  #timer: NodeJS.Timeout | null = null;
  #flushing: Promise<void> | null = null;
  readonly #maxPending: number;
  readonly #onError: (error: unknown) => void;

  constructor(
    private readonly db: Db,
    { flushMs = 10_000, maxPending = 10_000, onError = () => {} }: CounterOptions = {},
  ) {
    this.#maxPending = maxPending;
    this.#onError = onError;
    if (flushMs > 0) {
      this.#timer = setInterval(() => void this.flush().catch(this.#onError), flushMs);
      this.#timer.unref();
    }
  }

  /** Counts distinct title-days and days waiting to be written. */
  get pending(): number {
    return this.#views.size + this.#requests.size + this.#searches.size;
  }

  view(titleId: number, now = new Date()): void {
    const key = `${titleId}|${utcDay(now)}`;
    this.#views.set(key, (this.#views.get(key) ?? 0) + 1);
    if (this.#views.size >= this.#maxPending) void this.flush().catch(this.#onError);
  }

  request(now = new Date()): void {
    const day = utcDay(now);
    this.#requests.set(day, (this.#requests.get(day) ?? 0) + 1);
  }

  /** A search served from the page cache again: counted like the render counted it (search/search-queries.server.ts recordSearch). */
  search(query: string): void {
    this.#searches.set(query, (this.#searches.get(query) ?? 0) + 1);
  }

  /** Writes what was counted; on failure the counts go back into the buffer for the next flush. */
  flush(): Promise<void> {
    // One flush at a time: a second caller waits for the running one, then writes what came since.
    if (this.#flushing) return this.#flushing.then(() => this.flush());
    if (this.pending === 0) return Promise.resolve();
    const views = this.#views;
    const requests = this.#requests;
    const searches = this.#searches;
    this.#views = new Map();
    this.#requests = new Map();
    this.#searches = new Map();
    this.#flushing = this.#write(views, requests, searches)
      .catch((error: unknown) => {
        for (const [key, n] of views) this.#views.set(key, (this.#views.get(key) ?? 0) + n);
        for (const [key, n] of requests) this.#requests.set(key, (this.#requests.get(key) ?? 0) + n);
        for (const [key, n] of searches) this.#searches.set(key, (this.#searches.get(key) ?? 0) + n);
        throw error;
      })
      .finally(() => {
        this.#flushing = null;
      });
    return this.#flushing;
  }

  async #write(views: Map<string, number>, requests: Map<string, number>, searches: Map<string, number>): Promise<void> {
    const rows = [...views].map(([key, n]) => {
      const [id, day] = key.split("|");
      return { title_id: Number(id), day: day!, views: n };
    });
    for (let i = 0; i < rows.length; i += BATCH_ROWS) {
      await this.db
        .insertInto("title_views")
        .values(rows.slice(i, i + BATCH_ROWS))
        .onConflict((oc) =>
          oc.columns(["title_id", "day"]).doUpdateSet((eb) => ({ views: eb("title_views.views", "+", eb.ref("excluded.views")) })),
        )
        .execute();
    }
    if (requests.size > 0) {
      await this.db
        .insertInto("site_requests")
        .values([...requests].map(([day, n]) => ({ day, requests: n })))
        .onConflict((oc) =>
          oc.column("day").doUpdateSet((eb) => ({ requests: eb("site_requests.requests", "+", eb.ref("excluded.requests")) })),
        )
        .execute();
    }

    await countCachedSearches(this.db, searches, new Date().toISOString());
  }

  /** Stops the timer and writes what is left (shutdown). */
  async close(): Promise<void> {
    if (this.#timer) clearInterval(this.#timer);
    this.#timer = null;
    await this.flush();
  }
}

/** The title a page address shows, for counting its view: /movie/:id[/:slug], and its client-navigation data request. */
const TITLE_PAGE = /^\/movie\/(\d{1,9})(?:\.data|\/[^/]+)?$/;

export function viewedTitleId(pathname: string): number | null {
  const match = TITLE_PAGE.exec(pathname);
  if (!match) return null;
  const id = Number(match[1]);
  return id > 0 ? id : null;
}

/** The headers by which browsers mark a prefetch or prerender, as one text. */
export function prefetchPurpose(header: (name: string) => string | null | undefined): string {
  return `${header("sec-purpose") ?? ""} ${header("purpose") ?? ""} ${header("x-moz") ?? ""}`;
}

/** Whether a request is a person's: robots and prefetches (nobody looked yet) are not counted, as for clicks. */
export function countsAsVisit(headers: { userAgent: string | undefined; purpose: string }): boolean {
  const agent = headers.userAgent ?? "";
  if (!agent || isbot(agent)) return false;
  return !/prefetch|prerender|preview/i.test(headers.purpose);
}
