import { exactTime, relativeTime } from "#app/utils/format.ts";

/**
 * "5 minutes ago", with the exact time in the element's dateTime and tooltip.
 * `now` comes from the loader, so the server and the browser write the same text.
 */
export function RelativeTime({ at, now, className = "" }: { at: string; now: number; className?: string }) {
  return (
    <time dateTime={at} title={exactTime(at)} className={className}>
      {relativeTime(at, now)}
    </time>
  );
}
