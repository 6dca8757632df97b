import { useEffect, useId, useState, type FormEvent } from "react";
import toast from "react-hot-toast";
import { Form, href, Link, Outlet, useFetcher, useLocation, useNavigation, useSubmit } from "react-router";
import { AdminPagination } from "#app/components/admin/admin-pagination.tsx";
import { formatCount, formatDuration, plural } from "#app/utils/format.ts";
import { TitleThumb } from "#app/components/catalogue/title-thumb.tsx";
import { buttonClass, ConfirmDialog, EmptyState, ListSearchInput, PageHeader, useConfirm } from "#app/components/admin/ui.tsx";
import { inputClass } from "#app/components/forms/field.tsx";
import { EditIcon, ExternalIcon, PlusIcon, TrashIcon } from "#app/components/ui/icons.tsx";
import { getApp } from "#app/context.ts";
import type { TitleType } from "#app/db/schema.ts";
import {
  ADMIN_SEARCH_MAX_LENGTH,
  ADMIN_SHOW_LABELS,
  ADMIN_SHOWS,
  ADMIN_SORT_LABELS,
  ADMIN_SORTS,
  adminListHref,
  BULK_ACTION_LABELS,
  BULK_ACTIONS,
  EMPTY_LIST_TEXT,
  hasAdminFilters,
  parseAdminListFilters,
  parseAdminListParams,
  TYPE_NOUNS,
  type AdminListFilters,
  type AdminListParams,
  type BulkAction,
} from "#app/modules/catalogue/admin-list.ts";
import { listAdminTitles, type AdminTitleSummary } from "#app/modules/editorial/admin-titles.server.ts";
import { listAdminGenres } from "#app/modules/catalogue/genres.server.ts";
import { titlePath } from "#app/modules/catalogue/paths.ts";
import type { action as bulkAction } from "./bulk-titles";
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
  const filters = parseAdminListFilters(url.searchParams);
  const { db } = getApp(context);
  const [list, genres] = await Promise.all([listAdminTitles(db, { type, ...params, filters }), listAdminGenres(db)]);
  return { type, params, filters, list, genres: genres.map((g) => ({ id: g.id, name: g.name, slug: g.slug, hidden: g.hidden })) };
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

function LinkHealth({ item }: { item: AdminTitleSummary }) {
  const { links, openReports } = item;
  return (
    <span className="inline-flex flex-wrap items-center gap-1.5">
      <span className="tabular-nums">{plural(links.total, "link")}</span>{" "}
      {links.broken > 0 && (
        <span className="rounded-full bg-red-500/15 px-2 py-0.5 text-xs font-semibold text-red-300">
          {formatCount(links.broken)} broken
        </span>
      )}{" "}
      {openReports > 0 && (
        <span className="rounded-full bg-red-500/15 px-2 py-0.5 text-xs font-semibold text-red-300">{plural(openReports, "report")}</span>
      )}{" "}
      {links.disabled > 0 && (
        <span className="rounded-full bg-white/8 px-2 py-0.5 text-xs font-semibold text-mist-300">
          {formatCount(links.disabled)} disabled
        </span>
      )}
    </span>
  );
}

/** Duration for a movie, season count for a TV show (docs/product/spec.md "Movie and TV management"). */
function detail(item: AdminTitleSummary): string {
  return item.type === "movie" ? formatDuration(item.runtimeMinutes) : plural(item.seasons, "season");
}

