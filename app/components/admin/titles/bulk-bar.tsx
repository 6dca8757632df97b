import { useEffect, useId, useState } from "react";
import toast from "react-hot-toast";
import { href, useFetcher } from "react-router";
import { buttonClass } from "#app/components/admin/ui.tsx";
import { inputClass } from "#app/components/forms/field.tsx";
import { BULK_ACTION_LABELS, BULK_ACTIONS, type BulkAction } from "#app/modules/catalogue/admin-list.ts";
import { plural } from "#app/utils/format.ts";
import type { FormResult } from "#app/utils/submission.ts";
import type { GenreOption } from "./toolbar.tsx";

const BULK_FETCHER_KEY = "admin-bulk";

/**
 * The bar that acts on the selected rows: an action, a genre for the genre
 * actions, Apply. Delete asks first. The answer's counts are the toast.
 */
export function BulkBar({
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
  const fetcher = useFetcher<FormResult>({ key: BULK_FETCHER_KEY });
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
      className="sticky top-2 z-10 mb-3 flex flex-wrap items-center gap-3 rounded-xl border border-white/10 bg-ink-800/95 px-3 py-2 shadow-lg backdrop-blur"
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
