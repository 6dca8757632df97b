import { useEffect, useId, useState, type KeyboardEvent } from "react";
import { href, Link, useFetcher } from "react-router";
import toast from "react-hot-toast";
import { Button } from "#app/components/admin/ui.tsx";
import { inputClass } from "#app/components/forms/field.tsx";
import { adminEditPath } from "#app/modules/catalogue/admin-form.ts";
import type { EditorSearchItem, EditorSearchResult } from "#app/modules/catalogue/tmdb.server.ts";
import type { TitleType } from "#app/modules/catalogue/types.ts";
import { useEditor } from "./context.tsx";
import { TMDB_FETCHER_KEY } from "./tmdb-lookup.tsx";

const OVERVIEW_CHARS = 160;
const typeLabel = (type: TitleType) => (type === "tv" ? "TV show" : "Movie");
const short = (text: string | null) => (text && text.length > OVERVIEW_CHARS ? `${text.slice(0, OVERVIEW_CHARS - 1).trimEnd()}…` : text);

/** A poster thumbnail; a missing or blocked picture leaves the plain frame. */
function Poster({ url, className }: { url: string | null; className: string }) {
  const [failed, setFailed] = useState(false);
  return (
    <span className={`block shrink-0 overflow-hidden rounded-md bg-white/8 ${className}`} aria-hidden="true">
      {url && !failed && <img src={url} alt="" loading="lazy" onError={() => setFailed(true)} className="h-full w-full object-cover" />}
    </span>
  );
}

/**
 * The Add screen's search of TMDB by name (and optional year) among titles of the
 * type being added. Picking a result shows it for confirmation; "Fill from TMDB"
 * then runs the same fetch as the TMDB ID field (the shared lookup fetcher), which
 * fills the form.
 */
