import { Link } from "react-router";
import { DownloadTips } from "#app/components/catalogue/download-tips.tsx";
import { FetchErrorView } from "#app/components/catalogue/fetch-error.tsx";
import { BackButton } from "#app/components/ui/back-button.tsx";
import { ChevronRightIcon } from "#app/components/ui/icons.tsx";
import { getApp } from "#app/context.ts";
import { releaseLabel } from "#app/modules/catalogue/display.ts";
import { archivePath, linkDetailsPath, titlePath } from "#app/modules/catalogue/paths.ts";
import { getArchive } from "#app/modules/catalogue/read.server.ts";
import { originOf, seoMeta } from "#app/utils/seo.ts";
import type { Route } from "./+types/archive";
import { parseId } from "#app/utils/ids.ts";
import { pageLoader, requireFound } from "#app/utils/errors.ts";

export const loader = pageLoader(async ({ params, context }: Route.LoaderArgs) => {
  const id = parseId(params.id);
  const archive = requireFound(id === null ? null : await getArchive(getApp(context).db, id, params.quality), "Failed to fetch data");
  return { archive };
});

export function meta({ data, matches }: Route.MetaArgs) {
  if (!data) return [{ title: "Not found | Cinedex" }];
  const { title, release } = data.archive;
  return seoMeta(originOf(matches), {
    title: `${title.title}: ${releaseLabel(release)} episodes`,
    description: `Episodes of ${title.title}, ${releaseLabel(release)}, with their sizes.`,
    path: archivePath(title.id, release.key),
  });
}

export default function Archive({ loaderData }: Route.ComponentProps) {
  const { title, release, episodes } = loaderData.archive;
  return (
    <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_20rem]">
      <section aria-labelledby="archive-heading">
        <BackButton fallback={titlePath(title)} />
        <p className="mt-6 text-sm font-semibold tracking-wide text-accent-300 uppercase">
          <Link to={titlePath(title)} className="hover:underline">
            {title.title}
          </Link>
        </p>
        <div className="mt-1 flex flex-wrap items-center gap-3">
          <h1 id="archive-heading" className="text-3xl font-bold tracking-tight text-white">
            {release.season ?? "Episodes"}
          </h1>
          <span className="rounded-md bg-accent-500/15 px-2 py-0.5 text-sm font-bold text-accent-300 ring-1 ring-accent-500/30">
            {release.quality}
          </span>
        </div>
        {episodes.length === 0 ? (
          <p className="mt-6 rounded-xl bg-ink-800 px-5 py-8 text-center text-mist-300">No episodes available</p>
        ) : (
          <ol className="mt-6 divide-y divide-white/5 overflow-hidden rounded-xl bg-ink-800 ring-1 ring-white/5">
            {episodes.map((episode) => (
              <li key={episode.id}>
                <Link
                  to={linkDetailsPath(title.id, release.key, { kind: "episode", id: episode.id })}
                  className="flex items-center gap-4 px-5 py-4 transition-colors hover:bg-white/5"
                >
                  <span className="min-w-0 flex-1">
                    <span className="block font-medium text-white">{episode.title}</span>
                    <span className="text-sm text-mist-400">{episode.size ?? "Size unknown"}</span>
                  </span>
                  <ChevronRightIcon className="shrink-0 text-mist-400" />
                </Link>
              </li>
            ))}
          </ol>
        )}
      </section>
      <div className="lg:pt-14">
        <DownloadTips />
      </div>
    </div>
  );
}

export function ErrorBoundary() {
  return <FetchErrorView />;
}
