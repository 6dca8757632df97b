import { useEffect } from "react";
import { useActionData, useFetcher } from "react-router";
import toast from "react-hot-toast";
import { SubmissionIdField } from "#app/components/forms/submission-id.tsx";
import { Honeypot } from "#app/components/forms/honeypot.tsx";
import { externalKey } from "#app/integrations/tmdb/ids.ts";
import type { ExternalSearchItem } from "#app/integrations/tmdb/types.ts";
import type { VisitorFormSuccess } from "#app/modules/inbox/forms.ts";
import type { FormResult } from "#app/utils/submission.ts";

type Result = FormResult<Omit<VisitorFormSuccess, "ok" | "message">>;

/**
 * Files a content request for a title only TMDB knows; says how many people asked.
 * It posts to the page it is on (search, the TMDB-only title page): without
 * JavaScript the page comes back with this button saying Requested.
 */
export function RequestTitleButton({
  item,
  label = "Request",
  className = "",
}: {
  item: Pick<ExternalSearchItem, "tmdbId" | "type" | "title" | "year">;
  label?: string;
  className?: string;
}) {
  const fetcher = useFetcher<Result>();
  const posted = useActionData() as Result | undefined;
  // The page's answer to a post without JavaScript, when it was this button's.
  const postedFor =
    posted && (posted.ok ? posted.subject : externalKey({ type: `${posted.values.type}`, tmdbId: `${posted.values.tmdbId}` }));
  const result = fetcher.data ?? (postedFor === externalKey(item) ? posted : undefined);
  const sending = fetcher.state !== "idle";
  const done = result?.ok === true;
  useEffect(() => {
    const result = fetcher.data;
    if (!result) return;
    if (result.ok) toast.success(result.detail ? `${result.message} ${result.detail}` : result.message);
    else toast.error(result.error);
  }, [fetcher.data]);
  return (
    <fetcher.Form method="post" className={className}>
      <input type="hidden" name="tmdbId" value={item.tmdbId} />
      <input type="hidden" name="type" value={item.type} />
      <input type="hidden" name="title" value={item.title} />
      <input type="hidden" name="year" value={item.year ?? ""} />
      <Honeypot />
      <SubmissionIdField result={result} />
      <button
        type="submit"
        disabled={sending || done}
        aria-label={`${done ? "Requested" : label}: ${item.title}`}
        className="rounded-full bg-accent-500 px-4 py-1.5 text-sm font-semibold text-ink-950 hover:bg-accent-400 disabled:cursor-default disabled:opacity-70"
      >
        {sending ? "Sending..." : done ? "Requested" : label}
      </button>
      {result?.ok && (
        <p className="mt-1.5 text-xs text-mist-300" role="status">
          {result.detail}
        </p>
      )}
      {/* With JavaScript a failure is a toast; without, the page says it here. */}
      {result && !result.ok && !fetcher.data && (
        <p className="mt-1.5 text-xs font-medium text-red-300" role="alert">
          {result.error}
        </p>
      )}
    </fetcher.Form>
  );
}
