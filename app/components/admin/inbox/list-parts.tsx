import { Form, Link, useNavigation } from "react-router";
import { StatusBadge } from "#app/components/admin/inbox/common.tsx";
import { RelativeTime } from "#app/components/admin/relative-time.tsx";
import { buttonClass, ListSearchInput } from "#app/components/admin/ui.tsx";
import { inboxItemPath, type InboxKind } from "#app/modules/inbox/events.ts";
import { INBOX_SEARCH_MAX_LENGTH, INBOX_STATUSES, inboxListHref, STATUS_LABELS, type InboxListParams } from "#app/modules/inbox/inbox.ts";
import type { InboxRow } from "#app/modules/inbox/source.server.ts";

const SEARCH_HINTS: Record<InboxKind, string> = {
  requests: "Search by title, name, e-mail or message",
  reports: "Search by content, link or details",
  contact: "Search by name, e-mail, subject or message",
  dmca: "Search by name, e-mail, URL or message",
};

export function Filters({ kind, filters }: { kind: InboxKind; filters: InboxListParams }) {
  const navigation = useNavigation();
  const busy = navigation.state === "loading" && navigation.location.pathname === inboxListHref(kind, {});
  const statuses: (string | null)[] = [null, ...INBOX_STATUSES[kind]];
  return (
    <div className="mb-4 flex flex-col gap-3 lg:flex-row lg:items-center lg:justify-between">
      <Form method="get" action={inboxListHref(kind, {})} role="search" className="flex w-full gap-2 lg:max-w-md">
        <ListSearchInput
          id="inbox-q"
          label={SEARCH_HINTS[kind]}
          defaultValue={filters.q}
          maxLength={INBOX_SEARCH_MAX_LENGTH}
          placeholder={`${SEARCH_HINTS[kind]}…`}
        />
        {filters.status && <input type="hidden" name="status" value={filters.status} />}
        <button type="submit" className={buttonClass("secondary")} disabled={busy}>
          Search
        </button>
      </Form>
      <div
        role="group"
        aria-label="Filter by status"
        className="inline-flex flex-wrap self-start rounded-lg border border-white/12 bg-ink-900 p-1"
      >
        {statuses.map((status) => (
          <Link
            key={status ?? "all"}
            to={inboxListHref(kind, { status, q: filters.q })}
            aria-current={filters.status === status ? "true" : undefined}
            className={`rounded-md px-3 py-1.5 text-sm font-medium transition-colors ${
              filters.status === status ? "bg-accent-500 text-ink-950" : "text-mist-300 hover:bg-white/8 hover:text-white"
            }`}
          >
            {status ? STATUS_LABELS[status] : "All"}
          </Link>
        ))}
      </div>
    </div>
  );
}

export function Row({ kind, row, search, now }: { kind: InboxKind; row: InboxRow; search: string; now: number }) {
  return (
    <li className="relative flex gap-3 border-t border-white/8 px-4 py-3 first:border-t-0 hover:bg-white/3 focus-within:bg-white/3">
      <span className={`mt-1.5 h-2.5 w-2.5 shrink-0 rounded-full ${row.unread ? "bg-accent-400" : "bg-transparent"}`} aria-hidden="true" />
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <Link
            to={`${inboxItemPath(kind, row.id)}${search}`}
            className={`min-w-0 break-words after:absolute after:inset-0 ${row.unread ? "font-bold text-white" : "font-medium text-mist-100"}`}
          >
            {row.unread && <span className="sr-only">Unread: </span>}
            {row.title}
          </Link>
          <StatusBadge status={row.status} />
          {row.count > 1 && (
            <span className="rounded-full bg-white/8 px-2 py-0.5 text-xs font-semibold text-mist-100 tabular-nums">
              {kind === "requests" ? `${row.count} people` : `${row.count} reports`}
            </span>
          )}
        </div>
        {row.detail && <p className="mt-0.5 truncate text-sm text-mist-300">{row.detail}</p>}
      </div>
      <RelativeTime at={row.createdAt} now={now} className="shrink-0 text-xs text-mist-400" />
    </li>
  );
}
