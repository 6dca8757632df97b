import { href } from "react-router";

/**
 * The inbox's four kinds of visitor submission and where an admin finds each: the
 * contract between the visitor forms, the admin inbox and operator notifications.
 */
export const INBOX_KINDS = ["requests", "reports", "contact", "dmca"] as const;
export type InboxKind = (typeof INBOX_KINDS)[number];

export const INBOX_PATH = href("/dashboard/inbox");

/** The inbox tab of a kind, e.g. /dashboard/inbox/dmca. */
export function inboxPath(kind: InboxKind): string {
  return href("/dashboard/inbox/:kind", { kind });
}

/** One item in the inbox, e.g. /dashboard/inbox/dmca/12. */
export function inboxItemPath(kind: InboxKind, id: number): string {
  return href("/dashboard/inbox/:kind/:id", { kind, id: String(id) });
}

/** What operators are told about a new submission (e-mail and webhook). */
export interface InboxEvent {
  kind: InboxKind;
  /** The inbox row: a merged request or report names the row it joined. */
  id: number;
  /** True when the submission joined an earlier one (a repeated request or report). */
  merged: boolean;
  /** One line for a subject or a chat message, e.g. 'Content request: "Dune" (2021)'. */
  summary: string;
  /** The submission's fields as the visitor sent them (never their address). */
  fields: Record<string, string | number | boolean | null>;
  /** When it was stored, ISO 8601. */
  at: string;
}
