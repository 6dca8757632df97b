import { useEffect } from "react";
import toast, { Toaster as HotToaster, useToasterStore } from "react-hot-toast";
import { TOAST_LIMIT } from "#app/constants.ts";

/**
 * react-hot-toast's default durations are the spec's (4 s blank/error, 2 s success, loading until done); at most 20 at once.
 * A modal <dialog> covers the page's toaster (the top layer), so a dialog renders its own with a `toasterId`.
 */
export function Toaster({ toasterId }: { toasterId?: string } = {}) {
  const { toasts } = useToasterStore(undefined, toasterId);
  useEffect(() => {
    toasts
      .filter((t) => t.visible)
      .slice(TOAST_LIMIT)
      .forEach((t) => toast.dismiss(t.id, toasterId));
  }, [toasts, toasterId]);
  return (
    <HotToaster
      position="top-center"
      toasterId={toasterId}
      toastOptions={{
        style: { background: "#1f2333", color: "#e8ebf2", border: "1px solid rgba(255,255,255,0.08)" },
        success: { iconTheme: { primary: "#f2643f", secondary: "#07080c" } },
      }}
    />
  );
}