function RowActions({ item, onDelete }: { item: AdminTitleSummary; onDelete: () => void }) {
  const { search } = useLocation();
  return (
    <div className="flex flex-wrap items-center justify-end gap-2">
      <Link to={titlePath(item)} className={buttonClass("ghost", "sm")} aria-label={`View ${item.title} on the site`}>
        <ExternalIcon size={16} /> View
      </Link>
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

interface Selection {
  has: (id: number) => boolean;
  toggle: (id: number, on: boolean) => void;
}

function SelectBox({ item, selection }: { item: AdminTitleSummary; selection: Selection }) {
  return (
    <input
      type="checkbox"
      checked={selection.has(item.id)}
      onChange={(e) => selection.toggle(item.id, e.target.checked)}
      aria-label={`Select ${item.title}`}
      className="h-5 w-5 shrink-0 accent-accent-500"
    />
  );
}

function FeaturedPill() {
  return <span className="rounded-full bg-accent-500/15 px-2 py-0.5 text-xs font-semibold text-accent-300">Featured</span>;
}

function TableRow({ item, ask, selection }: { item: AdminTitleSummary; ask: (action: () => void) => void; selection: Selection }) {
  const { gone, remove } = useTitleDelete(item.id);
  return (
    <tr hidden={gone} className="border-t border-white/8 align-middle">
      <td className="py-3 pl-4">
        <SelectBox item={item} selection={selection} />
      </td>
      <th scope="row" className="py-3 pr-4 pl-3 text-left font-normal">
        <div className="flex items-center gap-3">
          <TitleThumb title={item.title} url={item.posterUrl} />
          <div className="min-w-0">
            <p className="font-semibold text-white">{item.title}</p>
            <p className="flex flex-wrap items-center gap-2 text-xs text-mist-400">
              {item.year ?? "Year unknown"} {item.featured && <FeaturedPill />}
            </p>
          </div>
        </div>
      </th>
      <td className="px-4 py-3 whitespace-nowrap text-mist-300 tabular-nums">{detail(item)}</td>
      <td className="px-4 py-3 text-mist-300">{item.genres.join(", ") || "—"}</td>
      <td className="px-4 py-3 text-mist-300">
        <LinkHealth item={item} />
      </td>
      <td className="py-3 pr-4 pl-4">
        <RowActions item={item} onDelete={() => ask(remove)} />
      </td>
    </tr>
  );
}

function PhoneCard({ item, ask, selection }: { item: AdminTitleSummary; ask: (action: () => void) => void; selection: Selection }) {
  const { gone, remove } = useTitleDelete(item.id);
  return (
    <li hidden={gone} className="rounded-xl border border-white/8 bg-ink-900/80 p-3">
      <div className="flex gap-3">
        <div className="pt-1">
          <SelectBox item={item} selection={selection} />
        </div>
        <TitleThumb title={item.title} url={item.posterUrl} className="h-20 w-14" />
        <div className="min-w-0 flex-1 text-sm">
          <h2 className="font-semibold break-words text-white">{item.title}</h2>
          <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-mist-400">
            <span>
              {item.year ?? "Year unknown"} · {detail(item)}
            </span>
            {item.featured && <FeaturedPill />}
          </p>
          <p className="mt-1 truncate text-xs text-mist-300">{item.genres.join(", ") || "No genre"}</p>
          <p className="mt-1.5 text-xs text-mist-300">
            <LinkHealth item={item} />
          </p>
        </div>
      </div>
      <div className="mt-3 border-t border-white/8 pt-3">
        <RowActions item={item} onDelete={() => ask(remove)} />
      </div>
    </li>
  );
}

type GenreOption = { id: number; name: string; slug: string; hidden: boolean };

function Toolbar({
  type,
  params,
  filters,
  genres,
}: {
  type: TitleType;
  params: AdminListParams;
  filters: AdminListFilters;
  genres: GenreOption[];
}) {
  const path = adminListPath(type);
  const navigation = useNavigation();
  const searching = navigation.state === "loading" && navigation.location.pathname === path;
  const filtered = hasAdminFilters(filters) || params.q !== "";
  const submit = useSubmit();
  // The address keeps only what narrows the list (empty filters and "all" are left out), so it reads and shares well.
  const submitNarrowing = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    for (const [name, value] of [...form.entries()]) if (value === "" || (name === "show" && value === "all")) form.delete(name);
    void submit(form, { method: "get", action: path });
  };
  return (
    <div className="mb-4 space-y-3">
      <Form
        method="get"
        action={path}
        onSubmit={submitNarrowing}
        role="search"
        aria-label={`Find ${TYPE_NOUNS[type].many}`}
        className="space-y-3"
      >
        <div className="flex w-full gap-2 lg:max-w-md">
          <ListSearchInput
            id="admin-list-q"
            label={`Search ${TYPE_NOUNS[type].many} by title`}
            defaultValue={params.q}
            maxLength={ADMIN_SEARCH_MAX_LENGTH}
            placeholder={`Search ${TYPE_NOUNS[type].many}…`}
          />
          {params.sort !== "newest" && <input type="hidden" name="sort" value={params.sort} />}
          <button type="submit" className={buttonClass("secondary")} disabled={searching}>
            Search
          </button>
        </div>
        <fieldset className="flex flex-wrap items-end gap-2" key={`${filters.show}|${filters.genre}|${filters.year ?? ""}`}>
          <legend className="sr-only">Filters</legend>
          <label className="flex flex-col gap-1 text-xs font-medium text-mist-300">
            Show
            <select name="show" defaultValue={filters.show} className={`${inputClass("compact")} w-40`}>
              {ADMIN_SHOWS.map((show) => (
                <option key={show} value={show}>
                  {ADMIN_SHOW_LABELS[show]}
                </option>
              ))}
            </select>
          </label>
          <label className="flex flex-col gap-1 text-xs font-medium text-mist-300">
            Genre
            <select name="genre" defaultValue={filters.genre} className={`${inputClass("compact")} w-40`}>
              <option value="">Any genre</option>
              {genres.map((g) => (
                <option key={g.id} value={g.slug}>
                  {g.name}
                  {g.hidden ? " (hidden)" : ""}
                </option>
              ))}
            </select>
          </label>
          <label className="flex flex-col gap-1 text-xs font-medium text-mist-300">
            Year
            <input
              name="year"
              type="number"
              inputMode="numeric"
              min={1870}
              max={2100}
              placeholder="Any"
              defaultValue={filters.year ?? ""}
              className={`${inputClass("compact")} w-24`}
            />
          </label>
          <button type="submit" className={buttonClass("secondary")} disabled={searching}>
            Apply
          </button>
          {filtered && (
            <Link to={path} className={buttonClass("ghost")}>
              Clear
            </Link>
          )}
        </fieldset>
      </Form>
      <div role="group" aria-label="Sort order" className="inline-flex self-start rounded-lg border border-white/12 bg-ink-900 p-1">
        {ADMIN_SORTS.map((sort) => (
          <Link
            key={sort}
            to={adminListHref(path, { ...params, ...filters, sort })}
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

const BULK_FETCHER_KEY = "admin-bulk";

/**
 * The bar that acts on the selected rows: an action, a genre for the genre
 * actions, Apply. Delete asks first. The answer's counts are the toast.
 */
function BulkBar({
  ids,
  pageIds,
  genres,
  onSelectAll,
  onClear,
  ask,
}: {
  ids: number[];
  pageIds: number[];
  genres: GenreOption[];
  onSelectAll: (on: boolean) => void;
  onClear: () => void;
  ask: (action: () => void) => void;
}) {
  const fetcher = useFetcher<typeof bulkAction>({ key: BULK_FETCHER_KEY });
  const [operation, setOperation] = useState<BulkAction | "">("");
  const [genre, setGenre] = useState("");
  const [error, setError] = useState<string | null>(null);
  const countId = useId();
  const busy = fetcher.state !== "idle";
  const needsGenre = operation === "add-genre" || operation === "remove-genre";
  const allOnPage = pageIds.length > 0 && pageIds.every((id) => ids.includes(id));

  const [seen, setSeen] = useState(fetcher.data);
  if (fetcher.data !== seen) {
    setSeen(fetcher.data);
    if (fetcher.data?.ok) {
      setOperation("");
      setError(null);
    }
  }
  const result = fetcher.data;
  useEffect(() => {
    if (!result) return;
    if (result.ok) {
      toast.success(result.message, { id: BULK_FETCHER_KEY });
      onClear();
    } else toast.error(result.error, { id: BULK_FETCHER_KEY });
    // Each answer is taken in once.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [result]);

  const apply = () => {
    if (ids.length === 0) return setError("Select at least one title.");
    if (!operation) return setError("Choose what to do with the selected titles.");
    if (needsGenre && !genre) return setError("Choose a genre.");
    setError(null);
    // `ids` repeated, as a form with one checkbox per row would send it (an array in a plain object would be joined).
    const body = new URLSearchParams({ operation });
    for (const id of ids) body.append("ids", String(id));
    if (needsGenre) body.set("genre", genre);
    const submit = () => void fetcher.submit(body, { method: "post", action: href("/dashboard/titles/bulk") });
    if (operation === "delete") ask(submit);
    else submit();
  };

  const serverError = result && !result.ok ? (result.fields.genre?.[0] ?? null) : null;
  const shown = error ?? serverError;
  return (
    <section
      aria-label="Bulk actions"
      className="sticky top-2 z-10 mb-4 flex flex-wrap items-center gap-3 rounded-xl border border-white/10 bg-ink-800/95 p-3 shadow-lg backdrop-blur"
    >
      <label className="flex items-center gap-2 text-sm font-medium text-mist-100">
        <input
          type="checkbox"
          checked={allOnPage}
          ref={(el) => {
            if (el) el.indeterminate = !allOnPage && ids.length > 0;
          }}
          onChange={(e) => onSelectAll(e.target.checked)}
          className="h-5 w-5 accent-accent-500"
        />
        Select all on this page
      </label>
      <p id={countId} className="text-sm text-mist-300 tabular-nums" aria-live="polite">
        {ids.length === 0 ? "None selected" : `${plural(ids.length, "title")} selected`}
      </p>
      <div className="flex flex-wrap items-center gap-2 sm:ml-auto">
        <label htmlFor="bulk-operation" className="sr-only">
          Action for the selected titles
        </label>
        <select
          id="bulk-operation"
          value={operation}
          onChange={(e) => {
            setOperation(e.target.value as BulkAction | "");
            setError(null);
          }}
          aria-describedby={countId}
          className={`${inputClass("compact")} sm:!w-52`}
        >
          <option value="">Choose an action…</option>
          {BULK_ACTIONS.map((a) => (
            <option key={a} value={a}>
              {BULK_ACTION_LABELS[a]}
            </option>
          ))}
        </select>
        {needsGenre && (
          <>
            <label htmlFor="bulk-genre" className="sr-only">
              Genre
            </label>
            <select
              id="bulk-genre"
              value={genre}
              onChange={(e) => {
                setGenre(e.target.value);
                setError(null);
              }}
              aria-invalid={shown === "Choose a genre." ? true : undefined}
              className={`${inputClass("compact")} sm:!w-44`}
            >
              <option value="">Choose a genre…</option>
              {genres.map((g) => (
                <option key={g.id} value={String(g.id)}>
                  {g.name}
                </option>
              ))}
            </select>
          </>
        )}
        <button type="button" onClick={apply} disabled={busy} className={buttonClass(operation === "delete" ? "danger" : "primary", "sm")}>
          {busy ? "Working…" : "Apply"}
        </button>
      </div>
      {shown && (
        <p role="alert" className="basis-full text-sm font-medium text-red-300">
          {shown}
        </p>
      )}
    </section>
  );
}

/** The selected ids, kept to the rows on the page (rows that left it, by a new page, filter or delete, drop out). */
function useSelection(pageIds: number[]) {
  const [picked, setPicked] = useState<number[]>([]);
  const ids = pageIds.filter((id) => picked.includes(id));
  const selection: Selection = {
    has: (id) => ids.includes(id),
    toggle: (id, on) => setPicked((p) => (on ? [...p.filter((x) => x !== id), id] : p.filter((x) => x !== id))),
  };
  return { ids, selection, selectAll: (on: boolean) => setPicked(on ? pageIds : []), clear: () => setPicked([]) };
}

export default function AdminTitles({ loaderData }: Route.ComponentProps) {
  const { type, params, filters, list, genres } = loaderData;
  const confirm = useConfirm();
  const bulkConfirm = useConfirm();
  const path = adminListPath(type);
  const nouns = TYPE_NOUNS[type];
  const { search } = useLocation();
  const pageIds = list.items.map((item) => item.id);
  const { ids, selection, selectAll, clear } = useSelection(pageIds);
  const allOnPage = pageIds.length > 0 && ids.length === pageIds.length;
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
          <div className="hidden overflow-hidden rounded-2xl border border-white/8 bg-ink-900/80 md:block">
            <table className="w-full text-sm">
              <caption className="sr-only">
                {HEADINGS[type]}, page {list.page} of {list.totalPages}
              </caption>
              <thead className="bg-white/3 text-left text-xs font-semibold tracking-wide text-mist-400 uppercase">
                <tr>
                  <th scope="col" className="w-10 py-3 pl-4">
                    <input
                      type="checkbox"
                      checked={allOnPage}
                      ref={(el) => {
                        if (el) el.indeterminate = !allOnPage && ids.length > 0;
                      }}
                      onChange={(e) => selectAll(e.target.checked)}
                      aria-label="Select all titles on this page"
                      className="h-5 w-5 accent-accent-500"
                    />
                  </th>
                  <th scope="col" className="py-3 pr-4 pl-3">
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
                  <TableRow key={item.id} item={item} ask={confirm.ask} selection={selection} />
                ))}
              </tbody>
            </table>
          </div>
          <ul className="space-y-3 md:hidden" aria-label={HEADINGS[type]}>
            {list.items.map((item) => (
              <PhoneCard key={item.id} item={item} ask={confirm.ask} selection={selection} />
            ))}
          </ul>
          {list.items.map((item) => (
            <DeleteOutcome key={item.id} id={item.id} />
          ))}
        </>
      )}

      <AdminPagination page={list.page} totalPages={list.totalPages} hrefFor={(n) => pageHref(path, search, n)} />
      <ConfirmDialog {...confirm.dialogProps} message={CONFIRM_DELETE} confirmLabel="Delete" danger />
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
