import { useEffect, useRef } from "react";
import toast from "react-hot-toast";
import type { FormResult } from "#app/utils/submission.ts";

/** One toast per action result: the success message, or the failure's. */
export function useResultToast(result: FormResult | undefined | null) {
  const shown = useRef<unknown>(null);
  useEffect(() => {
    if (!result || shown.current === result) return;
    shown.current = result;
    if (result.ok) toast.success(result.message);
    else toast.error(result.error);
  }, [result]);
}

/** Runs `effect` once for each successful result. */
export function useOnSuccess(result: FormResult | undefined | null, effect: () => void) {
  const handled = useRef<unknown>(null);
  const latest = useRef(effect);
  useEffect(() => {
    latest.current = effect;
  });
  useEffect(() => {
    if (!result || !result.ok || handled.current === result) return;
    handled.current = result;
    latest.current();
  }, [result]);
}

/**
 * The result about the whole form, for people who do not see the toast (or run
 * without JavaScript). A failure already shown next to its field is not repeated.
 */
export function FormMessage({ result }: { result: FormResult | undefined | null }) {
  if (!result) return null;
  if (!result.ok && Object.values(result.fields).some((messages) => messages.includes(result.error))) return null;
  return result.ok ? (
    <p role="status" className="rounded-lg bg-emerald-500/10 px-4 py-3 text-sm text-emerald-200">
      {result.message}
    </p>
  ) : (
    <p role="alert" className="rounded-lg bg-red-500/10 px-4 py-3 text-sm text-red-200">
      {result.error}
    </p>
  );
}
