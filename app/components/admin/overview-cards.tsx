import { Link } from "react-router";
import { formatCount } from "#app/utils/format.ts";
import { Card, EmptyState } from "#app/components/admin/ui.tsx";
import { inboxItemPath, inboxPath } from "#app/modules/inbox/events.ts";
import type { InboxSummary } from "#app/modules/inbox/inbox.server.ts";

/** What waits in the inbox, each figure opening its tab filtered to what is waiting. */
export function InboxCard({ inbox }: { inbox: InboxSummary }) {
  const figures = [
    { label: "Open requests", value: inbox.openRequests, href: `${inboxPath("requests")}?status=pending` },
    { label: "Open reports", value: inbox.openReports, href: `${inboxPath("reports")}?status=open` },
    { label: "New messages", value: inbox.newMessages, href: `${inboxPath("contact")}?status=new` },
    { label: "DMCA notices waiting", value: inbox.dmcaWaiting, href: `${inboxPath("dmca")}?status=received` },
  ];
  return (
    <Card title="Inbox">
      <dl aria-label="Inbox figures" className="grid grid-cols-2 gap-3">
        {figures.map((f) => (
          <div key={f.label} className="relative rounded-xl border border-white/8 bg-white/3 p-3 hover:border-accent-400/50">
            <dt className="text-xs font-medium text-mist-300">
              <Link to={f.href} className="after:absolute after:inset-0 after:rounded-xl hover:text-white">
                {f.label}
              </Link>
            </dt>
            <dd className={`mt-1 text-2xl font-bold tabular-nums ${f.value > 0 ? "text-white" : "text-mist-400"}`}>
              {formatCount(f.value)}
            </dd>
          </div>
        ))}
      </dl>
    </Card>
  );
}

export function TopRequested({ inbox }: { inbox: InboxSummary }) {
  return (
    <Card
      title="Top requested titles"
      action={
        <Link to={`${inboxPath("requests")}?status=pending`} className="text-sm font-semibold text-accent-300 hover:text-accent-400">
          All requests
        </Link>
      }
    >
      {inbox.topRequested.length ? (
        <ol aria-label="Top requested titles" className="divide-y divide-white/8">
          {inbox.topRequested.map((r) => (
            <li key={r.id} className="flex items-center justify-between gap-3 py-2 text-sm first:pt-0 last:pb-0">
              <Link to={inboxItemPath("requests", r.id)} className="min-w-0 break-words text-mist-100 hover:text-white">
                {r.title}
                {r.year ? ` (${r.year})` : ""}
                {r.quality ? ` · ${r.quality}` : ""}
              </Link>
              <span className="shrink-0 rounded-full bg-white/8 px-2 py-0.5 text-xs font-semibold text-mist-100 tabular-nums">
                {r.requestCount} {r.requestCount === 1 ? "person" : "people"}
              </span>
            </li>
          ))}
        </ol>
      ) : (
        <EmptyState>No pending requests.</EmptyState>
      )}
    </Card>
  );
}
