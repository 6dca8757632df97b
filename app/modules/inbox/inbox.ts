import { INBOX_KINDS, type InboxKind } from "./events.ts";

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
  const page = Number(params.get("page"));
  return {
    status: isStatusOf(kind, status) ? status : null,
    q: (params.get("q") ?? "").trim().slice(0, INBOX_SEARCH_MAX_LENGTH),
    page: Number.isSafeInteger(page) && page > 0 ? page : 1,
  };
}

/** The list URL with these filters (page 1 and empty filters are left out). */
export function inboxListHref(kind: InboxKind, params: Partial<InboxListParams>): string {
  const search = new URLSearchParams();
  if (params.status) search.set("status", params.status);
  if (params.q) search.set("q", params.q);
  if (params.page && params.page > 1) search.set("page", String(params.page));
  const text = search.toString();
  return `/dashboard/inbox/${kind}${text ? `?${text}` : ""}`;
}

export type UnreadCounts = Record<InboxKind, number>;

export function totalUnread(counts: UnreadCounts): number {
  return INBOX_KINDS.reduce((n, kind) => n + counts[kind], 0);
}

export const DECLINE_REASON_REQUIRED = "Give a reason for declining this request.";
export const CHOOSE_FULFILLING_TITLE = "Choose the catalogue title that fulfils this request.";
export const CHOOSE_DMCA_TARGETS = "Choose at least one link or title to disable.";
export const INBOX_ITEM_NOT_FOUND = "This inbox item does not exist or was removed.";
export const STATUS_NOT_ALLOWED = "That change is not possible from the item's current status. Reload the page to see it.";

/** "1080p", or "Season 1 · 480p", plus the episode and host label: how a link is told apart from its siblings. */
export function describeLink(link: { season: string | null; quality: string; fileTitle: string | null; label: string }): string {
  return [link.season, link.quality, link.fileTitle, link.label].filter(Boolean).join(" · ");
}
