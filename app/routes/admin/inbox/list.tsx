import { Filters, Row } from "#app/components/admin/inbox/list-parts.tsx";
import { useRouteLoaderData } from "react-router";
import { AdminPagination } from "#app/components/admin/admin-pagination.tsx";
import { plural } from "#app/utils/format.ts";
import { InboxTabs } from "#app/components/admin/inbox/common.tsx";
import { EmptyState, PageHeader } from "#app/components/admin/ui.tsx";
import { getApp } from "#app/context.ts";
import type { InboxKind } from "#app/modules/inbox/events.ts";
import { listInbox } from "#app/modules/inbox/inbox.server.ts";
import { INBOX_TAB_LABELS, inboxListHref, parseInboxListParams, requireInboxKind, STATUS_LABELS } from "#app/modules/inbox/inbox.ts";
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
