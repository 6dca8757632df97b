import { useEffect } from "react";
import toast from "react-hot-toast";
import { Form, href, Link, Outlet, useFetcher, useLocation, useNavigation } from "react-router";
import { AdminPagination } from "#app/components/admin/admin-pagination.tsx";
import { formatCount, formatDuration, plural } from "#app/utils/format.ts";
import { TitleThumb } from "#app/components/admin/title-thumb.tsx";
import { buttonClass, ConfirmDialog, EmptyState, PageHeader, useConfirm } from "#app/components/admin/ui.tsx";
import { inputClass } from "#app/components/forms/field.tsx";
import { EditIcon, PlusIcon, SearchIcon, TrashIcon } from "#app/components/ui/icons.tsx";
import { getApp } from "#app/context.ts";
import type { TitleType } from "#app/db/schema.ts";
import {
  ADMIN_SEARCH_MAX_LENGTH,
  ADMIN_SORT_LABELS,
  ADMIN_SORTS,
  EMPTY_LIST_TEXT,
  parseAdminListParams,
  TYPE_NOUNS,
  type AdminListParams,
  type AdminSort,
} from "#app/modules/catalogue/admin-list.ts";
import { listAdminTitles, type AdminTitleSummary } from "#app/modules/catalogue/admin-read.server.ts";
import { pageHref } from "#app/utils/pagination.ts";
import type { Route } from "./+types/titles";
import { adminAddPath, adminListPath, adminTypeOfPath, CONFIRM_DELETE, DELETE_FAILED, DELETED } from "#app/modules/catalogue/admin-form.ts";

export { AdminErrorBoundary as ErrorBoundary } from "#app/components/admin/error-boundary.tsx";

/** One module serves both lists; the path says which. */
const HEADINGS: Record<TitleType, string> = { movie: "Movies", tv: "TV Shows" };

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const type: TitleType = adminTypeOfPath(url.pathname);
  const params = parseAdminListParams(url.searchParams);
  const list = await listAdminTitles(getApp(context).db, { type, ...params });
  return { type, params, list };
}

export function meta({ data }: Route.MetaArgs) {
  return [{ title: `${HEADINGS[data?.type ?? "movie"]} | Cinedex Admin` }, { name: "robots", content: "noindex, nofollow" }];
}

type DeleteResult = { ok: true; message: string } | { ok: false; error: string };

const deleteKey = (id: number) => `admin-delete-title-${id}`;

/** The delete of one title, shared by its table row and its phone card through the fetcher key. */
function useTitleDelete(id: number) {
  const fetcher = useFetcher<DeleteResult>({ key: deleteKey(id) });
  const gone = fetcher.state !== "idle" || fetcher.data?.ok === true;
  const remove = () =>
    void fetcher.submit({ part: "title" }, { method: "post", action: href("/dashboard/titles/:id/delete", { id: String(id) }) });
  return { gone, remove };
}

/** Says how a delete ended; one per title, so the toast shows once whichever layout is on screen. */
function DeleteOutcome({ id }: { id: number }) {
  const fetcher = useFetcher<DeleteResult>({ key: deleteKey(id) });
  useEffect(() => {
    if (!fetcher.data) return;
    if (fetcher.data.ok) toast.success(DELETED, { id: deleteKey(id) });
    else toast.error(DELETE_FAILED, { id: deleteKey(id) });
  }, [fetcher.data, id]);
  return null;
}

function LinkHealth({ links }: { links: AdminTitleSummary["links"] }) {
  return (
    <span className="inline-flex flex-wrap items-center gap-1.5">
      <span className="tabular-nums">{plural(links.total, "link")}</span>{" "}
      {links.broken > 0 && (
        <span className="rounded-full bg-red-500/15 px-2 py-0.5 text-xs font-semibold text-red-300">
          {formatCount(links.broken)} broken
        </span>
      )}{" "}
      {links.disabled > 0 && (
        <span className="rounded-full bg-white/8 px-2 py-0.5 text-xs font-semibold text-mist-300">
          {formatCount(links.disabled)} disabled
        </span>
      )}
    </span>
  );
}

