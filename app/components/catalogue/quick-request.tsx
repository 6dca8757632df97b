import { useEffect, useId, useRef, useState } from "react";
import toast from "react-hot-toast";
import { useActionData, useFetcher } from "react-router";
import { SubmissionIdField } from "#app/components/forms/submission-id.tsx";
import { Honeypot } from "#app/components/forms/honeypot.tsx";
import { useHydrated } from "#app/components/ui/use-hydrated.ts";
import { REQUEST_QUALITY_OPTIONS } from "#app/constants.ts";
import { QUICK_REQUEST_MESSAGES } from "#app/modules/inbox/requests/messages.ts";
import type { FormResult } from "#app/utils/submission.ts";

/**
 * The title page's quick request (docs/product/spec.md "Item detail"): choose a quality and ask
 * for it. The button reads Request, then Sending..., then Requested (disabled);
 * it stays disabled until a quality is chosen. Without JavaScript the form posts
 * to the title page, which comes back saying Requested.
 */
export function QuickRequest({ title }: { title: string }) {
  const fetcher = useFetcher<FormResult>();
  const posted = useActionData() as FormResult | undefined;
  const hydrated = useHydrated();
  const [quality, setQuality] = useState("");
  const toastId = useRef<string | null>(null);
  const id = useId();
  const result = fetcher.data ?? posted;
  const sending = fetcher.state !== "idle";
  const requested = result?.ok === true;

  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data || toastId.current === null) return;
    const options = { id: toastId.current };
    toastId.current = null;
    if (fetcher.data.ok) toast.success(QUICK_REQUEST_MESSAGES.success, options);
    else toast.error(QUICK_REQUEST_MESSAGES.failure, options);
  }, [fetcher.state, fetcher.data]);

  const failure = result && !result.ok ? result.error : null;
  return (
    <fetcher.Form
      method="post"
      className="mt-6 rounded-xl bg-ink-800 p-5 ring-1 ring-white/5"
      aria-labelledby={`${id}-heading`}
      onSubmit={(event) => {
        if (hydrated && !quality) {
          event.preventDefault();
          return;
        }
        toastId.current = toast.loading(QUICK_REQUEST_MESSAGES.pending);
      }}
    >
      <h3 id={`${id}-heading`} className="font-semibold text-white">
        Request a quality
      </h3>
      <p className="mt-1 text-sm text-mist-300">Missing the quality you want for {title}? Ask for it and we will add it.</p>
      <Honeypot />
      <SubmissionIdField result={result} />
      <div className="mt-4 flex flex-wrap items-end gap-3">
        <div>
          <label htmlFor={`${id}-quality`} className="mb-1.5 block text-sm font-medium text-mist-100">
            Quality
          </label>
          <select
            id={`${id}-quality`}
            name="quality"
            required
            value={quality}
            onChange={(event) => setQuality(event.target.value)}
            disabled={requested}
            className="block w-48 rounded-lg border border-white/10 bg-ink-900 px-3.5 py-2.5 text-mist-100 focus:border-accent-400 focus:ring-2 focus:ring-accent-400/30 focus:outline-none disabled:opacity-60"
          >
            <option value="">Choose quality</option>
            {REQUEST_QUALITY_OPTIONS.map((option) => (
              <option key={option} value={option}>
                {option}
              </option>
            ))}
          </select>
        </div>
        <button
          type="submit"
          disabled={requested || sending || (hydrated && !quality)}
          className="inline-flex items-center justify-center rounded-full bg-accent-500 px-5 py-2.5 text-sm font-semibold text-ink-950 transition-colors hover:bg-accent-400 disabled:cursor-not-allowed disabled:bg-white/10 disabled:text-mist-300"
        >
          {sending ? "Sending..." : requested ? "Requested" : "Request"}
        </button>
      </div>
      {failure && (
        <p role="alert" className="mt-3 text-sm font-medium text-red-300">
          {failure}
        </p>
      )}
    </fetcher.Form>
  );
}
