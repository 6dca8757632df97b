import { useCallback, useEffect, useId, useMemo, useRef, useState, type FormEvent } from "react";
import { href, useFetcher, useLocation, useNavigate } from "react-router";
import toast from "react-hot-toast";
import { SearchBoost } from "#app/components/admin/search-boost.tsx";
import { trapTab } from "#app/components/admin/title-editor/focus-trap.ts";
import { SectionedTitleEditor } from "#app/components/admin/title-editor/title-editor.tsx";
import { isDirty, UnsavedChangesDialog, useUnsavedGuard } from "#app/components/admin/title-editor/unsaved-guard.tsx";
import { Button } from "#app/components/admin/ui.tsx";
import { CloseIcon } from "#app/components/ui/icons.tsx";
import { Toaster } from "#app/components/ui/toaster.tsx";
import {
  adminListPath,
  checkEditor,
  duplicateOf,
  NO_ERRORS,
  SAVE_FAILED,
  SAVED,
  valuesFromTitle,
  type EditorErrors,
} from "#app/modules/catalogue/admin-form.ts";
import type { TitleDetail } from "#app/modules/catalogue/types.ts";
import { plural } from "#app/utils/format.ts";
import type { FormResult } from "#app/utils/submission.ts";

const TOASTER_ID = "title-editor";

/**
 * The edit modal over the list: a native modal <dialog> (focus stays inside,
 * Escape closes), full-screen on phones. Saving replaces the title's tree and
 * keeps the modal open. Nothing is stored before Save: a removed row (saved or
 * not) leaves the form, and the save deletes the saved ones with the rest of the
 * change in one transaction. Leaving with unsaved changes asks first.
 */
export function EditDialog({
  title,
  openReports,
  searchBoost,
  genreNames,
}: {
  title: TitleDetail;
  openReports: number;
  searchBoost: number;
  genreNames: readonly string[];
}) {
  const navigate = useNavigate();
  const location = useLocation();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const headingId = useId();
  const save = useFetcher<FormResult<{ title: TitleDetail }>>();
  const [values, setValues] = useState(() => valuesFromTitle(title));
  // What was last stored: the form is dirty while it differs.
  const [baseline, setBaseline] = useState(values);
  // Saved rows removed since the last save, counted for the note above the buttons.
  const [removedSaved, setRemovedSaved] = useState(0);
  const [clientErrors, setClientErrors] = useState<EditorErrors | null>(null);
  const [focusRequest, setFocusRequest] = useState(0);
  const listHref = `${adminListPath(title.type)}${location.search}`;
  const typeWord = title.type === "movie" ? "movie" : "TV show";

  // A save's answer, taken in once: success refreshes the form from what was stored (new rows get their ids).
  const [seenSave, setSeenSave] = useState(save.data);
  if (save.data !== seenSave) {
    setSeenSave(save.data);
    if (save.data?.ok) {
      const stored = valuesFromTitle(save.data.title);
      setValues(stored);
      setBaseline(stored);
      setRemovedSaved(0);
    } else if (save.data) setFocusRequest((n) => n + 1);
  }
  const dirty = isDirty(values, baseline);
  const blocker = useUnsavedGuard(dirty);

  useEffect(() => {
    if (!save.data) return;
    if (save.data.ok) toast.success(SAVED, { toasterId: TOASTER_ID });
    else toast.error(SAVE_FAILED, { toasterId: TOASTER_ID });
  }, [save.data]);

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

  // A saved row leaves the form like a new one; the save deletes it.
  const removeSaved = useCallback((_part: unknown, _id: number, apply: () => void) => {
    apply();
    setRemovedSaved((n) => n + 1);
  }, []);

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
      onCancel={(event) => {
        // Escape with unsaved changes: the dialog stays until the question is answered.
        if (event.target === event.currentTarget && dirty) {
          event.preventDefault();
          close();
        }
      }}
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
            removing={false}
            toasterId={TOASTER_ID}
            tmdbMode="refresh"
            duplicateOf={duplicate}
            genreNames={genreNames}
          />
          <p className="mt-6 text-xs text-mist-400">Nothing is stored until you save, removed rows included.</p>
        </div>
        <footer className="flex flex-wrap items-center justify-end gap-2 border-t border-white/8 px-4 py-3 sm:px-6">
          {dirty && (
            <p className="mr-auto text-sm text-amber-200" role="status">
              Unsaved changes
              {removedSaved > 0 && `: ${plural(removedSaved, "saved row")} removed, deleted when you save`}
            </p>
          )}
          <Button variant="secondary" onClick={close}>
            Cancel
          </Button>
          <Button type="submit" disabled={saving}>
            {saving ? "Saving…" : "Save Changes"}
          </Button>
        </footer>
      </form>
      <UnsavedChangesDialog blocker={blocker} />
    </dialog>
  );
}

const reportsFixedMessage = (n: number) => `${plural(n, "report")} marked fixed`;

/** Open broken-link reports on this title, with the one-click close the inbox would otherwise need. */
function OpenReports({ titleId, count }: { titleId: number; count: number }) {
  const fix = useFetcher<FormResult<{ fixed: number }>>();
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
