import { sql, type Expression, type SelectQueryBuilder, type SqlBool } from "kysely";
import type { Db } from "#app/db/client.server.ts";
import { toCount } from "#app/db/dialect.server.ts";
import type { Actor } from "#app/modules/audit/audit.server.ts";
import { escapeLike } from "#app/utils/sql.ts";
import type { Page } from "#app/utils/pagination.ts";
import type { TitleWithLinks } from "#app/modules/catalogue/link-refs.server.ts";
import { LIMITS } from "./forms.ts";
import { INBOX_PAGE_SIZE, type InboxListParams } from "./inbox.ts";
import { clampPage } from "#app/utils/pagination.ts";
import { adminName } from "#app/modules/auth/admin-refs.server.ts";

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

/**
 * The columns a status change writes on every kind: closing an item records when
 * and by whom, reopening clears both; `updated_at` either way.
 */
export function resolutionColumns(closed: boolean, actor: Actor, at = nowIso()) {
  return { resolved_at: closed ? at : null, resolved_by: closed ? actor.id : null, updated_at: at };
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

/** How a kind lists its rows: the columns the text search looks in, the columns a row needs, and what a row is about. */
export interface ListShape<DB, TB extends keyof DB, O extends ListedColumns> {
  search: string[];
  select: (filtered: SelectQueryBuilder<DB, TB, object>) => SelectQueryBuilder<DB, TB, O>;
  toRow: (row: O) => Pick<InboxRow, "title" | "detail"> & Partial<InboxRow>;
  /** Prefixes the status and ordering columns when the table has an alias ("r."). */
  alias?: string;
}

/**
 * One page of a kind's list, filtered by the asked status and text, newest first
 * (then by id), a page past the end clamped to the last. `base` is the kind's rows.
 */
export async function listNewestFirst<DB, TB extends keyof DB, O extends ListedColumns>(
  base: SelectQueryBuilder<DB, TB, object>,
  { status, q, page }: InboxListParams,
  { search, select, toRow, alias = "" }: ListShape<DB, TB, O>,
): Promise<Page<InboxRow>> {
  if (status) base = base.where(sql<SqlBool>`${sql.ref(`${alias}status`)} = ${status}`);
  if (q) base = base.where(matchesText(search, q));
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

/** Unread counting and marking read for a kind whose rows are one item each. */
export function singleRowItems(table: SingleRowTable): Pick<InboxKindSource<unknown>, "countUnread" | "markRead"> {
  return {
    async countUnread(db) {
      const { n } = await db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as("n"))
        .where("read_at", "is", null)
        .executeTakeFirstOrThrow();
      return toCount(n as number | string);
    },
    async markRead(db, id) {
      await db.updateTable(table).set({ read_at: nowIso() }).where("id", "=", id).where("read_at", "is", null).execute();
    },
  };
}

/** The resolution of a row: when, and the name of the admin who resolved it. */
export async function resolutionOf(db: Db, row: { resolved_at: string | null; resolved_by: number | null }): Promise<Resolution> {
  const resolvedBy = row.resolved_by === null ? null : await adminName(db, row.resolved_by);
  return { resolvedAt: row.resolved_at, resolvedBy };
}

/** For kinds whose page offers no catalogue titles. */
export const noCandidates = async (): Promise<TitleWithLinks[]> => [];
