import { useEffect } from "react";
import { useBlocker, type Blocker } from "react-router";
import { ConfirmDialog } from "#app/components/admin/ui.tsx";
import type { EditorValues } from "#app/modules/catalogue/admin-form.ts";

export const LEAVE_UNSAVED = "You have unsaved changes. Leave without saving them?";

/** The form differs from what was last saved (or started from). The type is the Add screen's switch, not an edit. */
export function isDirty(values: EditorValues, baseline: EditorValues): boolean {
  return JSON.stringify({ ...values, type: null }) !== JSON.stringify({ ...baseline, type: null });
}

/**
 * While the form is dirty: leaving for another page in the app waits for a
 * confirmation (React Router's blocker; staying on the same path, e.g. the Add
 * screen's type in the query, is not leaving), and closing or reloading the tab
 * asks the browser's own question.
 */
export function useUnsavedGuard(dirty: boolean): Blocker {
  const blocker = useBlocker(({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname);
  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers ask only when returnValue is set.
      event.returnValue = "";
    };
    window.addEventListener("beforeunload", onBeforeUnload);
    return () => window.removeEventListener("beforeunload", onBeforeUnload);
  }, [dirty]);
  return blocker;
}

/** The question a blocked navigation asks. */
export function UnsavedChangesDialog({ blocker }: { blocker: Blocker }) {
  return (
    <ConfirmDialog
      open={blocker.state === "blocked"}
      message={LEAVE_UNSAVED}
      confirmLabel="Leave without saving"
      danger
      onConfirm={() => blocker.proceed?.()}
      onCancel={() => blocker.reset?.()}
    />
  );
}
