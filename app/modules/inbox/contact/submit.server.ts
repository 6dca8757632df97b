import type { Db } from "#app/db/client.server.ts";
import type { InboxEvent } from "#app/modules/inbox/events.ts";
import type { ContactForm } from "./schema.ts";

/** Stores a contact message as typed; the inbox lists it as new. */
export async function submitContactMessage(db: Db, form: ContactForm, clientHash: string | null): Promise<InboxEvent> {
  const at = new Date().toISOString();
  const row = await db
    .insertInto("contact_messages")
    .values({
      name: form.name,
      email: form.email,
      subject: form.subject,
      message: form.message,
      client_hash: clientHash,
      created_at: at,
      updated_at: at,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return {
    kind: "contact",
    id: Number(row.id),
    merged: false,
    summary: `Contact: ${form.subject ?? `message from ${form.name}`}`,
    fields: { name: form.name, email: form.email, subject: form.subject, message: form.message },
    at,
  };
}
