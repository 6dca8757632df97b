import toast from "react-hot-toast";
import { Link, redirect, useRouteLoaderData } from "react-router";
import { Fact } from "#app/components/catalogue/fact.tsx";
import { DownloadOptions } from "#app/components/catalogue/download-options.tsx";
import { FetchErrorView } from "#app/components/catalogue/fetch-error.tsx";
import { BackButton } from "#app/components/ui/back-button.tsx";
import { InfoIcon, ShareIcon, TelegramIcon } from "#app/components/ui/icons.tsx";
import { getApp } from "#app/context.ts";
import { getSettings } from "#app/modules/settings/settings.server.ts";
import { releaseLabel } from "#app/modules/catalogue/display.ts";
import { linkDetailsPath, parseLinkDetailsRef, titlePath } from "#app/modules/catalogue/paths.ts";
import { getLinkDetails } from "#app/modules/catalogue/read.server.ts";
import type { LinkDetails, LinkDetailsRef } from "#app/modules/catalogue/types.ts";
import type { Settings } from "#app/modules/settings/schema.ts";
import { copyText } from "#app/utils/clipboard.ts";
import { formatReleaseDate } from "#app/utils/dates.ts";
import { originOf, seoMeta } from "#app/utils/seo.ts";
import type { Route } from "./+types/link-details";
import { parseId } from "#app/utils/ids.ts";
import { pageLoader, requireFound } from "#app/utils/errors.ts";

function canonicalPath(details: LinkDetails, ref: LinkDetailsRef): string {
  const { title, release } = details;
  if (ref.kind === "file") return linkDetailsPath(title.id, release.key, { kind: "episode", id: ref.id });
  if (title.type === "movie") return linkDetailsPath(title.id, release.key, { kind: "movie" });
  return linkDetailsPath(title.id, release.key, { kind: "release", id: release.id });
}

export const loader = pageLoader(async ({ params, context }: Route.LoaderArgs) => {
  const id = parseId(params.id);
  const ref = parseLinkDetailsRef(params.type, params.seasonId, params.quality);
  const { db } = getApp(context);
  const { linkHealth } = await getSettings(db);
  const found = id === null || ref === null ? null : await getLinkDetails(db, id, ref, { hideBroken: linkHealth.hideBroken });
  // A season's links under /movie (or a movie's under /tv) do not exist either.
  const details = requireFound(
    found && (found.title.type === "movie") === (params.type === "movie") ? found : null,
    "Failed to fetch data",
  );
  const canonical = canonicalPath(details, ref!);
  const requested = `/desksync/${params.id}/${params.seasonId}/${encodeURIComponent(params.quality)}/${params.type}`;
  if (requested !== canonical) throw redirect(canonical, 301);
  return { details, path: canonical };
});

export function meta({ data, matches }: Route.MetaArgs) {
  if (!data) return [{ title: "Not found | Cinedex" }];
  const { details, path } = data;
  return seoMeta(originOf(matches), {
    title: `Download ${details.firstFileTitle ?? details.title.title}`,
    description: `Download options for ${details.title.title}, ${releaseLabel(details.release)}.`,
    path,
    noindex: true,
  });
}

export default function LinkDetailsPage({ loaderData }: Route.ComponentProps) {
  const { details } = loaderData;
  const root = useRouteLoaderData("root") as { settings: Settings } | undefined;
  const { title, release } = details;
  const share = async () => {
    if (await copyText(window.location.href)) toast.success("Link copied to clipboard!");
    else toast.error("Could not copy the link. Copy it from the address bar instead.");
  };
  return (
    <div className="mx-auto max-w-3xl">
      <div className="flex items-center justify-between gap-3">
        <BackButton fallback={titlePath(title)} />
        <button
          type="button"
          onClick={share}
          className="inline-flex items-center gap-2 rounded-full bg-white/5 px-4 py-2 text-sm font-semibold text-mist-100 ring-1 ring-white/10 hover:bg-white/10 [html:not(.js)_&]:hidden"
        >
          <ShareIcon size={17} />
          Share
        </button>
      </div>

      <header className="mt-6 rounded-2xl bg-ink-800 p-6 ring-1 ring-white/5">
        <p className="text-sm font-semibold tracking-wide text-accent-300 uppercase">
          <Link to={titlePath(title)} className="hover:underline">
            {title.type === "tv" ? "TV series" : "Movie"}
          </Link>
        </p>
        <h1 className="mt-1 text-2xl font-bold tracking-tight text-white sm:text-3xl">{title.title}</h1>
        {details.firstFileTitle && <p className="mt-2 break-words text-mist-300">{details.firstFileTitle}</p>}
        <p className="mt-3">
          <span className="rounded-md bg-accent-500/15 px-2 py-0.5 text-sm font-bold text-accent-300 ring-1 ring-accent-500/30">
            {releaseLabel(release)}
          </span>
        </p>
        <dl className="mt-5 grid gap-3 sm:grid-cols-3">
          <Fact label="Format" value={details.format ? details.format.toUpperCase() : null} />
          <Fact label="Size" value={details.size} />
          <Fact label="Added On" value={details.addedOn ? formatReleaseDate(details.addedOn) : null} />
        </dl>
      </header>

      <section aria-labelledby="options-heading" className="mt-8">
        <h2 id="options-heading" className="mb-4 text-xl font-bold text-white">
          Download Options
        </h2>
        <DownloadOptions files={details.files} zipLinks={details.zipLinks} />
      </section>

      <aside className="mt-6 flex gap-3 rounded-xl bg-sky-400/10 p-4 text-sm text-sky-100 ring-1 ring-sky-400/20">
        <InfoIcon size={18} className="mt-0.5 shrink-0 text-sky-300" />
        <p>
          If a direct link does not work, try a mirror link from another provider or a different quality. Google Drive may ask you to sign
          in to your Google account before large downloads.
        </p>
      </aside>

      <footer className="mt-10 flex flex-col gap-4 border-t border-white/5 pt-6 text-sm text-mist-400 sm:flex-row sm:items-center sm:justify-between">
        <nav aria-label="Legal">
          <ul className="flex flex-wrap gap-x-4 gap-y-2">
            <li>
              <Link to="/dmca" className="hover:text-white">
                DMCA
              </Link>
            </li>
            <li>
              <Link to="/site-disclaimer" className="hover:text-white">
                Disclaimer
              </Link>
            </li>
            <li>
              <Link to="/privacy-policy" className="hover:text-white">
                Privacy Policy
              </Link>
            </li>
            <li>
              <Link to="/terms" className="hover:text-white">
                Terms
              </Link>
            </li>
          </ul>
        </nav>
        {root?.settings.telegramGroupUrl && (
          <a
            href={root.settings.telegramGroupUrl}
            target="_blank"
            rel="noopener noreferrer"
            className="inline-flex items-center gap-2 font-semibold text-sky-300 hover:text-sky-200"
          >
            <TelegramIcon size={17} />
            Join our Telegram group
          </a>
        )}
      </footer>
    </div>
  );
}

export function ErrorBoundary() {
  return <FetchErrorView />;
}
