import { useEffect, useState } from "react";
import { Link, useFetcher, useLocation, useRouteLoaderData } from "react-router";
import { DEFAULT_SETTINGS, type Settings } from "#app/modules/settings/schema.ts";
import { BANNERS, type BannerId } from "#app/modules/site/banners.ts";
import { CloseIcon, InfoIcon } from "#app/components/ui/icons.tsx";

/**
 * The four notices, with the wording an admin set in the site settings (a notice
 * turned off there is not shown). Dismissing one posts to /banners/dismiss, which remembers it
 * in a cookie, so the server leaves it out of later pages (no flash, and it works
 * without JavaScript). Auto-close, when enabled, hides them for this visit only.
 */
export function NoticeBanners({ dismissed, autoClose }: { dismissed: BannerId[]; autoClose: { enabled: boolean; delayMs: number } }) {
  const fetcher = useFetcher();
  const location = useLocation();
  const root = useRouteLoaderData("root") as { settings?: Settings } | undefined;
  const configured = root?.settings?.banners ?? DEFAULT_SETTINGS.banners;
  const [hidden, setHidden] = useState<BannerId[]>([]);
  const [closedByTimer, setClosedByTimer] = useState(false);

  useEffect(() => {
    if (!autoClose.enabled) return;
    const timer = setTimeout(() => setClosedByTimer(true), autoClose.delayMs);
    return () => clearTimeout(timer);
  }, [autoClose.enabled, autoClose.delayMs]);

  const visible = BANNERS.filter((b) => configured[b.id].enabled && !dismissed.includes(b.id) && !hidden.includes(b.id));
  if (closedByTimer || visible.length === 0) return null;

  return (
    <section aria-label="Notices" className="border-b border-white/5 bg-ink-900/80">
      <ul className="mx-auto w-full max-w-7xl divide-y divide-white/5 px-4 sm:px-6 lg:px-8">
        {visible.map((banner) => (
          <li key={banner.id} className="flex items-start gap-3 py-2.5 text-sm text-mist-300 sm:items-center">
            <InfoIcon size={18} className="mt-0.5 shrink-0 text-accent-400 sm:mt-0" />
            <p className="flex-1">
              {configured[banner.id].text}
              {"link" in banner && (
                <>
                  {" "}
                  <Link to={banner.link.href} className="font-medium text-accent-300 underline underline-offset-2 hover:text-accent-400">
                    {banner.link.label}
                  </Link>
                </>
              )}
            </p>
            <fetcher.Form
              method="post"
              action="/banners/dismiss"
              onSubmit={(event) => {
                event.preventDefault();
                setHidden((ids) => [...ids, banner.id]);
                void fetcher.submit({ banner: banner.id, via: "fetch" }, { method: "post", action: "/banners/dismiss" });
              }}
            >
              <input type="hidden" name="banner" value={banner.id} />
              <input type="hidden" name="redirectTo" value={`${location.pathname}${location.search}`} />
              <button
                type="submit"
                className="flex h-8 w-8 shrink-0 items-center justify-center rounded-full text-mist-400 hover:bg-white/10 hover:text-white"
                aria-label="Dismiss notice"
              >
                <CloseIcon size={16} />
              </button>
            </fetcher.Form>
          </li>
        ))}
      </ul>
    </section>
  );
}
