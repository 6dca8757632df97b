import { data } from "react-router";
import { requireId } from "#app/utils/ids.ts";
import { parsePage } from "#app/utils/pagination.ts";
import { INBOX_KINDS, inboxPath, type InboxKind } from "./events.ts";

/**
 * What the admin inbox shows and accepts, shared by its loaders and its pages:
 * each kind's statuses (the first is the one a new item has), tab labels and the
 * list's URL filters.
 */

export const INBOX_STATUSES = {
  requests: ["pending", "fulfilled", "declined"],
  reports: ["open", "fixed", "invalid"],
  contact: ["new", "answered", "archived"],
  dmca: ["received", "actioned", "rejected"],
} as const satisfies Record<InboxKind, readonly string[]>;

export type InboxStatus<K extends InboxKind = InboxKind> = (typeof INBOX_STATUSES)[K][number];

export const INBOX_TAB_LABELS: Record<InboxKind, string> = {
  requests: "Requests",
  reports: "Broken links",
  contact: "Contact",
  dmca: "DMCA",
};

export const STATUS_LABELS: Record<string, string> = {
  pending: "Pending",
  fulfilled: "Fulfilled",
  declined: "Declined",
  open: "Open",
  fixed: "Fixed",
  invalid: "Invalid",
  new: "New",
  answered: "Answered",
  archived: "Archived",
  received: "Received",
  actioned: "Actioned",
  rejected: "Rejected",
};

export const INBOX_PAGE_SIZE = 20;
export const INBOX_SEARCH_MAX_LENGTH = 100;

export function isInboxKind(value: string | undefined): value is InboxKind {
  return (INBOX_KINDS as readonly string[]).includes(value ?? "");
}

export function isStatusOf<K extends InboxKind>(kind: K, value: string | null | undefined): value is InboxStatus<K> {
  return (INBOX_STATUSES[kind] as readonly string[]).includes(value ?? "");
}

export interface InboxListParams {
  /** Absent: every status. */
  status: string | null;
  q: string;
  page: number;
}

/** The list's filters from its URL; anything unknown is ignored rather than an error. */
export function parseInboxListParams(kind: InboxKind, params: URLSearchParams): InboxListParams {
  const status = params.get("status");
  return {
    status: isStatusOf(kind, status) ? status : null,
    q: (params.get("q") ?? "").trim().slice(0, INBOX_SEARCH_MAX_LENGTH),
    page: parsePage(params.get("page")).page,
  };
}

/** The list URL with these filters (page 1 and empty filters are left out). */
export function inboxListHref(kind: InboxKind, params: Partial<InboxListParams>): string {
  const search = new URLSearchParams();
  if (params.status) search.set("status", params.status);
  if (params.q) search.set("q", params.q);
  if (params.page && params.page > 1) search.set("page", String(params.page));
  const text = search.toString();
  return `${inboxPath(kind)}${text ? `?${text}` : ""}`;
}

export type UnreadCounts = Record<InboxKind, number>;

export function totalUnread(counts: UnreadCounts): number {
  return INBOX_KINDS.reduce((n, kind) => n + counts[kind], 0);
}

export const INBOX_SECTION_NOT_FOUND = "There is no such inbox section.";
export const INBOX_ITEM_NOT_FOUND = "This inbox item does not exist or was removed.";
export const STATUS_NOT_ALLOWED = "That change is not possible from the item's current status. Reload the page to see it.";
/** A form's choice that none of its buttons sends (a stale page, a hand-made post). */
export const ACTION_NOT_AVAILABLE = "That action is not available here. Reload the page and try again.";

/** The kind in an inbox URL; a 404 page for any other. */
export function requireInboxKind(kind: string | undefined): InboxKind {
  if (!isInboxKind(kind)) throw data(INBOX_SECTION_NOT_FOUND, { status: 404 });
  return kind;
}

/**
 * The item an inbox URL names (/dashboard/inbox/:kind/:id, and the item's form
 * routes below it); a 404 page for an unknown kind, a malformed id or, for a form
 * of one kind (`only`), an item of another.
 */
export function requireInboxItem<K extends InboxKind = InboxKind>(
  params: { kind?: string; id?: string },
  only?: K,
): { kind: K; id: number } {
  if (!isInboxKind(params.kind) || (only !== undefined && params.kind !== only)) throw data(INBOX_ITEM_NOT_FOUND, { status: 404 });
  return { kind: params.kind as K, id: requireId(params.id, INBOX_ITEM_NOT_FOUND) };
}

/** "1080p", or "Season 1 · 480p", plus the episode and host label: how a link is told apart from its siblings. */
export function describeLink(link: { season: string | null; quality: string; fileTitle: string | null; label: string }): string {
  return [link.season, link.quality, link.fileTitle, link.label].filter(Boolean).join(" · ");
}
