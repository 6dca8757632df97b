import type { Db } from "#app/db/client.server.ts";
import type { InboxStatus } from "#app/modules/inbox/inbox.ts";
import {
  listNewestFirst,
  noCandidates,
  resolutionOf,
  singleRowItems,
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
  list: (db, params) =>
    listNewestFirst(db.selectFrom("contact_messages"), params, {
      search: ["name", "email", "subject", "message"],
      select: (rows) => rows.select(["id", "name", "email", "subject", "message", "status", "read_at", "created_at"]),
      toRow: (r) => ({ title: r.subject?.trim() || r.message.slice(0, 80), detail: `${r.name} <${r.email}>` }),
    }),
  ...singleRowItems("contact_messages"),
  detail: getContactDetail,
  candidates: noCandidates,
  async reopen(db, actor, id) {
    await setContactStatus(db, actor, id, "new");
    return CONTACT_TRIAGE_MESSAGES.reopened;
  },
};
