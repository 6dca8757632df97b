import type { TitleType } from "#app/db/schema.ts";
import type { AdminTitleSummary } from "#app/modules/catalogue/admin-read.server.ts";
import { DeleteOutcome, PhoneCard, TableRow, type AskDelete } from "./title-row.tsx";
import type { Selection } from "./use-selection.ts";

/** The list as a table on wide screens and as cards on phones, with one delete outcome per title. */
export function TitlesTable({
  heading,
  type,
  list,
  ids,
  selectAll,
  selection,
  ask,
}: {
  heading: string;
  type: TitleType;
  list: { items: AdminTitleSummary[]; page: number; totalPages: number };
  ids: number[];
  selectAll: (on: boolean) => void;
  selection: Selection;
  ask: AskDelete;
}) {
  const allOnPage = list.items.length > 0 && ids.length === list.items.length;
  return (
    <>
      <div className="hidden rounded-2xl border border-white/8 bg-ink-900/80 md:block">
        <table className="w-full text-sm">
          <caption className="sr-only">
            {heading}, page {list.page} of {list.totalPages}
          </caption>
          <thead className="rounded-t-2xl bg-white/3 text-left text-xs font-semibold tracking-wide text-mist-400 uppercase">
            <tr>
              <th scope="col" className="w-10 py-2 pl-4">
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
              <th scope="col" className="py-2 pr-3 pl-3">
                Title
              </th>
              <th scope="col" className="px-3 py-2">
                {type === "movie" ? "Duration" : "Seasons"}
              </th>
              <th scope="col" className="px-3 py-2">
                Genre
              </th>
              <th scope="col" className="px-3 py-2">
                Links
              </th>
              <th scope="col" className="w-12 py-2 pr-3 pl-3 text-right">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {list.items.map((item) => (
              <TableRow key={item.id} item={item} ask={ask} selection={selection} />
            ))}
          </tbody>
        </table>
      </div>
      <ul className="space-y-3 md:hidden" aria-label={heading}>
        {list.items.map((item) => (
          <PhoneCard key={item.id} item={item} ask={ask} selection={selection} />
        ))}
      </ul>
      {list.items.map((item) => (
        <DeleteOutcome key={item.id} id={item.id} />
      ))}
    </>
  );
}
