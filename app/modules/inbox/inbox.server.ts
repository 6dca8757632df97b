import { sql, type Expression, type SqlBool } from "kysely";
import type { Db } from "#app/db/client.server.ts";
import { toCount } from "#app/db/dialect.server.ts";
import { inTransaction } from "#app/db/transaction.server.ts";
import { recordAudit, type Actor } from "#app/modules/audit/audit.server.ts";
import { escapeLike } from "#app/modules/catalogue/admin-read.server.ts";
import type { Page } from "#app/modules/catalogue/types.ts";
import { AppError } from "#app/utils/errors.ts";
import { linkRefs, titleRefs, type InboxLinkRef, type InboxTitleRef } from "./catalogue-refs.server.ts";
import type { InboxKind } from "./events.ts";
import {
  CHOOSE_FULFILLING_TITLE,
  DECLINE_REASON_REQUIRED,
  INBOX_ITEM_NOT_FOUND,
  INBOX_PAGE_SIZE,
  STATUS_NOT_ALLOWED,
  type InboxListParams,
  type InboxStatus,
  type UnreadCounts,
} from "./inbox.ts";

/**
 * The admin inbox: one list per kind of visitor submission, unread counts, item
 * details and the status changes, each status change audited in its transaction.
 */

/** One row of an inbox list, the same shape for every kind. */
export interface InboxRow {
  id: number;
  /** What it is about: the wanted title, the reported content, the subject, the notice's URL. */
  title: string;
  /** Who sent it, or a second line. */
  detail: string | null;
  status: string;
  unread: boolean;
  createdAt: string;
  /** How many asked (requests) or reported (reports); 1 otherwise. */
  count: number;
}

const nowIso = () => new Date().toISOString();

/** Text search on several columns, ignoring case on both databases (lower() on both sides). */
function matchesText(columns: string[], q: string): Expression<SqlBool> {
  const pattern = `%${escapeLike(q.toLowerCase())}%`;
  return sql<SqlBool>`(${sql.join(
    columns.map((c) => sql`lower(coalesce(${sql.ref(c)}, '')) like ${pattern} escape '\\'`),
    sql` or `,
  )})`;
}

async function paged<T>(
  count: () => Promise<unknown>,
  rows: (limit: number, offset: number) => Promise<T[]>,
  page: number,
): Promise<Page<T>> {
  const total = toCount((await count()) as number | string);
  const totalPages = Math.max(1, Math.ceil(total / INBOX_PAGE_SIZE));
  const current = Math.min(Math.max(1, page), totalPages);
  return {
    items: await rows(INBOX_PAGE_SIZE, (current - 1) * INBOX_PAGE_SIZE),
    page: current,
    perPage: INBOX_PAGE_SIZE,
    total,
    totalPages,
  };
}

