import { useEffect, useMemo, useRef, useState, type FormEvent } from "react";
import { Link, useFetcher, useSearchParams } from "react-router";
import toast from "react-hot-toast";
import { AdminErrorBoundary } from "#app/components/admin/error-boundary.tsx";
import { firstTabWithErrors, TabbedTitleEditor, type EditorTab } from "#app/components/admin/title-editor/title-editor.tsx";
import { TMDB_FETCHER_KEY } from "#app/components/admin/title-editor/tmdb-lookup.tsx";
import { isDirty, UnsavedChangesDialog, useUnsavedGuard } from "#app/components/admin/title-editor/unsaved-guard.tsx";
import { Button, PageHeader } from "#app/components/admin/ui.tsx";
import { getApp } from "#app/context.ts";
import { actorFrom } from "#app/http/admin-guard.server.ts";
import { addTitleFromEditor } from "#app/modules/editorial/titles.server.ts";
import {
  ADD_FAILED,
  addedMessage,
  adminEditPath,
  checkEditor,
  duplicateOf,
  EDITOR_BODY_LIMIT,
  emptyEditorValues,
  NO_ERRORS,
  unresolvedErrors,
  titleEditorSchema,
  type EditorErrors,
} from "#app/modules/catalogue/admin-form.ts";
import { listGenreNames } from "#app/modules/catalogue/genres.server.ts";
import { titlePath } from "#app/modules/catalogue/paths.ts";
import type { TitleType } from "#app/modules/catalogue/types.ts";
import { handleSubmission } from "#app/http/form.server.ts";
import type { Route } from "./+types/add";

export { AdminErrorBoundary as ErrorBoundary };

export function meta() {
  return [{ title: "Add content | Cinedex Admin" }];
}

function typeParam(url: URL): TitleType {
  return url.searchParams.get("type") === "tv" ? "tv" : "movie";
}

/** The catalogue's longest title (catalogue/schema.ts). */
const TITLE_MAX_LENGTH = 300;

/** A title to start from (`?title=`, e.g. from Analytics' searches that found nothing), trimmed to the field's length. */
function titleParam(url: URL): string {
  return (url.searchParams.get("title") ?? "").trim().slice(0, TITLE_MAX_LENGTH);
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  // The server's clock is the form's "now" for the upload date, so both renders agree.
  return {
    type: typeParam(url),
    title: titleParam(url),
    now: new Date().toISOString(),
    genreNames: await listGenreNames(getApp(context).db),
  };
}

/** The editor's JSON, checked once here with the editor's schema; the module takes it typed. */
export async function action({ request, context }: Route.ActionArgs) {
  return handleSubmission(
    request,
    titleEditorSchema(),
    async (edit) => {
      const title = await addTitleFromEditor(getApp(context).db, actorFrom(context), edit);
      return {
        ok: true as const,
        message: addedMessage(title.type),
        title: { id: title.id, type: title.type, slug: title.slug, title: title.title },
        now: new Date().toISOString(),
      };
    },
    { maxBytes: EDITOR_BODY_LIMIT },
  );
}

const HEADINGS: Record<TitleType, string> = { movie: "Add New Movie", tv: "Add New TV Show" };
const SUBTITLES: Record<TitleType, string> = {
  movie: "Fill in the details to add a new movie to the database",
  tv: "Fill in the details to add a new TV show to the database",
};

