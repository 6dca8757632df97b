import { useEffect } from "react";
import toast from "react-hot-toast";
import { href, useFetcher, useLocation } from "react-router";
import { TitleThumb } from "#app/components/catalogue/title-thumb.tsx";
import { EditIcon, ExternalIcon, TrashIcon } from "#app/components/ui/icons.tsx";
import type { AdminTitleSummary } from "#app/modules/catalogue/admin-read.server.ts";
import { DELETE_FAILED, DELETED } from "#app/modules/catalogue/admin-form.ts";
import { titlePath } from "#app/modules/catalogue/paths.ts";
import { formatCount, formatDuration, plural } from "#app/utils/format.ts";
import { RowMenu } from "./row-menu.tsx";
import type { Selection } from "./use-selection.ts";

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
export function DeleteOutcome({ id }: { id: number }) {
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

/** What a row's Delete asks the list to confirm: which title, and what to do once confirmed. */
export type AskDelete = (item: AdminTitleSummary, remove: () => void) => void;

/** Edit, View and Delete… behind the row's "Actions for …" button. */
function RowActions({ item, onDelete }: { item: AdminTitleSummary; onDelete: () => void }) {
  const { search } = useLocation();
  return (
    <RowMenu
      label={`Actions for ${item.title}`}
      items={[
        { name: `Edit ${item.title}`, label: "Edit", icon: <EditIcon size={16} />, to: `${item.id}${search}` },
        { name: `View ${item.title} on the site`, label: "View on the site", icon: <ExternalIcon size={16} />, to: titlePath(item) },
        { name: `Delete ${item.title}…`, label: "Delete…", icon: <TrashIcon size={16} />, onSelect: onDelete, danger: true },
      ]}
    />
  );
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

/** A compact row (about 44 px): select box, thumbnail, title and year, duration or seasons, genres, links, actions. */
export function TableRow({ item, ask, selection }: { item: AdminTitleSummary; ask: AskDelete; selection: Selection }) {
  const { gone, remove } = useTitleDelete(item.id);
  return (
    <tr hidden={gone} className="border-t border-white/8 align-middle hover:bg-white/3">
      <td className="py-1 pl-4">
        <SelectBox item={item} selection={selection} />
      </td>
      <th scope="row" className="max-w-md py-1 pr-3 pl-3 text-left font-normal">
        <div className="flex items-center gap-3">
          <TitleThumb title={item.title} url={item.posterUrl} className="w-[22px] text-xs" />
          <div className="flex min-w-0 items-baseline gap-2">
            <p className="truncate font-semibold text-white" title={item.title}>
              {item.title}
            </p>
            <p className="flex shrink-0 items-center gap-2 text-xs text-mist-400 tabular-nums">
              {item.year ?? "Year unknown"} {item.featured && <FeaturedPill />}
            </p>
          </div>
        </div>
      </th>
      <td className="px-3 py-1 whitespace-nowrap text-mist-300 tabular-nums">{detail(item)}</td>
      <td className="max-w-56 truncate px-3 py-1 text-mist-300" title={item.genres.join(", ")}>
        {item.genres.join(", ") || "—"}
      </td>
      <td className="px-3 py-1 text-mist-300">
        <LinkHealth item={item} />
      </td>
      <td className="py-1 pr-3 pl-3 text-right">
        <RowActions item={item} onDelete={() => ask(item, remove)} />
      </td>
    </tr>
  );
}

export function PhoneCard({ item, ask, selection }: { item: AdminTitleSummary; ask: AskDelete; selection: Selection }) {
  const { gone, remove } = useTitleDelete(item.id);
  return (
    <li hidden={gone} className="rounded-xl border border-white/8 bg-ink-900/80 p-3">
      <div className="flex gap-3">
        <div className="pt-1">
          <SelectBox item={item} selection={selection} />
        </div>
        <TitleThumb title={item.title} url={item.posterUrl} className="w-11" />
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
        <div className="shrink-0">
          <RowActions item={item} onDelete={() => ask(item, remove)} />
        </div>
      </div>
    </li>
  );
}