/** A page of one kind's items, newest first, filtered by status and text. A page past the end is clamped to the last. */
export async function listInbox(db: Db, kind: InboxKind, params: InboxListParams): Promise<Page<InboxRow>> {
  const { status, q, page } = params;
  switch (kind) {
    case "requests": {
      let base = db.selectFrom("content_requests");
      if (status) base = base.where("status", "=", status as InboxStatus<"requests">);
      if (q) base = base.where(matchesText(["title", "name", "email", "message"], q));
      return paged(
        async () => (await base.select((eb) => eb.fn.countAll().as("n")).executeTakeFirstOrThrow()).n,
        async (limit, offset) =>
          (
            await base
              .select(["id", "title", "year", "quality", "name", "status", "read_at", "created_at", "request_count"])
              .orderBy("created_at", "desc")
              .orderBy("id", "desc")
              .limit(limit)
              .offset(offset)
              .execute()
          ).map((r) => ({
            id: r.id,
            title: `${r.title}${r.year ? ` (${r.year})` : ""}${r.quality ? ` · ${r.quality}` : ""}`,
            detail: r.name,
            status: r.status,
            unread: r.read_at === null,
            createdAt: String(r.created_at),
            count: Number(r.request_count),
          })),
        page,
      );
    }
    case "reports": {
      // A group is listed once, as its primary; it is unread while any of its reports is.
      let base = db.selectFrom("link_reports as r").where("r.primary_id", "is", null);
      if (status) base = base.where("r.status", "=", status as InboxStatus<"reports">);
      if (q) base = base.where(matchesText(["r.content_name", "r.link_url", "r.additional_info", "r.season_episode"], q));
      return paged(
        async () => (await base.select((eb) => eb.fn.countAll().as("n")).executeTakeFirstOrThrow()).n,
        async (limit, offset) =>
          (
            await base
              .select((eb) => [
                "r.id",
                "r.content_name",
                "r.season_episode",
                "r.quality",
                "r.link_type",
                "r.status",
                "r.read_at",
                "r.created_at",
                eb
                  .selectFrom("link_reports as m")
                  .select((m) => m.fn.countAll().as("n"))
                  .whereRef("m.primary_id", "=", "r.id")
                  .as("merged"),
                eb
                  .selectFrom("link_reports as m")
                  .select((m) => m.fn.countAll().as("n"))
                  .whereRef("m.primary_id", "=", "r.id")
                  .where("m.read_at", "is", null)
                  .as("merged_unread"),
              ])
              .orderBy("r.created_at", "desc")
              .orderBy("r.id", "desc")
              .limit(limit)
              .offset(offset)
              .execute()
          ).map((r) => ({
            id: r.id,
            title: r.content_name,
            detail: [r.season_episode, r.quality, r.link_type].filter(Boolean).join(" · ") || null,
            status: r.status,
            unread: r.read_at === null || toCount(r.merged_unread as number | string) > 0,
            createdAt: String(r.created_at),
            count: 1 + toCount(r.merged as number | string),
          })),
        page,
      );
    }
    case "contact": {
      let base = db.selectFrom("contact_messages");
      if (status) base = base.where("status", "=", status as InboxStatus<"contact">);
      if (q) base = base.where(matchesText(["name", "email", "subject", "message"], q));
      return paged(
        async () => (await base.select((eb) => eb.fn.countAll().as("n")).executeTakeFirstOrThrow()).n,
        async (limit, offset) =>
          (
            await base
              .select(["id", "name", "email", "subject", "message", "status", "read_at", "created_at"])
              .orderBy("created_at", "desc")
              .orderBy("id", "desc")
              .limit(limit)
              .offset(offset)
              .execute()
          ).map((r) => ({
            id: r.id,
            title: r.subject?.trim() || r.message.slice(0, 80),
            detail: `${r.name} <${r.email}>`,
            status: r.status,
            unread: r.read_at === null,
            createdAt: String(r.created_at),
            count: 1,
          })),
        page,
      );
    }
    case "dmca": {
      let base = db.selectFrom("dmca_notices");
      if (status) base = base.where("status", "=", status as InboxStatus<"dmca">);
      if (q) base = base.where(matchesText(["name", "email", "content_url", "message"], q));
      return paged(
        async () => (await base.select((eb) => eb.fn.countAll().as("n")).executeTakeFirstOrThrow()).n,
        async (limit, offset) =>
          (
            await base
              .select(["id", "name", "email", "content_url", "status", "read_at", "created_at"])
              .orderBy("created_at", "desc")
              .orderBy("id", "desc")
              .limit(limit)
              .offset(offset)
              .execute()
          ).map((r) => ({
            id: r.id,
            title: r.content_url,
            detail: `${r.name} <${r.email}>`,
            status: r.status,
            unread: r.read_at === null,
            createdAt: String(r.created_at),
            count: 1,
          })),
        page,
      );
    }
  }
}

/** Items no admin has opened yet, per kind (a report group counts once). */
export async function countUnread(db: Db): Promise<UnreadCounts> {
  const [requests, reports, contact, dmca] = await Promise.all([
    db
      .selectFrom("content_requests")
      .select((eb) => eb.fn.countAll().as("n"))
      .where("read_at", "is", null)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom("link_reports")
      .select(sql<number | string>`count(distinct coalesce(primary_id, id))`.as("n"))
      .where("read_at", "is", null)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom("contact_messages")
      .select((eb) => eb.fn.countAll().as("n"))
      .where("read_at", "is", null)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom("dmca_notices")
      .select((eb) => eb.fn.countAll().as("n"))
      .where("read_at", "is", null)
      .executeTakeFirstOrThrow(),
  ]);
  const n = (row: { n: unknown }) => toCount(row.n as number | string);
  return { requests: n(requests), reports: n(reports), contact: n(contact), dmca: n(dmca) };
}

