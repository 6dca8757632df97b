import { useCallback, useEffect, useId, useMemo, useRef, useState, type FormEvent } from "react";
import { data, href, useFetcher, useLocation, useNavigate } from "react-router";
import toast from "react-hot-toast";
import { AdminErrorBoundary } from "#app/components/admin/error-boundary.tsx";
import type { SavedPart } from "#app/components/admin/title-editor/context.tsx";
import { trapTab } from "#app/components/admin/title-editor/focus-trap.ts";
import { SectionedTitleEditor } from "#app/components/admin/title-editor/title-editor.tsx";
import { Button, ConfirmDialog } from "#app/components/admin/ui.tsx";
import { CloseIcon } from "#app/components/ui/icons.tsx";
import { Toaster } from "#app/components/ui/toaster.tsx";
import { getApp } from "#app/context.ts";
import { actorFrom } from "#app/modules/auth/guard.server.ts";
import { saveTitleFromEditor } from "#app/modules/editorial/titles.server.ts";
import {
  adminListPath,
  adminTypeOfPath,
  checkEditor,
  CONFIRM_DELETE,
  duplicateOf,
  DELETE_FAILED,
  DELETED,
  EDITOR_BODY_LIMIT,
  NO_ERRORS,
  SAVE_FAILED,
  SAVED,
  titleEditorSchema,
  valuesFromTitle,
  type EditorErrors,
} from "#app/modules/catalogue/admin-form.ts";
import { getTitle } from "#app/modules/catalogue/read.server.ts";
import type { TitleDetail } from "#app/modules/catalogue/types.ts";
import { TITLE_NOT_FOUND } from "#app/modules/catalogue/write.server.ts";
import { countOpenReportsOnTitle } from "#app/modules/inbox/reports/fixes.server.ts";
import { getSearchBoost } from "#app/modules/search/popularity.server.ts";
import { SearchBoost } from "#app/components/admin/search-boost.tsx";
import { requireId } from "#app/utils/ids.ts";
import { handleSubmission } from "#app/utils/submission.server.ts";
import type { Route } from "./+types/edit-title";
import type { action as deleteAction } from "./delete-title-part.ts";
import type { action as fixReportsAction } from "./fix-title-reports.ts";
import { plural } from "#app/utils/format.ts";

export { AdminErrorBoundary as ErrorBoundary };

export function meta({ data }: Route.MetaArgs) {
  return [{ title: data ? `Edit “${data.title.title}” | Cinedex Admin` : "Cinedex Admin" }];
}

/** The title, which must be of the type of the list the modal opens over (a TV id under /dashboard/movies is a 404). */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const id = requireId(params.id, TITLE_NOT_FOUND);
  const title = await getTitle(getApp(context).db, id, { includeDisabled: true });
  if (!title || title.type !== adminTypeOfPath(new URL(request.url).pathname)) throw data(TITLE_NOT_FOUND, { status: 404 });
  // Reloaded after every save, so reports a replaced link closed are gone from the offer.
  return {
    title,
    openReports: await countOpenReportsOnTitle(getApp(context).db, title.id),
    searchBoost: await getSearchBoost(getApp(context).db, title.id),
  };
}

/** The editor's JSON, checked once here with the editor's schema (as a title of this list's type); the module takes it typed. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const id = requireId(params.id, TITLE_NOT_FOUND);
  const type = adminTypeOfPath(new URL(request.url).pathname);
  return handleSubmission(
    request,
    titleEditorSchema(type),
    async (edit) => {
      const title = await saveTitleFromEditor(getApp(context).db, actorFrom(context), id, type, edit);
      return { ok: true as const, message: SAVED, title };
    },
    { maxBytes: EDITOR_BODY_LIMIT },
  );
}

const TOASTER_ID = "title-editor";

export default function EditTitle({ loaderData }: Route.ComponentProps) {
  // A new id is a new form.
  return (
    <EditDialog
      key={loaderData.title.id}
      title={loaderData.title}
      openReports={loaderData.openReports}
      searchBoost={loaderData.searchBoost}
    />
  );
}

/**
 * The edit modal over the list: a native modal <dialog> (focus stays inside,
 * Escape closes), full-screen on phones. Saving replaces the title's tree and
 * keeps the modal open; removing a saved screenshot, group, link or zip link asks
 * and deletes it at once.
 */
