import { useEffect, useState } from "react";
import { href, Link, useFetcher, useLocation, useRouteLoaderData } from "react-router";
import { DEFAULT_BANNERS } from "#app/modules/settings/defaults.ts";
import type { Settings } from "#app/modules/settings/schema.ts";
import { ALL_BANNERS, BANNERS, type BannerId } from "#app/modules/site/banners.ts";
import { ChevronRightIcon, CloseIcon, InfoIcon } from "#app/components/ui/icons.tsx";

/**
 * The four notices as one compact bar: one notice at a time, with its count, a
 * Next button, its own dismiss button and "Dismiss all". The wording is the one an
 * admin set in the site settings (a notice turned off there is not shown).
 * Dismissing posts to /banners/dismiss, which remembers it in a cookie, so the
 * server leaves it out of later pages (no flash, and it works without JavaScript:
 * dismissing the shown notice reveals the next). Auto-close, when enabled, hides
 * the bar for this visit only.
 */
export function NoticeBanners({ dismissed, autoClose }: { dismissed: BannerId[]; autoClose: { enabled: boolean; delayMs: number } }) {
  const fetcher = useFetcher();
  const location = useLocation();
  const root = useRouteLoaderData("root") as { settings?: Settings } | undefined;
  const configured = root?.settings?.banners ?? DEFAULT_BANNERS;
  const [hidden, setHidden] = useState<BannerId[]>([]);
  const [shownIndex, setShownIndex] = useState(0);
  const [closedByTimer, setClosedByTimer] = useState(false);

  useEffect(() => {
    if (!autoClose.enabled) return;
    const timer = setTimeout(() => setClosedByTimer(true), autoClose.delayMs);
    return () => clearTimeout(timer);
  }, [autoClose.enabled, autoClose.delayMs]);

  const visible = BANNERS.filter((b) => configured[b.id].enabled && !dismissed.includes(b.id) && !hidden.includes(b.id));
  if (closedByTimer || visible.length === 0) return null;
  const index = shownIndex % visible.length;
  const banner = visible[index]!;
  const redirectTo = `${location.pathname}${location.search}`;
  const dismiss = (ids: BannerId[], value: string) => {
    setHidden((was) => [...was, ...ids]);
    // The notice after the dismissed one takes its place.
    setShownIndex(index);
    void fetcher.submit({ banner: value, via: "fetch" }, { method: "post", action: href("/banners/dismiss") });
  };
  const iconButton =
    "flex h-8 w-8 shrink-0 items-center justify-center rounded-full text-mist-300 hover:bg-white/10 hover:text-white [html:not(.js)_&]:hidden";

  return (
    <section aria-label="Notices" className="border-b border-white/5 bg-ink-900/80">
      <div className="mx-auto flex w-full max-w-7xl flex-wrap items-center gap-x-3 px-4 py-1.5 text-[13px] text-mist-300 sm:flex-nowrap sm:px-6 sm:text-sm lg:px-8">
        <p className="flex min-w-0 flex-[1_1_100%] items-start gap-2 leading-snug sm:flex-1 sm:items-center" aria-live="polite">
          <InfoIcon size={16} className="mt-px shrink-0 text-accent-400 sm:mt-0" />
          <span>
            {configured[banner.id].text}
            {"link" in banner && (
              <>
                {" "}
                <Link to={banner.link.href} className="font-medium text-accent-300 underline underline-offset-2 hover:text-accent-400">
                  {banner.link.label}
                </Link>
              </>
            )}
          </span>
        </p>
        <div className="ml-auto flex shrink-0 items-center gap-1">
          {visible.length > 1 && (
            <>
              <span className="text-xs text-mist-400 tabular-nums">
                <span className="sr-only">Notice </span>
                {index + 1} of {visible.length}
              </span>
              <button type="button" className={iconButton} aria-label="Next notice" onClick={() => setShownIndex(index + 1)}>
                <ChevronRightIcon size={16} />
              </button>
            </>
          )}
          <fetcher.Form
            method="post"
            action={href("/banners/dismiss")}
            onSubmit={(event) => {
              event.preventDefault();
              dismiss([banner.id], banner.id);
            }}
          >
            <input type="hidden" name="banner" value={banner.id} />
            <input type="hidden" name="redirectTo" value={redirectTo} />
            <button
              type="submit"
              className="flex h-8 w-8 shrink-0 items-center justify-center rounded-full text-mist-300 hover:bg-white/10 hover:text-white"
              aria-label="Dismiss notice"
            >
              <CloseIcon size={16} />
            </button>
          </fetcher.Form>
          {visible.length > 1 && (
            <fetcher.Form
              method="post"
              action={href("/banners/dismiss")}
              onSubmit={(event) => {
                event.preventDefault();
                dismiss(
                  visible.map((b) => b.id),
                  ALL_BANNERS,
                );
              }}
            >
              <input type="hidden" name="banner" value={ALL_BANNERS} />
              <input type="hidden" name="redirectTo" value={redirectTo} />
              <button
                type="submit"
                className="rounded-full px-2.5 py-1.5 text-xs font-semibold whitespace-nowrap text-accent-300 hover:bg-white/10 hover:text-accent-400"
              >
                Dismiss all
              </button>
            </fetcher.Form>
          )}
        </div>
      </div>
    </section>
  );
}