/** Duration for a movie, season count for a TV show (SPEC.md "Movie and TV management"). */
function detail(item: AdminTitleSummary): string {
  return item.type === "movie" ? formatDuration(item.runtimeMinutes) : plural(item.seasons, "season");
}

function RowActions({ item, onDelete }: { item: AdminTitleSummary; onDelete: () => void }) {
  const { search } = useLocation();
  return (
    <div className="flex items-center justify-end gap-2">
      <Link to={`${item.id}${search}`} className={buttonClass("secondary", "sm")} aria-label={`Edit ${item.title}`}>
        <EditIcon size={16} /> Edit
      </Link>
      <button
        type="button"
        onClick={onDelete}
        className={`${buttonClass("ghost", "sm")} text-red-300 hover:bg-red-500/10 hover:text-red-300`}
        aria-label={`Delete ${item.title}`}
      >
        <TrashIcon size={16} /> Delete
      </button>
    </div>
  );
}

function TableRow({ item, ask }: { item: AdminTitleSummary; ask: (action: () => void) => void }) {
  const { gone, remove } = useTitleDelete(item.id);
  return (
    <tr hidden={gone} className="border-t border-white/8 align-middle">
      <th scope="row" className="py-3 pr-4 pl-4 text-left font-normal">
        <div className="flex items-center gap-3">
          <TitleThumb title={item.title} url={item.posterUrl} />
          <div className="min-w-0">
            <p className="font-semibold text-white">{item.title}</p>
            <p className="text-xs text-mist-400">{item.year ?? "Year unknown"}</p>
          </div>
        </div>
      </th>
      <td className="px-4 py-3 whitespace-nowrap text-mist-300 tabular-nums">{detail(item)}</td>
      <td className="px-4 py-3 text-mist-300">{item.genres.join(", ") || "—"}</td>
      <td className="px-4 py-3 text-mist-300">
        <LinkHealth links={item.links} />
      </td>
      <td className="py-3 pr-4 pl-4">
        <RowActions item={item} onDelete={() => ask(remove)} />
      </td>
    </tr>
  );
}

function PhoneCard({ item, ask }: { item: AdminTitleSummary; ask: (action: () => void) => void }) {
  const { gone, remove } = useTitleDelete(item.id);
  return (
    <li hidden={gone} className="rounded-xl border border-white/8 bg-ink-900/80 p-3">
      <div className="flex gap-3">
        <TitleThumb title={item.title} url={item.posterUrl} className="h-20 w-14" />
        <div className="min-w-0 flex-1 text-sm">
          <h2 className="font-semibold break-words text-white">{item.title}</h2>
          <p className="text-xs text-mist-400">
            {item.year ?? "Year unknown"} · {detail(item)}
          </p>
          <p className="mt-1 truncate text-xs text-mist-300">{item.genres.join(", ") || "No genre"}</p>
          <p className="mt-1.5 text-xs text-mist-300">
            <LinkHealth links={item.links} />
          </p>
        </div>
      </div>
      <div className="mt-3 border-t border-white/8 pt-3">
        <RowActions item={item} onDelete={() => ask(remove)} />
      </div>
    </li>
  );
}

function sortHref(path: string, params: AdminListParams, sort: AdminSort): string {
  const query = new URLSearchParams();
  if (params.q) query.set("q", params.q);
  if (sort !== "newest") query.set("sort", sort);
  const text = query.toString();
  return text ? `${path}?${text}` : path;
}

