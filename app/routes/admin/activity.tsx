import { href, Link } from "react-router";
import { ActivityList, ENTITY_LABELS, toActivityItem } from "#app/components/admin/activity-list.tsx";
import { AdminPagination } from "#app/components/admin/admin-pagination.tsx";
import { formatCount } from "#app/utils/format.ts";
import { Card, EmptyState, PageHeader } from "#app/components/admin/ui.tsx";
import { getApp } from "#app/context.ts";
import { listAudit, type AuditEntityType } from "#app/modules/audit/audit.server.ts";
import { pageHref, parsePage } from "#app/utils/pagination.ts";
import type { Route } from "./+types/activity";

export { AdminErrorBoundary as ErrorBoundary } from "#app/components/admin/error-boundary.tsx";

const PATH = href("/dashboard/activity");
const PER_PAGE = 25;
const ENTITY_TYPES = Object.keys(ENTITY_LABELS) as AuditEntityType[];
const FILTER_LABELS: Record<AuditEntityType, string> = {
  title: "Titles",
  link: "Links",
  settings: "Settings",
  account: "Accounts",
  request: "Requests",
  report: "Reports",
  contact: "Contact",
  dmca: "DMCA",
  import: "Imports",
  "api-token": "API tokens",
};

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const typeParam = url.searchParams.get("type");
  const entityType = ENTITY_TYPES.includes(typeParam as AuditEntityType) ? (typeParam as AuditEntityType) : undefined;
  const { page } = parsePage(url.searchParams.get("page"));
  const { db } = getApp(context);
  // A page past the end (an old link, a hand-edited URL) shows the last page (listAudit clamps it).
  const entries = await listAudit(db, { page, perPage: PER_PAGE, entityType });
  return {
    entityType: entityType ?? null,
    items: entries.items.map(toActivityItem),
    page: entries.page,
    total: entries.total,
    totalPages: entries.totalPages,
    now: Date.now(),
  };
}

export function meta() {
  return [{ title: "Activity | Cinedex Admin" }, { name: "robots", content: "noindex, nofollow" }];
}

function filterHref(type: AuditEntityType | null): string {
  return type ? `${PATH}?type=${type}` : PATH;
}

export default function Activity({ loaderData }: Route.ComponentProps) {
  const { entityType, items, page, total, totalPages, now } = loaderData;
  const filters: (AuditEntityType | null)[] = [null, ...ENTITY_TYPES];
  return (
    <div className="max-w-4xl">
      <PageHeader title="Activity" subtitle="Every change made in the admin panel, newest first." />
      <nav aria-label="Filter by kind" className="mb-4 flex flex-wrap gap-2">
        {filters.map((type) => (
          <Link
            key={type ?? "all"}
            to={filterHref(type)}
            aria-current={entityType === type ? "true" : undefined}
            className={`rounded-full px-3.5 py-1.5 text-sm font-medium transition-colors ${
              entityType === type
                ? "bg-accent-500 text-ink-950"
                : "border border-white/12 bg-white/5 text-mist-300 hover:bg-white/10 hover:text-white"
            }`}
          >
            {type ? FILTER_LABELS[type] : "All"}
          </Link>
        ))}
      </nav>
      <Card
        title={`${formatCount(total)} ${total === 1 ? "entry" : "entries"}${entityType ? ` about ${FILTER_LABELS[entityType].toLowerCase()}` : ""}`}
      >
        {items.length ? <ActivityList items={items} now={now} label="Activity" /> : <EmptyState>No activity yet.</EmptyState>}
      </Card>
      <AdminPagination page={page} totalPages={totalPages} hrefFor={(n) => pageHref(PATH, entityType ? `?type=${entityType}` : "", n)} />
    </div>
  );
}