/** Marks an item read the first time an admin opens it (a report: its whole group). */
export async function markInboxRead(db: Db, kind: InboxKind, id: number): Promise<void> {
  const at = nowIso();
  switch (kind) {
    case "requests":
      await db.updateTable("content_requests").set({ read_at: at }).where("id", "=", id).where("read_at", "is", null).execute();
      return;
    case "reports":
      await db
        .updateTable("link_reports")
        .set({ read_at: at })
        .where((eb) => eb.or([eb("id", "=", id), eb("primary_id", "=", id)]))
        .where("read_at", "is", null)
        .execute();
      return;
    case "contact":
      await db.updateTable("contact_messages").set({ read_at: at }).where("id", "=", id).where("read_at", "is", null).execute();
      return;
    case "dmca":
      await db.updateTable("dmca_notices").set({ read_at: at }).where("id", "=", id).where("read_at", "is", null).execute();
      return;
  }
}

async function adminNames(db: Db, ids: (number | null)[]): Promise<Map<number, string>> {
  const unique = [...new Set(ids.filter((id): id is number => id !== null))];
  if (!unique.length) return new Map();
  const rows = await db.selectFrom("admins").select(["id", "name"]).where("id", "in", unique).execute();
  return new Map(rows.map((r) => [r.id, r.name]));
}

interface Resolution {
  resolvedAt: string | null;
  resolvedBy: string | null;
}

// ---------------------------------------------------------------- requests

export interface RequestSubmission {
  id: number;
  source: string;
  name: string | null;
  email: string | null;
  contentType: string | null;
  title: string | null;
  year: string | null;
  imdbUrl: string | null;
  message: string | null;
  quality: string | null;
  /** "City, Region, Country" as far as known. */
  location: string | null;
  coordinates: { latitude: number; longitude: number } | null;
  createdAt: string;
}

export interface RequestDetail extends Resolution {
  kind: "requests";
  id: number;
  title: string;
  year: number | null;
  contentType: string;
  imdbId: string | null;
  tmdbId: number | null;
  quality: string | null;
  status: InboxStatus<"requests">;
  requestCount: number;
  /** The catalogue title a quick request asks a quality of. */
  catalogueTitle: InboxTitleRef | null;
  fulfilledTitle: InboxTitleRef | null;
  declineReason: string | null;
  createdAt: string;
  submissions: RequestSubmission[];
}

export async function getRequestDetail(db: Db, id: number): Promise<RequestDetail | null> {
  const row = await db.selectFrom("content_requests").selectAll().where("id", "=", id).executeTakeFirst();
  if (!row) return null;
  const submissions = await db.selectFrom("content_request_submissions").selectAll().where("request_id", "=", id).orderBy("id").execute();
  const titles = await titleRefs(
    db,
    [row.title_id, row.fulfilled_title_id].filter((v): v is number => v !== null),
  );
  const names = await adminNames(db, [row.resolved_by]);
  return {
    kind: "requests",
    id: row.id,
    title: row.title,
    year: row.year,
    contentType: row.content_type,
    imdbId: row.imdb_id,
    tmdbId: row.tmdb_id,
    quality: row.quality,
    status: row.status,
    requestCount: Number(row.request_count),
    catalogueTitle: row.title_id ? (titles.get(row.title_id) ?? null) : null,
    fulfilledTitle: row.fulfilled_title_id ? (titles.get(row.fulfilled_title_id) ?? null) : null,
    declineReason: row.decline_reason,
    createdAt: String(row.created_at),
    resolvedAt: row.resolved_at,
    resolvedBy: row.resolved_by ? (names.get(row.resolved_by) ?? null) : null,
    submissions: submissions.map((s) => ({
      id: s.id,
      source: s.source,
      name: s.name,
      email: s.email,
      contentType: s.content_type,
      title: s.title,
      year: s.year,
      imdbUrl: s.imdb_url,
      message: s.message,
      quality: s.quality,
      location: [s.city, s.region, s.country].filter(Boolean).join(", ") || null,
      coordinates: s.latitude !== null && s.longitude !== null ? { latitude: Number(s.latitude), longitude: Number(s.longitude) } : null,
      createdAt: String(s.created_at),
    })),
  };
}

export type RequestChange =
  { status: "fulfilled"; fulfilledTitleId: number | null } | { status: "declined"; reason: string } | { status: "pending" };