function EditDialog({ title, openReports, searchBoost }: { title: TitleDetail; openReports: number; searchBoost: number }) {
  const navigate = useNavigate();
  const location = useLocation();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const headingId = useId();
  const save = useFetcher<typeof action>();
  const remove = useFetcher<typeof deleteAction>();
  const [values, setValues] = useState(() => valuesFromTitle(title));
  const [clientErrors, setClientErrors] = useState<EditorErrors | null>(null);
  // A saved row the person asked to remove (awaiting "Are you sure?"), then the removal on its way.
  const [removal, setRemoval] = useState<{ part: SavedPart; id: number; apply: () => void } | null>(null);
  const [pendingRemoval, setPendingRemoval] = useState<(() => void) | null>(null);
  const [focusRequest, setFocusRequest] = useState(0);
  const listHref = `${adminListPath(title.type)}${location.search}`;
  const typeWord = title.type === "movie" ? "movie" : "TV show";

  // Answers taken in once each: a save refreshes the form from what was stored
  // (new rows get their ids); a delete drops the row it was about.
  const [seenSave, setSeenSave] = useState(save.data);
  if (save.data !== seenSave) {
    setSeenSave(save.data);
    if (save.data?.ok) setValues(valuesFromTitle(save.data.title));
    else if (save.data) setFocusRequest((n) => n + 1);
  }
  const [seenRemove, setSeenRemove] = useState(remove.data);
  if (remove.data !== seenRemove) {
    setSeenRemove(remove.data);
    if (remove.data?.ok) pendingRemoval?.();
    setPendingRemoval(null);
  }

  useEffect(() => {
    if (!save.data) return;
    if (save.data.ok) toast.success(SAVED, { toasterId: TOASTER_ID });
    else toast.error(SAVE_FAILED, { toasterId: TOASTER_ID });
  }, [save.data]);

  useEffect(() => {
    if (!remove.data) return;
    if (remove.data.ok) toast.success(DELETED, { toasterId: TOASTER_ID });
    else toast.error(DELETE_FAILED, { toasterId: TOASTER_ID });
  }, [remove.data]);

  useEffect(() => {
    if (focusRequest > 0) formRef.current?.querySelector<HTMLElement>("[aria-invalid='true']")?.focus();
  }, [focusRequest]);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (dialog && !dialog.open) dialog.showModal();
    // The page behind stays put while the modal scrolls.
    const root = document.documentElement;
    const previous = root.style.overflow;
    root.style.overflow = "hidden";
    return () => {
      root.style.overflow = previous;
    };
  }, []);

  const close = () => void navigate(listHref, { preventScrollReset: true });

  const removeSaved = useCallback((part: SavedPart, id: number, apply: () => void) => setRemoval({ part, id, apply }), []);
  const confirmRemoval = () => {
    if (!removal) return;
    setRemoval(null);
    setPendingRemoval(() => removal.apply);
    void remove.submit(
      { part: removal.part, partId: String(removal.id) },
      { method: "post", action: href("/dashboard/titles/:id/delete", { id: String(title.id) }) },
    );
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const check = checkEditor(values);
    if (!check.ok) {
      setClientErrors(check.fields);
      setFocusRequest((n) => n + 1);
      toast.error(check.message, { toasterId: TOASTER_ID });
      return;
    }
    setClientErrors(null);
    void save.submit(values, { method: "post", encType: "application/json" });
  };

  const errors = clientErrors ?? (save.data && !save.data.ok ? save.data.fields : NO_ERRORS);
  const saving = save.state !== "idle";
  const duplicate = useMemo(() => duplicateOf(save.data), [save.data]);

  return (
    <dialog
      ref={dialogRef}
      aria-labelledby={headingId}
      onKeyDown={trapTab}
      onClose={(event) => {
        // Escape closes the native dialog; the URL follows. (A nested confirm's close bubbles here too.)
        if (event.target === event.currentTarget) close();
      }}
      className="m-0 h-dvh max-h-none w-full max-w-none overflow-hidden bg-ink-900 p-0 text-mist-100 backdrop:bg-black/60 sm:m-auto sm:h-[min(92dvh,72rem)] sm:w-[min(94vw,68rem)] sm:rounded-2xl sm:border sm:border-white/10 sm:shadow-2xl"
    >
      <Toaster toasterId={TOASTER_ID} />
      <form ref={formRef} onSubmit={submit} noValidate className="flex h-full flex-col">
        <header className="flex items-start justify-between gap-3 border-b border-white/8 px-4 py-3 sm:px-6 sm:py-4">
          <div className="min-w-0">
            <h2 id={headingId} className="text-lg font-bold text-white">
              Edit {typeWord}
            </h2>
            <p className="truncate text-sm text-mist-300">{title.title}</p>
          </div>
          <button
            type="button"
            onClick={close}
            aria-label="Close"
            className="-mr-1 flex h-10 w-10 shrink-0 items-center justify-center rounded-lg text-mist-300 hover:bg-white/8 hover:text-white"
          >
            <CloseIcon />
          </button>
        </header>
        <div className="min-h-0 flex-1 overflow-y-auto overscroll-contain px-4 py-5 sm:px-6">
          <OpenReports titleId={title.id} count={openReports} />
          <SearchBoost titleId={title.id} boost={searchBoost} toasterId={TOASTER_ID} />
          <SectionedTitleEditor
            values={values}
            setValues={setValues}
            errors={errors}
            removeSaved={removeSaved}
            removing={remove.state !== "idle"}
            toasterId={TOASTER_ID}
            tmdbMode="refresh"
            duplicateOf={duplicate}
          />
          <p className="mt-6 text-xs text-mist-400">
            Removing a saved screenshot, quality or season, or link deletes it at once (after you confirm). Other changes, including removed
            episodes and download options, are stored when you save.
          </p>
        </div>
        <footer className="flex justify-end gap-2 border-t border-white/8 px-4 py-3 sm:px-6">
          <Button variant="secondary" onClick={close}>
            Cancel
          </Button>
          <Button type="submit" disabled={saving}>
            {saving ? "Saving…" : "Save Changes"}
          </Button>
        </footer>
      </form>
      <ConfirmDialog
        open={removal !== null}
        onConfirm={confirmRemoval}
        onCancel={() => setRemoval(null)}
        message={CONFIRM_DELETE}
        confirmLabel="Delete"
        danger
      />
    </dialog>
  );
}

