import { useEffect, useId, useState } from "react";
import { href, Link, useFetcher } from "react-router";
import toast from "react-hot-toast";
import { Button } from "#app/components/admin/ui.tsx";
import { parseLookup } from "#app/integrations/tmdb/ids.ts";
import { adminEditPath, INVALID_TMDB_ID, type EditorValues } from "#app/modules/catalogue/admin-form.ts";
import {
  applyExternalFields,
  externalChanges,
  fillFromExternal,
  type FieldChange,
  type TmdbField,
} from "#app/modules/catalogue/tmdb-fill.ts";
import type { EditorLookupResult } from "#app/modules/catalogue/tmdb.server.ts";
import { useEditor, type SetValues } from "./context.tsx";

/** The fetcher key of the lookup: the Add screen disables its buttons while it runs. */
export const TMDB_FETCHER_KEY = "tmdb-lookup";

/**
 * The TMDB fetch beside the TMDB ID field. On the Add screen it fills the form;
 * in the Edit modal ("refresh") it lists what TMDB says differently and applies
 * only the ticked fields.
 */
export function TmdbLookup({ values, setValues, disabled }: { values: EditorValues; setValues: SetValues; disabled?: boolean }) {
  const { toasterId, tmdbMode = "fill" } = useEditor();
  const fetcher = useFetcher<EditorLookupResult>({ key: tmdbMode === "fill" ? TMDB_FETCHER_KEY : undefined });
  const loading = fetcher.state !== "idle";
  // What an answer shows is derived from it; "dismissed" hides a reviewed or cancelled one.
  const [dismissed, setDismissed] = useState<unknown>(null);
  const result = fetcher.data !== dismissed && !loading ? fetcher.data : undefined;
  const detail = result && !result.ok ? (result.fields.query?.[0] ?? null) : null;
  const existing = result?.ok && tmdbMode === "fill" ? result.existing : null;
  const review = result?.ok && tmdbMode === "refresh" ? { title: result.title, changes: externalChanges(values, result.title) } : null;

  const run = () => {
    const text = values.tmdbId.trim();
    if (!text) return;
    if (!parseLookup(text)) {
      toast.error(INVALID_TMDB_ID, { toasterId });
      return;
    }
    void fetcher.submit({ type: values.type, query: text }, { method: "post", action: href("/dashboard/tmdb") });
  };

  useEffect(() => {
    const answer = fetcher.data;
    if (!answer) return;
    if (!answer.ok) toast.error(answer.error, { toasterId });
    else if (tmdbMode === "fill") {
      setValues((v) => fillFromExternal(v, answer.title));
      toast.success(answer.message, { toasterId });
    }
    // Each answer is taken in once.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [fetcher.data]);

  return (
    <>
      <Button variant="secondary" onClick={run} disabled={disabled || loading} className="shrink-0 whitespace-nowrap">
        {loading ? "Fetching…" : tmdbMode === "fill" ? "Fetch details" : "Refresh from TMDB"}
      </Button>
      {(detail || existing || review) && (
        <div className="basis-full">
          {detail && (
            <p className="mt-2 text-sm text-red-300" role="alert">
              {detail}
            </p>
          )}
          {existing && (
            <p className="mt-2 rounded-lg bg-amber-400/10 px-3 py-2 text-sm text-amber-200" role="status">
              Already in the catalogue: “{existing.title}”.{" "}
              <Link to={adminEditPath(existing)} className="font-semibold underline">
                Edit it
              </Link>
            </p>
          )}
          {review && (
            <RefreshReview
              changes={review.changes}
              onApply={(fields) => {
                setValues((v) => applyExternalFields(v, review.title, fields));
                setDismissed(fetcher.data);
                toast.success(fields.length === 1 ? "1 field updated from TMDB" : `${fields.length} fields updated from TMDB`, {
                  toasterId,
                });
              }}
              onCancel={() => setDismissed(fetcher.data)}
            />
          )}
        </div>
      )}
    </>
  );
}

function RefreshReview({
  changes,
  onApply,
  onCancel,
}: {
  changes: FieldChange[];
  onApply: (fields: TmdbField[]) => void;
  onCancel: () => void;
}) {
  const [ticked, setTicked] = useState(() => new Set(changes.map((c) => c.field)));
  const headingId = useId();
  if (changes.length === 0) {
    return (
      <p className="mt-2 rounded-lg bg-white/5 px-3 py-2 text-sm text-mist-300" role="status">
        Nothing to change: this title already matches TMDB.
      </p>
    );
  }
  return (
    <section aria-labelledby={headingId} className="mt-3 rounded-xl border border-white/10 bg-ink-950/60 p-4">
      <h4 id={headingId} className="text-sm font-semibold text-white">
        TMDB differs in {changes.length} {changes.length === 1 ? "field" : "fields"}: tick what to take over
      </h4>
      <ul className="mt-3 space-y-3">
        {changes.map((c) => (
          <li key={c.field}>
            <label className="flex gap-3 text-sm">
              <input
                type="checkbox"
                checked={ticked.has(c.field)}
                onChange={(e) =>
                  setTicked((s) => {
                    const next = new Set(s);
                    if (e.target.checked) next.add(c.field);
                    else next.delete(c.field);
                    return next;
                  })
                }
                className="mt-0.5 h-4 w-4 shrink-0 accent-accent-500"
              />
              <span className="min-w-0">
                <span className="font-medium text-mist-100">{c.label}</span>
                <span className="block break-words text-mist-400">
                  <span className="sr-only">Now: </span>
                  <del className="text-red-300/90">{c.current || "(empty)"}</del>
                </span>
                <span className="block break-words text-emerald-300">
                  <span className="sr-only">TMDB: </span>
                  {c.next}
                </span>
              </span>
            </label>
          </li>
        ))}
      </ul>
      <div className="mt-4 flex flex-wrap gap-2">
        <Button onClick={() => onApply([...ticked])} disabled={ticked.size === 0}>
          Apply selected
        </Button>
        <Button variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </section>
  );
}
