import { sql, type Expression, type SelectQueryBuilder, type SqlBool } from "kysely";
import type { Db } from "#app/db/client.server.ts";
import { toCount } from "#app/db/dialect.server.ts";
import type { Actor } from "#app/modules/audit/audit.server.ts";
import { escapeLike } from "#app/utils/sql.ts";
import type { Page } from "#app/modules/catalogue/types.ts";
import type { TitleWithLinks } from "./catalogue-refs.server.ts";
import { LIMITS } from "./forms.ts";
import { INBOX_PAGE_SIZE, type InboxListParams } from "./inbox.ts";
import { clampPage } from "#app/utils/pagination.ts";

/**
 * What the admin inbox needs of each kind of submission (`InboxKindSource`, one
 * per kind in its queries.server.ts, gathered in inbox.server.ts), and the query
 * helpers the kinds share.
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

/** Who closed an item, and when (null while it is open). */
export interface Resolution {
  resolvedAt: string | null;
  resolvedBy: string | null;
}

export interface InboxKindSource<Detail> {
  /** A page of the kind's items, newest first, filtered by status and text; a page past the end is clamped to the last. */
  list(db: Db, params: InboxListParams): Promise<Page<InboxRow>>;
  /** Items no admin has opened yet (a report group counts once). */
  countUnread(db: Db): Promise<number>;
  /** Marks an item read the first time an admin opens it (a report: its whole group). */
  markRead(db: Db, id: number): Promise<void>;
  /** Everything the item's page shows; null when there is no such item. */
  detail(db: Db, id: number): Promise<Detail | null>;
  /** Catalogue titles the page offers to choose from (what fulfils a request, what a notice names), given the admin's search. */
  candidates(db: Db, item: Detail, find: string): Promise<TitleWithLinks[]>;
  /** Puts a closed item back to its first status; returns what the admin is told. */
  reopen(db: Db, actor: Actor, id: number): Promise<string>;
}

export const nowIso = () => new Date().toISOString();

/** An admin's note as kept: trimmed, at most LIMITS.note long, null when blank. */
export function keptNote(note: string | null | undefined): string | null {
  return note?.trim().slice(0, LIMITS.note) || null;
}

/** Text search on several columns, ignoring case on both databases (lower() on both sides). */
export function matchesText(columns: string[], q: string): Expression<SqlBool> {
  const pattern = `%${escapeLike(q.toLowerCase())}%`;
  return sql<SqlBool>`(${sql.join(
    columns.map((c) => sql`lower(coalesce(${sql.ref(c)}, '')) like ${pattern} escape '\\'`),
    sql` or `,
  )})`;
}

/** The columns every kind's list selects; `toRow` adds the rest of its InboxRow (and may override these). */
interface ListedColumns {
  id: number;
  status: string;
  read_at: string | null;
  created_at: string;
}

/**
 * One page of a kind's list, newest first (then by id), a page past the end
 * clamped to the last: `base` is the kind's rows, filtered; `select` picks the
 * columns a row needs and `toRow` says what the row is about. `alias` prefixes the
 * ordering columns when the table has one ("r.").
 */
export async function listNewestFirst<DB, TB extends keyof DB, O extends ListedColumns>(
  base: SelectQueryBuilder<DB, TB, object>,
  select: (filtered: SelectQueryBuilder<DB, TB, object>) => SelectQueryBuilder<DB, TB, O>,
  toRow: (row: O) => Pick<InboxRow, "title" | "detail"> & Partial<InboxRow>,
  page: number,
  alias = "",
): Promise<Page<InboxRow>> {
  // The builder is generic over the kind's table, so its result type is spelled out.
  const counted = (await base.select(sql<number | string>`count(*)`.as("n")).executeTakeFirstOrThrow()) as { n: number | string };
  const total = toCount(counted.n);
  const { page: current, offset, totalPages } = clampPage(page, INBOX_PAGE_SIZE, total);
  const rows = await select(base)
    .orderBy(sql.ref(`${alias}created_at`), "desc")
    .orderBy(sql.ref(`${alias}id`), "desc")
    .limit(INBOX_PAGE_SIZE)
    .offset(offset)
    .execute();
  const items = rows.map((row) => ({
    id: row.id,
    status: row.status,
    unread: row.read_at === null,
    createdAt: String(row.created_at),
    count: 1,
    ...toRow(row),
  }));
  return { items, page: current, perPage: INBOX_PAGE_SIZE, total, totalPages };
}

/** The tables whose rows are one inbox item each (reports are grouped, see reports/queries.server.ts). */
type SingleRowTable = "content_requests" | "contact_messages" | "dmca_notices";

export async function countUnreadRows(db: Db, table: SingleRowTable): Promise<number> {
  const { n } = await db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll().as("n"))
    .where("read_at", "is", null)
    .executeTakeFirstOrThrow();
  return toCount(n as number | string);
}

export async function markRowRead(db: Db, table: SingleRowTable, id: number): Promise<void> {
  await db.updateTable(table).set({ read_at: nowIso() }).where("id", "=", id).where("read_at", "is", null).execute();
}

/** The resolution of a row: when, and the name of the admin who resolved it. */
export async function resolutionOf(db: Db, row: { resolved_at: string | null; resolved_by: number | null }): Promise<Resolution> {
  const admin =
    row.resolved_by === null
      ? undefined
      : await db.selectFrom("admins").select("name").where("id", "=", row.resolved_by).executeTakeFirst();
  return { resolvedAt: row.resolved_at, resolvedBy: admin?.name ?? null };
}

/** For kinds whose page offers no catalogue titles. */
export const noCandidates = async (): Promise<TitleWithLinks[]> => [];
