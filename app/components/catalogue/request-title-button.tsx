import { useEffect } from "react";
import { useFetcher } from "react-router";
import toast from "react-hot-toast";
import { Honeypot } from "#app/components/forms/honeypot.tsx";
import type { ExternalSearchItem } from "#app/integrations/tmdb/types.ts";
import type { action } from "#app/routes/api/request-title.ts";

/** Files a content request for a title only TMDB knows; says how many people asked. */
export function RequestTitleButton({
  item,
  label = "Request",
  className = "",
}: {
  item: Pick<ExternalSearchItem, "tmdbId" | "type" | "title" | "year">;
  label?: string;
  className?: string;
}) {
  const fetcher = useFetcher<typeof action>();
  const sending = fetcher.state !== "idle";
  const done = fetcher.data?.ok === true;
  useEffect(() => {
    const result = fetcher.data;
    if (!result) return;
    if (result.ok) toast.success(result.detail ? `${result.message} ${result.detail}` : result.message);
    else toast.error(result.error);
  }, [fetcher.data]);
  return (
    <fetcher.Form method="post" action="/api/request-title" className={className}>
      <input type="hidden" name="tmdbId" value={item.tmdbId} />
      <input type="hidden" name="type" value={item.type} />
      <input type="hidden" name="title" value={item.title} />
      <input type="hidden" name="year" value={item.year ?? ""} />
      <Honeypot />
      <button
        type="submit"
        disabled={sending || done}
        aria-label={`${done ? "Requested" : label}: ${item.title}`}
        className="rounded-full bg-accent-500 px-4 py-1.5 text-sm font-semibold text-ink-950 hover:bg-accent-400 disabled:cursor-default disabled:opacity-70"
      >
        {sending ? "Sending..." : done ? "Requested" : label}
      </button>
      {done && (
        <p className="mt-1.5 text-xs text-mist-300" role="status">
          {fetcher.data?.ok && fetcher.data.detail}
        </p>
      )}
    </fetcher.Form>
  );
}