function Toolbar({ type, params }: { type: TitleType; params: AdminListParams }) {
  const path = adminListPath(type);
  const navigation = useNavigation();
  const searching = navigation.state === "loading" && navigation.location.pathname === path;
  return (
    <div className="mb-4 flex flex-col gap-3 lg:flex-row lg:items-center lg:justify-between">
      <Form method="get" action={path} role="search" className="flex w-full gap-2 lg:max-w-md">
        <label htmlFor="admin-list-q" className="sr-only">
          Search {TYPE_NOUNS[type].many} by title
        </label>
        <div className="relative flex-1">
          <SearchIcon size={16} className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-mist-400" />
          <input
            id="admin-list-q"
            key={params.q}
            type="search"
            name="q"
            defaultValue={params.q}
            maxLength={ADMIN_SEARCH_MAX_LENGTH}
            placeholder={`Search ${TYPE_NOUNS[type].many}…`}
            className={`${inputClass("compact")} pl-9`}
          />
        </div>
        {params.sort !== "newest" && <input type="hidden" name="sort" value={params.sort} />}
        <button type="submit" className={buttonClass("secondary")} disabled={searching}>
          Search
        </button>
      </Form>
      <div role="group" aria-label="Sort order" className="inline-flex self-start rounded-lg border border-white/12 bg-ink-900 p-1">
        {ADMIN_SORTS.map((sort) => (
          <Link
            key={sort}
            to={sortHref(path, params, sort)}
            aria-current={params.sort === sort ? "true" : undefined}
            className={`rounded-md px-3 py-1.5 text-sm font-medium transition-colors ${
              params.sort === sort ? "bg-accent-500 text-ink-950" : "text-mist-300 hover:bg-white/8 hover:text-white"
            }`}
          >
            {ADMIN_SORT_LABELS[sort]}
          </Link>
        ))}
      </div>
    </div>
  );
}

export default function AdminTitles({ loaderData }: Route.ComponentProps) {
  const { type, params, list } = loaderData;
  const confirm = useConfirm();
  const path = adminListPath(type);
  const nouns = TYPE_NOUNS[type];
  const { search } = useLocation();

  return (
    <>
      <PageHeader
        title={HEADINGS[type]}
        subtitle={
          params.q
            ? `${plural(list.total, nouns.one, nouns.many)} matching “${params.q}”`
            : `${plural(list.total, nouns.one, nouns.many)} in the catalogue`
        }
        actions={
          <Link to={adminAddPath(type)} className={buttonClass("primary")}>
            <PlusIcon size={18} /> Add {nouns.one}
          </Link>
        }
      />
      <Toolbar type={type} params={params} />

      {list.items.length === 0 ? (
        <EmptyState>{EMPTY_LIST_TEXT[type]}</EmptyState>
      ) : (
        <>
          <div className="hidden overflow-hidden rounded-2xl border border-white/8 bg-ink-900/80 md:block">
            <table className="w-full text-sm">
              <caption className="sr-only">
                {HEADINGS[type]}, page {list.page} of {list.totalPages}
              </caption>
              <thead className="bg-white/3 text-left text-xs font-semibold tracking-wide text-mist-400 uppercase">
                <tr>
                  <th scope="col" className="py-3 pr-4 pl-4">
                    Title
                  </th>
                  <th scope="col" className="px-4 py-3">
                    {type === "movie" ? "Duration" : "Seasons"}
                  </th>
                  <th scope="col" className="px-4 py-3">
                    Genre
                  </th>
                  <th scope="col" className="px-4 py-3">
                    Links
                  </th>
                  <th scope="col" className="py-3 pr-4 pl-4 text-right">
                    <span className="sr-only">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {list.items.map((item) => (
                  <TableRow key={item.id} item={item} ask={confirm.ask} />
                ))}
              </tbody>
            </table>
          </div>
          <ul className="space-y-3 md:hidden" aria-label={HEADINGS[type]}>
            {list.items.map((item) => (
              <PhoneCard key={item.id} item={item} ask={confirm.ask} />
            ))}
          </ul>
          {list.items.map((item) => (
            <DeleteOutcome key={item.id} id={item.id} />
          ))}
        </>
      )}

      <AdminPagination page={list.page} totalPages={list.totalPages} hrefFor={(n) => pageHref(path, search, n)} />
      <ConfirmDialog {...confirm.dialogProps} message={CONFIRM_DELETE} confirmLabel="Delete" danger />
      <Outlet />
    </>
  );
}
