import { Link, Outlet, useLocation, useRouteLoaderData } from "react-router";
import { InboxTabs, StatusBadge } from "#app/components/admin/inbox/common.tsx";
import { inboxHeading, type InboxItemContext } from "#app/components/admin/inbox/item.tsx";
import { ArrowLeftIcon } from "#app/components/ui/icons.tsx";
import { getApp } from "#app/context.ts";
import { getInboxItem, markInboxRead } from "#app/modules/inbox/inbox.server.ts";
import {
  INBOX_ITEM_NOT_FOUND,
  INBOX_SEARCH_MAX_LENGTH,
  INBOX_TAB_LABELS,
  inboxListHref,
  isInboxKind,
  requireInboxItem,
} from "#app/modules/inbox/inbox.ts";
import type { loader as layoutLoader } from "#app/routes/admin/layout.tsx";
import { parseId } from "#app/utils/ids.ts";
import type { Route } from "./+types/item";
import { pageLoader, requireFound } from "#app/utils/errors.ts";

export { AdminErrorBoundary as ErrorBoundary } from "#app/components/admin/error-boundary.tsx";

/**
 * An inbox item's page: its heading here, its body and forms in the routes below
 * (the index shows it; each form posts to a route of its own and shows its answer).
 */

/**
 * Opening an item marks it read (a report: its whole group). Done in middleware,
 * which runs before every loader of the page, so the sidebar's badge (loaded in
 * parallel by the layout) already counts it as read.
 */
export const middleware: Route.MiddlewareFunction[] = [
  async ({ request, params, context }, next) => {
    const id = parseId(params.id);
    // Anything else is the loader's 404.
    if (request.method === "GET" && isInboxKind(params.kind) && id !== null) await markInboxRead(getApp(context).db, params.kind, id);
    return next();
  },
];

export const loader = pageLoader(async ({ request, params, context }: Route.LoaderArgs) => {
  const { kind, id } = requireInboxItem(params);
  const find = (new URL(request.url).searchParams.get("find") ?? "").trim().slice(0, INBOX_SEARCH_MAX_LENGTH);
  const page = requireFound(await getInboxItem(getApp(context).db, kind, id, find), INBOX_ITEM_NOT_FOUND);
  return { kind, ...page, find, now: Date.now() };
});

export function meta({ data }: Route.MetaArgs) {
  return [
    { title: `${data ? `${inboxHeading(data.item)} · ` : ""}Inbox | Cinedex Admin` },
    { name: "robots", content: "noindex, nofollow" },
  ];
}

export default function InboxItem({ loaderData }: Route.ComponentProps) {
  const { kind, item, find, candidates, now } = loaderData;
  // The layout reads the unread counts once per request; the tabs show them.
  const unread = useRouteLoaderData<typeof layoutLoader>("routes/admin/layout")!.inboxUnread;
  const location = useLocation();
  const listSearch = new URLSearchParams(location.search);
  listSearch.delete("find");
  const back = `${inboxListHref(kind, {})}${listSearch.size ? `?${listSearch}` : ""}`;
  return (
    <>
      <InboxTabs current={kind} unread={unread} />
      <Link to={back} className="mb-3 inline-flex items-center gap-1.5 text-sm font-medium text-mist-300 hover:text-white">
        <ArrowLeftIcon size={16} /> Back to {INBOX_TAB_LABELS[kind]}
      </Link>
      <header className="mb-5 flex flex-wrap items-center gap-3">
        <h1 className="min-w-0 text-2xl font-bold tracking-tight break-words text-white">{inboxHeading(item)}</h1>
        <StatusBadge status={item.status} />
      </header>
      <Outlet context={{ item, find, candidates, now } satisfies InboxItemContext} />
    </>
  );
}