/** pending → fulfilled (by a catalogue title) or declined (with a reason); either back to pending. */
export async function setRequestStatus(db: Db, actor: Actor, id: number, change: RequestChange): Promise<void> {
  await inTransaction(db, async (trx) => {
    const row = await trx.selectFrom("content_requests").select(["id", "title", "status"]).where("id", "=", id).executeTakeFirst();
    if (!row) throw new AppError(404, INBOX_ITEM_NOT_FOUND);
    const at = nowIso();
    if (change.status === "pending") {
      if (row.status === "pending") throw new AppError(409, STATUS_NOT_ALLOWED);
      await trx
        .updateTable("content_requests")
        .set({ status: "pending", fulfilled_title_id: null, decline_reason: null, resolved_at: null, resolved_by: null, updated_at: at })
        .where("id", "=", id)
        .execute();
      await recordAudit(trx, actor, {
        action: "request.reopen",
        entityType: "request",
        entityId: id,
        summary: `Reopened the request for “${row.title}”`,
      });
      return;
    }
    if (row.status !== "pending") throw new AppError(409, STATUS_NOT_ALLOWED);
    if (change.status === "fulfilled") {
      const title = change.fulfilledTitleId ? (await titleRefs(trx, [change.fulfilledTitleId])).get(change.fulfilledTitleId) : undefined;
      if (!title) throw new AppError(400, CHOOSE_FULFILLING_TITLE, { fields: { fulfilledTitleId: [CHOOSE_FULFILLING_TITLE] } });
      await trx
        .updateTable("content_requests")
        .set({
          status: "fulfilled",
          fulfilled_title_id: title.id,
          decline_reason: null,
          resolved_at: at,
          resolved_by: actor.id,
          updated_at: at,
        })
        .where("id", "=", id)
        .execute();
      await recordAudit(trx, actor, {
        action: "request.fulfill",
        entityType: "request",
        entityId: id,
        summary: `Marked the request for “${row.title}” fulfilled by “${title.title}”`,
        details: { fulfilledTitleId: title.id },
      });
      return;
    }
    const reason = change.reason.trim();
    if (!reason) throw new AppError(400, DECLINE_REASON_REQUIRED, { fields: { reason: [DECLINE_REASON_REQUIRED] } });
    await trx
      .updateTable("content_requests")
      .set({
        status: "declined",
        decline_reason: reason.slice(0, 1000),
        fulfilled_title_id: null,
        resolved_at: at,
        resolved_by: actor.id,
        updated_at: at,
      })
      .where("id", "=", id)
      .execute();
    await recordAudit(trx, actor, {
      action: "request.decline",
      entityType: "request",
      entityId: id,
      summary: `Declined the request for “${row.title}”: ${reason}`,
      details: { reason },
    });
  });
}

// ---------------------------------------------------------------- reports

export interface ReportEntry {
  id: number;
  seasonEpisode: string | null;
  quality: string | null;
  linkType: string | null;
  additionalInfo: string | null;
  linkUrl: string | null;
  createdAt: string;
}

export interface ReportDetail extends Resolution {
  kind: "reports";
  id: number;
  contentName: string;
  status: InboxStatus<"reports">;
  resolutionNote: string | null;
  /** The link as reported; `link` is what the catalogue holds now (null once deleted). */
  linkUrl: string | null;
  link: InboxLinkRef | null;
  /** True when the catalogue's link no longer has the reported address. */
  linkReplaced: boolean;
  title: InboxTitleRef | null;
  createdAt: string;
  /** The primary first, then the reports merged into it. */
  reports: ReportEntry[];
}

export async function getReportDetail(db: Db, id: number): Promise<ReportDetail | null> {
  const primary = await db.selectFrom("link_reports").selectAll().where("id", "=", id).executeTakeFirst();
  // A merged report opens as its group.
  if (!primary || primary.primary_id !== null) return null;
  const merged = await db.selectFrom("link_reports").selectAll().where("primary_id", "=", id).orderBy("id").execute();
  const link = primary.link_id ? ((await linkRefs(db, [primary.link_id])).get(primary.link_id) ?? null) : null;
  const titleId = link?.titleId ?? primary.title_id;
  const title = titleId ? ((await titleRefs(db, [titleId])).get(titleId) ?? null) : null;
  const names = await adminNames(db, [primary.resolved_by]);
  return {
    kind: "reports",
    id: primary.id,
    contentName: primary.content_name,
    status: primary.status,
    resolutionNote: primary.resolution_note,
    linkUrl: primary.link_url,
    link,
    linkReplaced: primary.link_id !== null && (link === null || (primary.link_url !== null && link.url !== primary.link_url)),
    title,
    createdAt: String(primary.created_at),
    resolvedAt: primary.resolved_at,
    resolvedBy: primary.resolved_by ? (names.get(primary.resolved_by) ?? null) : null,
    reports: [primary, ...merged].map((r) => ({
      id: r.id,
      seasonEpisode: r.season_episode,
      quality: r.quality,
      linkType: r.link_type,
      additionalInfo: r.additional_info,
      linkUrl: r.link_url,
      createdAt: String(r.created_at),
    })),
  };
}