export function TmdbSearch({ type, disabled }: { type: TitleType; disabled?: boolean }) {
  const { toasterId } = useEditor();
  const search = useFetcher<EditorSearchResult>();
  const lookup = useFetcher({ key: TMDB_FETCHER_KEY });
  const [name, setName] = useState("");
  const [year, setYear] = useState("");
  const [picked, setPicked] = useState<EditorSearchItem | null>(null);
  const headingId = useId();
  const nameId = useId();
  const yearId = useId();
  const searching = search.state !== "idle";
  const answer = search.data;
  const results = answer?.ok ? answer.results : null;
  const detail = answer && !answer.ok ? (answer.fields.name?.[0] ?? null) : null;

  useEffect(() => {
    if (answer && !answer.ok) toast.error(answer.error, { toasterId });
  }, [answer, toasterId]);

  const run = () => {
    if (!name.trim()) return;
    setPicked(null);
    void search.submit({ intent: "search", type, name, year }, { method: "post", action: href("/dashboard/tmdb") });
  };
  // Enter searches here instead of submitting the editor's form.
  const onEnter = (event: KeyboardEvent) => {
    if (event.key !== "Enter") return;
    event.preventDefault();
    run();
  };
  const fill = (item: EditorSearchItem) => {
    setPicked(null);
    void lookup.submit({ type: item.type, query: String(item.tmdbId) }, { method: "post", action: href("/dashboard/tmdb") });
  };

  return (
    <section aria-labelledby={headingId} className="rounded-xl border border-white/10 bg-ink-950/40 p-4">
      <h3 id={headingId} className="text-sm font-semibold text-white">
        Find on TMDB by name
      </h3>
      <div className="mt-3 flex flex-wrap items-end gap-2">
        <div className="min-w-0 flex-1 basis-48">
          <label htmlFor={nameId} className="mb-1.5 block text-sm font-medium text-mist-100">
            Name
          </label>
          <input
            id={nameId}
            type="search"
            value={name}
            onChange={(e) => setName(e.target.value)}
            onKeyDown={onEnter}
            maxLength={100}
            autoComplete="off"
            aria-invalid={detail ? true : undefined}
            aria-describedby={detail ? `${nameId}-error` : undefined}
            placeholder={type === "tv" ? "e.g. Fleabag" : "e.g. The Matrix"}
            className={inputClass("compact")}
          />
        </div>
        <div className="w-24 shrink-0">
          <label htmlFor={yearId} className="mb-1.5 block text-sm font-medium text-mist-100">
            Year
          </label>
          <input
            id={yearId}
            value={year}
            onChange={(e) => setYear(e.target.value.replace(/\D/g, "").slice(0, 4))}
            onKeyDown={onEnter}
            inputMode="numeric"
            autoComplete="off"
            placeholder="Any"
            className={inputClass("compact")}
          />
        </div>
        <Button variant="secondary" onClick={run} disabled={disabled || searching || !name.trim()} className="shrink-0">
          {searching ? "Searching…" : "Search TMDB"}
        </Button>
      </div>
      {detail && (
        <p id={`${nameId}-error`} className="mt-2 text-sm text-red-300" role="alert">
          {detail}
        </p>
      )}
      {picked ? (
        <ConfirmCard item={picked} onFill={() => fill(picked)} onCancel={() => setPicked(null)} disabled={disabled} />
      ) : (
        results && (
          <div className="mt-3">
            <p className="text-sm text-mist-300" role="status">
              {results.length === 0
                ? "TMDB found nothing by that name."
                : `${results.length} ${results.length === 1 ? "result" : "results"}: pick one to check before filling.`}
            </p>
            {results.length > 0 && (
              <ul className="mt-2 max-h-96 divide-y divide-white/8 overflow-y-auto rounded-lg border border-white/8">
                {results.map((r) => (
                  <li key={`${r.type}:${r.tmdbId}`}>
                    <button
                      type="button"
                      onClick={() => setPicked(r)}
                      className="flex w-full gap-3 px-3 py-2.5 text-left hover:bg-white/5 focus-visible:bg-white/5"
                    >
                      <Poster url={r.posterUrl} className="h-[4.5rem] w-12" />
                      <span className="min-w-0">
                        <span className="block font-medium text-white">
                          {r.title}
                          {r.year !== null && <span className="font-normal text-mist-300"> ({r.year})</span>}
                        </span>
                        <span className="block text-xs text-mist-300">
                          {typeLabel(r.type)}
                          {r.existing && " · already in the catalogue"}
                        </span>
                        {r.overview && <span className="mt-0.5 line-clamp-2 text-sm text-mist-300">{short(r.overview)}</span>}
                      </span>
                    </button>
                  </li>
                ))}
              </ul>
            )}
          </div>
        )
      )}
    </section>
  );
}

/** The picked result, to check before anything is filled. */
function ConfirmCard({
  item,
  onFill,
  onCancel,
  disabled,
}: {
  item: EditorSearchItem;
  onFill: () => void;
  onCancel: () => void;
  disabled?: boolean;
}) {
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className="mt-3 flex flex-col gap-4 rounded-xl border border-accent-400/30 bg-ink-900 p-4 sm:flex-row"
    >
      <Poster url={item.posterUrl} className="h-36 w-24" />
      <div className="min-w-0 flex-1">
        <h4 id={headingId} className="text-base font-semibold text-white">
          {item.title}
        </h4>
        <p className="text-sm text-mist-300">
          {typeLabel(item.type)}
          {item.year !== null ? ` · ${item.year}` : " · year unknown"} · TMDB {item.tmdbId}
        </p>
        <p className="mt-2 text-sm text-mist-100">{item.overview ?? "TMDB has no overview for this title."}</p>
        {item.existing && (
          <p className="mt-2 rounded-lg bg-amber-400/10 px-3 py-2 text-sm text-amber-200">
            Already in the catalogue: “{item.existing.title}”.{" "}
            <Link to={adminEditPath(item.existing)} className="font-semibold underline">
              Edit it
            </Link>
          </p>
        )}
        <div className="mt-4 flex flex-wrap gap-2">
          <Button onClick={onFill} disabled={disabled}>
            Fill from TMDB
          </Button>
          <Button variant="ghost" onClick={onCancel}>
            Cancel
          </Button>
        </div>
      </div>
    </section>
  );
}
