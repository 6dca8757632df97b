import { useState } from "react";
import { Link, Outlet, useLocation } from "react-router";
import { AdminPagination } from "#app/components/admin/admin-pagination.tsx";
import { BulkBar } from "#app/components/admin/titles/bulk-bar.tsx";
import type { AskDelete } from "#app/components/admin/titles/title-row.tsx";
import { TitlesTable } from "#app/components/admin/titles/titles-table.tsx";
import { Toolbar } from "#app/components/admin/titles/toolbar.tsx";
import { useSelection } from "#app/components/admin/titles/use-selection.ts";
import { buttonClass, ConfirmDialog, EmptyState, PageHeader, useConfirm } from "#app/components/admin/ui.tsx";
import { PlusIcon } from "#app/components/ui/icons.tsx";
import { getApp } from "#app/context.ts";
import type { TitleType } from "#app/db/schema.ts";
import {
  EMPTY_LIST_TEXT,
  hasAdminFilters,
  parseAdminListFilters,
  parseAdminListParams,
  TYPE_NOUNS,
} from "#app/modules/catalogue/admin-list.ts";
import type { AdminTitleSummary } from "#app/modules/catalogue/admin-read.server.ts";
import { listAdminTitles } from "#app/modules/editorial/admin-titles.server.ts";
import { listAdminGenres } from "#app/modules/catalogue/genres.server.ts";
import { plural } from "#app/utils/format.ts";
import { pageHref } from "#app/utils/pagination.ts";
import type { Route } from "./+types/titles";
import { adminAddPath, adminListPath, adminTypeOfPath, CONFIRM_DELETE } from "#app/modules/catalogue/admin-form.ts";

export { AdminErrorBoundary as ErrorBoundary } from "#app/components/admin/error-boundary.tsx";

/** One module serves both lists; the path says which. */
const HEADINGS: Record<TitleType, string> = { movie: "Movies", tv: "TV Shows" };

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const type: TitleType = adminTypeOfPath(url.pathname);
  const params = parseAdminListParams(url.searchParams);
  const filters = parseAdminListFilters(url.searchParams);
  const { db } = getApp(context);
  const [list, genres] = await Promise.all([listAdminTitles(db, { type, ...params, filters }), listAdminGenres(db)]);
  return { type, params, filters, list, genres: genres.map((g) => ({ id: g.id, name: g.name, slug: g.slug, hidden: g.hidden })) };
}

export function meta({ data }: Route.MetaArgs) {
  return [{ title: `${HEADINGS[data?.type ?? "movie"]} | Cinedex Admin` }, { name: "robots", content: "noindex, nofollow" }];
}

export default function AdminTitles({ loaderData }: Route.ComponentProps) {
  const { type, params, filters, list, genres } = loaderData;
  const confirm = useConfirm();
  // The title a row's Delete… asked about, named in the dialog.
  const [doomed, setDoomed] = useState<AdminTitleSummary | null>(null);
  const askDelete: AskDelete = (item, remove) => {
    setDoomed(item);
    confirm.ask(remove);
  };
  const bulkConfirm = useConfirm();
  const path = adminListPath(type);
  const nouns = TYPE_NOUNS[type];
  const { search } = useLocation();
  const pageIds = list.items.map((item) => item.id);
  const { ids, selection, selectAll, clear } = useSelection(pageIds);
  const filtered = hasAdminFilters(filters);

  return (
    <>
      <PageHeader
        title={HEADINGS[type]}
        subtitle={
          params.q || filtered
            ? `${plural(list.total, nouns.one, nouns.many)} matching${params.q ? ` “${params.q}”` : " these filters"}`
            : `${plural(list.total, nouns.one, nouns.many)} in the catalogue`
        }
        actions={
          <Link to={adminAddPath(type)} className={buttonClass("primary")}>
            <PlusIcon size={18} /> Add {nouns.one}
          </Link>
        }
      />
      <Toolbar type={type} params={params} filters={filters} genres={genres} />

      {list.items.length === 0 ? (
        <EmptyState>{EMPTY_LIST_TEXT[type]}</EmptyState>
      ) : (
        <>
          <BulkBar ids={ids} pageIds={pageIds} genres={genres} onSelectAll={selectAll} onClear={clear} ask={bulkConfirm.ask} />
          <TitlesTable
            heading={HEADINGS[type]}
            type={type}
            list={list}
            ids={ids}
            selectAll={selectAll}
            selection={selection}
            ask={askDelete}
          />
        </>
      )}

      <AdminPagination page={list.page} totalPages={list.totalPages} hrefFor={(n) => pageHref(path, search, n)} />
      <ConfirmDialog
        {...confirm.dialogProps}
        message={CONFIRM_DELETE}
        detail={
          doomed &&
          `“${doomed.title}”${doomed.links.total > 0 ? ` and ${doomed.links.total === 1 ? "its link" : `its ${plural(doomed.links.total, "link")}`}` : ""} will be deleted.`
        }
        confirmLabel="Delete"
        danger
      />
      <ConfirmDialog
        {...bulkConfirm.dialogProps}
        message={`${CONFIRM_DELETE} ${plural(ids.length, nouns.one, nouns.many)} and all ${ids.length === 1 ? "its" : "their"} links will be deleted.`}
        confirmLabel="Delete"
        danger
      />
      <Outlet />
    </>
  );
}
