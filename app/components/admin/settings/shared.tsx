import { useEffect, useRef, type ReactNode } from "react";
import toast from "react-hot-toast";

/** What the settings and users actions answer: a message to show, or what to fix. */
export type ActionResult =
  | { ok: true; intent: string; message: string }
  | { ok: false; intent: string; error: string; fields: Record<string, string[]>; values?: Record<string, string> };

export type Failure = Extract<ActionResult, { ok: false }>;

/** The result when it answers this form's intent. */
export function resultFor(result: ActionResult | undefined, intent: string): ActionResult | undefined {
  return result?.intent === intent ? result : undefined;
}

export function failureFor(result: ActionResult | undefined, intent: string): Failure | undefined {
  const own = resultFor(result, intent);
  return own && !own.ok ? own : undefined;
}

/** One toast per action result (a success or the failure's message). */
export function useResultToast(result: ActionResult | undefined) {
  const shown = useRef<unknown>(null);
  useEffect(() => {
    if (!result || shown.current === result) return;
    shown.current = result;
    if (result.ok) toast.success(result.message);
    else toast.error(result.error);
  }, [result]);
}

/** Runs `effect` once when this form's action succeeds. */
export function useOnSuccess(result: ActionResult | undefined, intent: string, effect: () => void) {
  const handled = useRef<unknown>(null);
  const latest = useRef(effect);
  useEffect(() => {
    latest.current = effect;
  });
  useEffect(() => {
    if (!result || !result.ok || result.intent !== intent || handled.current === result) return;
    handled.current = result;
    latest.current();
  }, [result, intent]);
}

/** "March 4, 2026", in UTC so the server and the browser agree. */
export function formatDate(iso: string): string {
  return new Date(iso).toLocaleDateString("en-US", { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" });
}

/**
 * A message about the whole form, for people who do not see the toast (or run
 * without JavaScript). A failure already shown next to its field is not repeated.
 */
export function FormMessage({ result }: { result: ActionResult | undefined }) {
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

/** A checkbox drawn as a switch; it posts "on" when checked, like any checkbox. */
export function Switch({
  name,
  label,
  description,
  defaultChecked,
}: {
  name: string;
  label: ReactNode;
  description?: ReactNode;
  defaultChecked: boolean;
}) {
  return (
    <label className="flex cursor-pointer items-start justify-between gap-4 py-3">
      <span>
        <span className="block text-sm font-medium text-white">{label}</span>
        {description && <span className="mt-0.5 block text-sm text-mist-400">{description}</span>}
      </span>
      <span className="relative mt-0.5 inline-flex shrink-0">
        <input type="checkbox" role="switch" name={name} defaultChecked={defaultChecked} className="peer sr-only" />
        <span
          aria-hidden="true"
          className="h-6 w-11 rounded-full bg-ink-600 transition-colors peer-checked:bg-accent-500 peer-focus-visible:ring-2 peer-focus-visible:ring-accent-400 peer-focus-visible:ring-offset-2 peer-focus-visible:ring-offset-ink-900"
        />
        <span
          aria-hidden="true"
          className="absolute top-0.5 left-0.5 h-5 w-5 rounded-full bg-[#fff] shadow transition-transform peer-checked:translate-x-5"
        />
      </span>
    </label>
  );
}

/** Label/value pairs of read-only account details. */
export function DetailList({ items }: { items: { label: string; value: ReactNode }[] }) {
  return (
    <dl className="divide-y divide-white/8">
      {items.map((item) => (
        <div key={item.label} className="grid gap-1 py-3 sm:grid-cols-[10rem_1fr] sm:gap-4">
          <dt className="text-sm font-medium text-mist-400">{item.label}</dt>
          <dd className="text-sm break-words text-white">{item.value}</dd>
        </div>
      ))}
    </dl>
  );
}