export const reportsFixedMessage = (n: number) => `${plural(n, "report")} marked fixed`;

/** Open broken-link reports on this title, with the one-click close the inbox would otherwise need. */
function OpenReports({ titleId, count }: { titleId: number; count: number }) {
  const fix = useFetcher<typeof fixReportsAction>();
  useEffect(() => {
    if (fix.state === "idle" && fix.data?.ok) toast.success(reportsFixedMessage(fix.data.fixed), { toasterId: TOASTER_ID });
  }, [fix.state, fix.data]);
  if (count === 0) return null;
  const reports = plural(count, "open broken-link report");
  return (
    <div
      role="region"
      aria-label="Broken-link reports"
      className="mb-5 flex flex-wrap items-center justify-between gap-3 rounded-xl bg-amber-400/10 px-4 py-3 text-sm text-amber-100 ring-1 ring-amber-400/30"
    >
      <p>
        This title has {reports}.{" "}
        <a
          href={`${href("/dashboard/inbox/:kind", { kind: "reports" })}?status=open`}
          className="font-semibold underline underline-offset-2"
        >
          See them in the inbox
        </a>
      </p>
      <Button
        variant="secondary"
        size="sm"
        disabled={fix.state !== "idle"}
        onClick={() => fix.submit(null, { method: "post", action: href("/dashboard/titles/:id/fix-reports", { id: String(titleId) }) })}
      >
        Mark {plural(count, "report")} fixed
      </Button>
    </div>
  );
}