/**
 * Sets the status of a report group (the primary and every report merged into
 * it). Used by the inbox and by the title editor's automatic and one-click fixes.
 */
export async function setReportGroupStatus(
  db: Db,
  actor: Actor,
  id: number,
  status: InboxStatus<"reports">,
  note: string | null,
  audit: { action?: string; summary?: string } = {},
): Promise<void> {
  await inTransaction(db, async (trx) => {
    const row = await trx
      .selectFrom("link_reports")
      .select(["id", "primary_id", "status", "content_name"])
      .where("id", "=", id)
      .executeTakeFirst();
    if (!row || row.primary_id !== null) throw new AppError(404, INBOX_ITEM_NOT_FOUND);
    if (row.status === status || (status !== "open" && row.status !== "open")) throw new AppError(409, STATUS_NOT_ALLOWED);
    const at = nowIso();
    const resolved = status !== "open";
    const cleanNote = note?.trim().slice(0, 1000) || null;
    const result = await trx
      .updateTable("link_reports")
      .set({
        status,
        resolution_note: resolved ? cleanNote : null,
        resolved_at: resolved ? at : null,
        resolved_by: resolved ? actor.id : null,
        updated_at: at,
      })
      .where((eb) => eb.or([eb("id", "=", id), eb("primary_id", "=", id)]))
      .executeTakeFirst();
    const size = Number(result.numUpdatedRows);
    const reports = `${size} report${size === 1 ? "" : "s"}`;
    const verb = status === "open" ? "Reopened" : status === "fixed" ? "Marked fixed" : "Marked invalid";
    await recordAudit(trx, actor, {
      action: audit.action ?? (status === "open" ? "report.reopen" : `report.${status}`),
      entityType: "report",
      entityId: id,
      summary:
        audit.summary ??
        `${verb} the broken-link report on “${row.content_name}” (${reports})${cleanNote && resolved ? `: ${cleanNote}` : ""}`,
      details: { status, note: cleanNote, reports: size },
    });
  });
}

// ---------------------------------------------------------------- contact

export interface ContactDetail extends Resolution {
  kind: "contact";
  id: number;
  name: string;
  email: string;
  subject: string | null;
  message: string;
  status: InboxStatus<"contact">;
  createdAt: string;
}

export async function getContactDetail(db: Db, id: number): Promise<ContactDetail | null> {
  const row = await db.selectFrom("contact_messages").selectAll().where("id", "=", id).executeTakeFirst();
  if (!row) return null;
  const names = await adminNames(db, [row.resolved_by]);
  return {
    kind: "contact",
    id: row.id,
    name: row.name,
    email: row.email,
    subject: row.subject,
    message: row.message,
    status: row.status,
    createdAt: String(row.created_at),
    resolvedAt: row.resolved_at,
    resolvedBy: row.resolved_by ? (names.get(row.resolved_by) ?? null) : null,
  };
}

/** new → answered or archived; either back to new. */
export async function setContactStatus(db: Db, actor: Actor, id: number, status: InboxStatus<"contact">): Promise<void> {
  await inTransaction(db, async (trx) => {
    const row = await trx
      .selectFrom("contact_messages")
      .select(["id", "status", "name", "subject"])
      .where("id", "=", id)
      .executeTakeFirst();
    if (!row) throw new AppError(404, INBOX_ITEM_NOT_FOUND);
    if (row.status === status) throw new AppError(409, STATUS_NOT_ALLOWED);
    const at = nowIso();
    const resolved = status !== "new";
    await trx
      .updateTable("contact_messages")
      .set({ status, resolved_at: resolved ? at : null, resolved_by: resolved ? actor.id : null, updated_at: at })
      .where("id", "=", id)
      .execute();
    const what = `the message from ${row.name}${row.subject ? ` (“${row.subject}”)` : ""}`;
    await recordAudit(trx, actor, {
      action: status === "new" ? "contact.reopen" : `contact.${status}`,
      entityType: "contact",
      entityId: id,
      summary: status === "new" ? `Reopened ${what}` : `Marked ${what} ${status}`,
      details: { from: row.status, to: status },
    });
  });
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
