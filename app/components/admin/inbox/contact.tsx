import { href } from "react-router";
import { RelativeTime } from "#app/components/admin/relative-time.tsx";
import { buttonClass, Card } from "#app/components/admin/ui.tsx";
import type { ContactDetail } from "#app/modules/inbox/contact/queries.server.ts";
import { Facts, InboxForm, MailLink, Quote, Resolution, SubmitButton } from "./parts.tsx";

/** A contact message's page: the message, a reply by e-mail, and its status. */

export function contactHeading(item: ContactDetail): string {
  return item.subject?.trim() || `Message from ${item.name}`;
}

export function ContactView({ item, now }: { item: ContactDetail; now: number }) {
  const params = { kind: "contact", id: String(item.id) };
  const reply = `mailto:${item.email}?subject=${encodeURIComponent(`Re: ${item.subject ?? "Your message to Cinedex"}`)}`;
  return (
    <div className="grid grid-cols-1 gap-6 xl:grid-cols-3">
      <Card title="Message" className="xl:col-span-2">
        <Facts
          items={[
            ["From", item.name],
            ["E-mail", <MailLink key="e" email={item.email} />],
            ["Subject", item.subject],
            ["Sent", <RelativeTime key="t" at={item.createdAt} now={now} />],
          ]}
        />
        <Quote className="mt-4 p-4">{item.message}</Quote>
      </Card>
      <Card title="Status">
        <a href={reply} className={`${buttonClass("secondary")} mb-4 w-full`}>
          Reply by e-mail
        </a>
        {item.status === "new" ? (
          <InboxForm to={href("/dashboard/inbox/:kind/:id/resolve", params)} className="flex flex-wrap gap-2">
            <SubmitButton name="status" value="answered" label="Mark answered" />
            <SubmitButton name="status" value="archived" label="Archive" variant="secondary" />
          </InboxForm>
        ) : (
          <>
            <Resolution item={item}>
              <p>{item.status === "answered" ? "Answered" : "Archived"}</p>
            </Resolution>
            <InboxForm to={href("/dashboard/inbox/:kind/:id/reopen", params)} className="mt-4">
              <SubmitButton label="Mark as new" variant="secondary" />
            </InboxForm>
          </>
        )}
      </Card>
    </div>
  );
}
