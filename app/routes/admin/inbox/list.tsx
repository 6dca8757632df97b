import { Form, Link, useNavigation, useRouteLoaderData } from "react-router";
import { AdminPagination } from "#app/components/admin/admin-pagination.tsx";
import { plural } from "#app/utils/format.ts";
import { InboxTabs, StatusBadge } from "#app/components/admin/inbox/common.tsx";
import { RelativeTime } from "#app/components/admin/relative-time.tsx";
import { buttonClass, EmptyState, ListSearchInput, PageHeader } from "#app/components/admin/ui.tsx";
import { getApp } from "#app/context.ts";
import { inboxItemPath, type InboxKind } from "#app/modules/inbox/events.ts";
import { listInbox } from "#app/modules/inbox/inbox.server.ts";
import {
  INBOX_SEARCH_MAX_LENGTH,
  INBOX_STATUSES,
  INBOX_TAB_LABELS,
  inboxListHref,
  parseInboxListParams,
  requireInboxKind,
  STATUS_LABELS,
  type InboxListParams,
} from "#app/modules/inbox/inbox.ts";
import type { InboxRow } from "#app/modules/inbox/source.server.ts";
import type { loader as layoutLoader } from "#app/routes/admin/layout.tsx";
import type { Route } from "./+types/list";

export { AdminErrorBoundary as ErrorBoundary } from "#app/components/admin/error-boundary.tsx";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const kind = requireInboxKind(params.kind);
  const filters = parseInboxListParams(kind, new URL(request.url).searchParams);
  return { kind, filters, list: await listInbox(getApp(context).db, kind, filters), now: Date.now() };
}

export function meta({ data }: Route.MetaArgs) {
  return [
    { title: `${data ? `${INBOX_TAB_LABELS[data.kind]} · ` : ""}Inbox | Cinedex Admin` },
    { name: "robots", content: "noindex, nofollow" },
  ];
}

const COUNT_WORDS: Record<InboxKind, string> = { requests: "request", reports: "report", contact: "message", dmca: "notice" };
const SEARCH_HINTS: Record<InboxKind, string> = {
  requests: "Search by title, name, e-mail or message",
  reports: "Search by content, link or details",
  contact: "Search by name, e-mail, subject or message",
  dmca: "Search by name, e-mail, URL or message",
};

function Filters({ kind, filters }: { kind: InboxKind; filters: InboxListParams }) {
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

function Row({ kind, row, search, now }: { kind: InboxKind; row: InboxRow; search: string; now: number }) {
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

export default function InboxList({ loaderData }: Route.ComponentProps) {
  const { kind, filters, list, now } = loaderData;
  // The layout reads the unread counts once per request; the tabs and the summary show them.
  const unread = useRouteLoaderData<typeof layoutLoader>("routes/admin/layout")!.inboxUnread;
  const search = (() => {
    const href = inboxListHref(kind, filters);
    const at = href.indexOf("?");
    return at === -1 ? "" : href.slice(at);
  })();
  const filtered = Boolean(filters.status || filters.q);
  return (
    <>
      <PageHeader title="Inbox" subtitle="What visitors sent: requests, broken-link reports, messages and DMCA notices." />
      <InboxTabs current={kind} unread={unread} />
      <Filters kind={kind} filters={filters} />
      <p className="mb-3 text-sm text-mist-300" aria-live="polite">
        {plural(list.total, COUNT_WORDS[kind])}
        {filters.status ? ` · ${STATUS_LABELS[filters.status]}` : ""}
        {filters.q ? ` matching “${filters.q}”` : ""}
        {unread[kind] > 0 ? ` · ${unread[kind]} unread` : ""}
      </p>
      {list.items.length ? (
        <ul aria-label={INBOX_TAB_LABELS[kind]} className="overflow-hidden rounded-2xl border border-white/8 bg-ink-900/80">
          {list.items.map((row) => (
            <Row key={row.id} kind={kind} row={row} search={search} now={now} />
          ))}
        </ul>
      ) : (
        <EmptyState>{filtered ? "Nothing matches these filters." : "Nothing here yet."}</EmptyState>
      )}
      <AdminPagination page={list.page} totalPages={list.totalPages} hrefFor={(page) => inboxListHref(kind, { ...filters, page })} />
    </>
  );
}
