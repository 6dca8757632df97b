import type { Db } from "#app/db/client.server.ts";
import type { InboxStatus } from "#app/modules/inbox/inbox.ts";
import {
  countUnreadRows,
  listNewestFirst,
  markRowRead,
  matchesText,
  noCandidates,
  resolutionOf,
  type InboxKindSource,
  type Resolution,
} from "#app/modules/inbox/source.server.ts";
import { setContactStatus } from "./actions.server.ts";
import { CONTACT_TRIAGE_MESSAGES } from "./schema.ts";

/** Contact messages in the admin inbox. */

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
  return {
    kind: "contact",
    id: row.id,
    name: row.name,
    email: row.email,
    subject: row.subject,
    message: row.message,
    status: row.status,
    createdAt: String(row.created_at),
    ...(await resolutionOf(db, row)),
  };
}

export const contactInbox: InboxKindSource<ContactDetail> = {
  list(db, { status, q, page }) {
    let base = db.selectFrom("contact_messages");
    if (status) base = base.where("status", "=", status as InboxStatus<"contact">);
    if (q) base = base.where(matchesText(["name", "email", "subject", "message"], q));
    return listNewestFirst(
      base,
      (rows) => rows.select(["id", "name", "email", "subject", "message", "status", "read_at", "created_at"]),
      (r) => ({ title: r.subject?.trim() || r.message.slice(0, 80), detail: `${r.name} <${r.email}>` }),
      page,
    );
  },
  countUnread: (db) => countUnreadRows(db, "contact_messages"),
  markRead: (db, id) => markRowRead(db, "contact_messages", id),
  detail: getContactDetail,
  candidates: noCandidates,
  async reopen(db, actor, id) {
    await setContactStatus(db, actor, id, "new");
    return CONTACT_TRIAGE_MESSAGES.reopened;
  },
};
