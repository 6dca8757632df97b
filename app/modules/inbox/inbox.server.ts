import type { Db } from "#app/db/client.server.ts";
import { toCount } from "#app/db/dialect.server.ts";
import type { Actor } from "#app/modules/audit/audit.server.ts";
import type { Page } from "#app/utils/pagination.ts";
import type { TitleWithLinks } from "#app/modules/catalogue/link-refs.server.ts";
import { contactInbox, type ContactDetail } from "./contact/queries.server.ts";
import { dmcaInbox, type DmcaDetail } from "./dmca/queries.server.ts";
import { INBOX_KINDS, type InboxKind } from "./events.ts";
import type { InboxListParams, UnreadCounts } from "./inbox.ts";
import { reportsInbox, type ReportDetail } from "./reports/queries.server.ts";
import { requestsInbox, type RequestDetail } from "./requests/queries.server.ts";
import type { InboxKindSource, InboxRow } from "./source.server.ts";

/**
 * The admin inbox across its four kinds. Each kind (requests/, reports/, contact/,
 * dmca/) keeps its own schema, submission, queries and actions; this registry is
 * the one place that goes from a kind to its code, so nothing else switches on it.
 */

/** What an item page shows, by kind. */
export interface InboxDetails {
  requests: RequestDetail;
  reports: ReportDetail;
  contact: ContactDetail;
  dmca: DmcaDetail;
}
export type InboxDetail = InboxDetails[InboxKind];

const SOURCES: { [K in InboxKind]: InboxKindSource<InboxDetails[K]> } = {
  requests: requestsInbox,
  reports: reportsInbox,
  contact: contactInbox,
  dmca: dmcaInbox,
};

/** A page of one kind's items, newest first, filtered by status and text. A page past the end is clamped to the last. */
export function listInbox(db: Db, kind: InboxKind, params: InboxListParams): Promise<Page<InboxRow>> {
  return SOURCES[kind].list(db, params);
}

/** Items no admin has opened yet, per kind (a report group counts once). */
export async function countUnread(db: Db): Promise<UnreadCounts> {
  const counts = await Promise.all(INBOX_KINDS.map((kind) => SOURCES[kind].countUnread(db)));
  return Object.fromEntries(INBOX_KINDS.map((kind, i) => [kind, counts[i]!])) as UnreadCounts;
}

/** Marks an item read the first time an admin opens it (a report: its whole group). */
export function markInboxRead(db: Db, kind: InboxKind, id: number): Promise<void> {
  return SOURCES[kind].markRead(db, id);
}

export interface InboxItemPage<K extends InboxKind = InboxKind> {
  item: InboxDetails[K];
  /** Catalogue titles to choose from: what fulfils a request, what a notice names or the admin found. */
  candidates: TitleWithLinks[];
}

/** An item's page, with the catalogue titles it offers for the admin's search `find`; null when there is no such item. */
export async function getInboxItem<K extends InboxKind>(db: Db, kind: K, id: number, find: string): Promise<InboxItemPage<K> | null> {
  const source: InboxKindSource<InboxDetails[K]> = SOURCES[kind];
  const item = await source.detail(db, id);
  return item ? { item, candidates: await source.candidates(db, item, find) } : null;
}

/** Puts a closed item back to its first status (a request to pending, a notice to received…); returns what the admin is told. */
export function reopenInboxItem(db: Db, actor: Actor, kind: InboxKind, id: number): Promise<string> {
  return SOURCES[kind].reopen(db, actor, id);
}

// ---------------------------------------------------------------- overview

export interface InboxSummary {
  openRequests: number;
  openReports: number;
  newMessages: number;
  dmcaWaiting: number;
  topRequested: { id: number; title: string; year: number | null; quality: string | null; requestCount: number }[];
}

/** The overview's inbox figures: what waits for an admin, and the most wanted titles. */
export async function getInboxSummary(db: Db, top = 5): Promise<InboxSummary> {
  const count = async (query: { executeTakeFirstOrThrow(): Promise<{ n: unknown }> }) =>
    toCount((await query.executeTakeFirstOrThrow()).n as number | string);
  const [openRequests, openReports, newMessages, dmcaWaiting, rows] = await Promise.all([
    count(
      db
        .selectFrom("content_requests")
        .select((eb) => eb.fn.countAll().as("n"))
        .where("status", "=", "pending"),
    ),
    count(
      db
        .selectFrom("link_reports")
        .select((eb) => eb.fn.countAll().as("n"))
        .where("status", "=", "open")
        .where("primary_id", "is", null),
    ),
    count(
      db
        .selectFrom("contact_messages")
        .select((eb) => eb.fn.countAll().as("n"))
        .where("status", "=", "new"),
    ),
    count(
      db
        .selectFrom("dmca_notices")
        .select((eb) => eb.fn.countAll().as("n"))
        .where("status", "=", "received"),
    ),
    db
      .selectFrom("content_requests")
      .select(["id", "title", "year", "quality", "request_count"])
      .where("status", "=", "pending")
      .orderBy("request_count", "desc")
      .orderBy("created_at", "asc")
      .orderBy("id", "asc")
      .limit(top)
      .execute(),
  ]);
  return {
    openRequests,
    openReports,
    newMessages,
    dmcaWaiting,
    topRequested: rows.map((r) => ({ id: r.id, title: r.title, year: r.year, quality: r.quality, requestCount: Number(r.request_count) })),
  };
}