export default function AddTitle({ loaderData }: Route.ComponentProps) {
  const fetcher = useFetcher<typeof action>();
  const [, setSearchParams] = useSearchParams();
  const [values, setValues] = useState(() => ({ ...emptyEditorValues(loaderData.type, loaderData.now), title: loaderData.title }));
  // The form as it started (or was last reset): leaving with changes asks first.
  const [baseline, setBaseline] = useState(values);
  const [tab, setTab] = useState<EditorTab>("basic");
  const [clientErrors, setClientErrors] = useState<EditorErrors | null>(null);
  // The values a save was refused with: editing a field since clears its message.
  const [refusedValues, setRefusedValues] = useState(values);
  const [added, setAdded] = useState<{ id: number; type: TitleType; slug: string; title: string } | null>(null);
  const [focusRequest, setFocusRequest] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);
  const tmdbLookup = useFetcher({ key: TMDB_FETCHER_KEY });
  // docs/product/spec.md: the TMDB fetch's loading flag disables the buttons too.
  const busy = fetcher.state !== "idle" || tmdbLookup.state !== "idle";

  // The type in the URL wins when it changes (the overview's "Add TV show" link), keeping what was typed.
  const [urlType, setUrlType] = useState(loaderData.type);
  if (loaderData.type !== urlType) {
    setUrlType(loaderData.type);
    setValues((v) => ({ ...v, type: loaderData.type }));
  }

  // The answer of a save, taken in once: success resets the form, failure shows its messages.
  const [seen, setSeen] = useState(fetcher.data);
  if (fetcher.data !== seen) {
    setSeen(fetcher.data);
    const result = fetcher.data;
    if (result?.ok) {
      const fresh = emptyEditorValues(values.type, result.now);
      setValues(fresh);
      setBaseline(fresh);
      setAdded(result.title);
      setTab("basic");
    } else if (result) {
      setRefusedValues(values);
      setTab(firstTabWithErrors(result.fields, values) ?? tab);
      setFocusRequest((n) => n + 1);
    }
  }

  useEffect(() => {
    const result = fetcher.data;
    if (!result) return;
    if (result.ok) toast.success(result.message);
    else toast.error(result.error || ADD_FAILED);
  }, [fetcher.data]);

  useEffect(() => {
    if (focusRequest > 0) formRef.current?.querySelector<HTMLElement>("[aria-invalid='true']")?.focus();
  }, [focusRequest]);

  const errors = unresolvedErrors(
    clientErrors ?? (fetcher.data && !fetcher.data.ok ? fetcher.data.fields : NO_ERRORS),
    refusedValues,
    values,
  );

  const blocker = useUnsavedGuard(isDirty(values, baseline));

  const duplicate = useMemo(() => duplicateOf(fetcher.data), [fetcher.data]);

  const chooseType = (type: TitleType) => {
    setValues((v) => ({ ...v, type }));
    setSearchParams(type === "tv" ? { type } : {}, { replace: true, preventScrollReset: true });
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const check = checkEditor(values);
    if (!check.ok) {
      setClientErrors(check.fields);
      setRefusedValues(values);
      setTab(firstTabWithErrors(check.fields, values) ?? tab);
      setFocusRequest((n) => n + 1);
      toast.error(check.message);
      return;
    }
    setClientErrors(null);
    setAdded(null);
    void fetcher.submit(values, { method: "post", encType: "application/json" });
  };

  return (
    <div className="mx-auto max-w-5xl">
      <PageHeader title={HEADINGS[values.type]} subtitle={SUBTITLES[values.type]} />
      <div role="group" aria-label="Type of title" className="mb-6 inline-flex rounded-xl border border-white/10 bg-ink-900 p-1">
        {(["movie", "tv"] as const).map((type) => (
          <button
            key={type}
            type="button"
            aria-pressed={values.type === type}
            onClick={() => chooseType(type)}
            className={`rounded-lg px-5 py-2 text-sm font-semibold transition-colors ${
              values.type === type ? "bg-accent-500 text-ink-950" : "text-mist-300 hover:bg-white/8 hover:text-white"
            }`}
          >
            {type === "movie" ? "Movie" : "TV Show"}
          </button>
        ))}
      </div>

      {added && (
        <p className="mb-6 rounded-lg bg-emerald-500/10 px-4 py-3 text-sm text-emerald-200" role="status">
          Added “{added.title}”.{" "}
          <Link to={titlePath(added)} className="font-semibold underline">
            View on site
          </Link>{" "}
          ·{" "}
          <Link to={adminEditPath(added)} className="font-semibold underline">
            Edit it
          </Link>
        </p>
      )}

      <form ref={formRef} onSubmit={submit} noValidate aria-label={HEADINGS[values.type]}>
        <div className="rounded-2xl border border-white/8 bg-ink-900/80 p-4 sm:p-6">
          <TabbedTitleEditor
            values={values}
            setValues={setValues}
            errors={errors}
            removing={false}
            tab={tab}
            onTabChange={setTab}
            duplicateOf={duplicate}
            genreNames={loaderData.genreNames}
          />
        </div>
        <div className="mt-6 flex flex-wrap items-center justify-end gap-3">
          <Button
            variant="ghost"
            disabled={busy}
            onClick={() => {
              const fresh = emptyEditorValues(values.type, new Date().toISOString());
              setValues(fresh);
              setBaseline(fresh);
              setClientErrors(NO_ERRORS);
              setTab("basic");
            }}
          >
            Clear form
          </Button>
          <Button type="submit" disabled={busy}>
            {busy ? "Saving…" : values.type === "movie" ? "Add Movie" : "Add TV Show"}
          </Button>
        </div>
      </form>
      <UnsavedChangesDialog blocker={blocker} />
    </div>
  );
}
