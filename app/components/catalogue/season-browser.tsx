import { Link, useSearchParams } from "react-router";
import { archivePath, linkDetailsPath } from "#app/modules/catalogue/paths.ts";
import { groupSeasons, type SeasonView } from "#app/modules/catalogue/seasons.ts";
import type { Release } from "#app/modules/catalogue/types.ts";
import { DownloadIcon } from "#app/components/ui/icons.tsx";
import { DownloadFacts, type TitleFileFacts } from "./download-facts.tsx";

const qualityButton =
  "inline-flex items-center gap-1.5 rounded-full px-3 py-1.5 text-xs font-bold tracking-wide transition-colors bg-accent-500 text-ink-950 hover:bg-accent-400";
const quietButton =
  "inline-flex items-center gap-1.5 rounded-full px-3 py-1.5 text-xs font-bold tracking-wide transition-colors bg-white/5 text-mist-100 ring-1 ring-white/15 hover:bg-white/10";

/** The season picker's links keep the rest of the address and land on the episode list. */
function seasonHref(search: URLSearchParams, key: string): string {
  const next = new URLSearchParams(search);
  next.set("season", key);
  return `?${next.toString()}#episodes`;
}

/**
 * A TV title's downloads: a season picker (links, so a season can be shared and
 * picked without JavaScript) and the chosen season's episodes inline, each with
 * one download button per quality, plus the season's archive (zip) when there is
 * one. The per-quality episode list pages (/archive/…) stay linked.
 */
export function SeasonBrowser({ titleId, releases, facts }: { titleId: number; releases: Release[]; facts: TitleFileFacts }) {
  const [search] = useSearchParams();
  const seasons = groupSeasons(releases);
  if (seasons.length === 0) {
    return <p className="rounded-xl bg-ink-800 px-5 py-8 text-center text-mist-300">No download links available</p>;
  }
  const season = seasons.find((s) => s.key === search.get("season")) ?? seasons[0]!;
  return (
    <div id="episodes" className="scroll-mt-24">
      {seasons.length > 1 && (
        <nav aria-label="Seasons" className="-mx-4 mb-4 overflow-x-auto px-4 sm:mx-0 sm:px-0">
          <ul className="flex w-max gap-2">
            {seasons.map((s) => (
              <li key={s.key}>
                <Link
                  to={seasonHref(search, s.key)}
                  replace
                  preventScrollReset
                  aria-current={s.key === season.key ? "true" : undefined}
                  className={`block rounded-full px-4 py-2 text-sm font-semibold whitespace-nowrap ring-1 transition-colors ${
                    s.key === season.key
                      ? "bg-accent-500 text-ink-950 ring-accent-500"
                      : "bg-ink-800 text-mist-100 ring-white/10 hover:bg-ink-700 hover:ring-accent-400/40"
                  }`}
                >
                  {s.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      )}
      <SeasonPanel titleId={titleId} season={season} facts={facts} />
    </div>
  );
}

function SeasonPanel({ titleId, season, facts }: { titleId: number; season: SeasonView; facts: TitleFileFacts }) {
  const headingId = `season-${season.key}-heading`;
  return (
    <section aria-labelledby={headingId} className="overflow-hidden rounded-xl bg-ink-800 ring-1 ring-white/5">
      <div className="flex flex-wrap items-center justify-between gap-3 border-b border-white/5 px-5 py-4">
        <div>
          <h3 id={headingId} className="text-lg font-semibold text-white">
            {season.label}
          </h3>
          <p className="text-sm text-mist-400">
            {season.episodes.length} {season.episodes.length === 1 ? "episode" : "episodes"} · {season.qualities.join(", ")}
          </p>
        </div>
        {season.archives.length > 0 && (
          <div className="flex flex-wrap items-center gap-2">
            <span className="text-sm text-mist-300">Complete season</span>
            {season.archives.map((archive) => (
              <Link
                key={archive.release.id}
                to={linkDetailsPath(titleId, archive.release.key, { kind: "release", id: archive.release.id })}
                className={quietButton}
              >
                <DownloadIcon size={14} />
                <span className="sr-only">Archive of {season.label} · </span>
                {archive.quality}
                {archive.links[0]?.size && <span className="font-normal text-mist-400">{archive.links[0].size}</span>}
              </Link>
            ))}
          </div>
        )}
        <div className="basis-full">
          <DownloadFacts
            links={[
              ...season.episodes.flatMap((e) => e.downloads.flatMap((d) => d.file.links)),
              ...season.archives.flatMap((a) => a.links),
            ]}
            title={facts}
          />
        </div>
      </div>
      {season.episodes.length === 0 ? (
        <p className="px-5 py-8 text-center text-mist-300">No episodes available</p>
      ) : (
        <ol className="divide-y divide-white/5">
          {season.episodes.map((episode, i) => {
            const name = episode.number !== null ? `Episode ${episode.number}, ${episode.name}` : episode.name;
            return (
              <li key={`${episode.number ?? ""}-${episode.name}-${i}`} className="flex flex-wrap items-center gap-x-4 gap-y-2 px-5 py-3">
                <span
                  className="w-8 shrink-0 text-right font-mono text-sm text-mist-400 tabular-nums"
                  aria-hidden={episode.number === null || undefined}
                >
                  {episode.number !== null && String(episode.number).padStart(2, "0")}
                </span>
                <span className="min-w-0 flex-1 basis-48">
                  <span className="block font-medium text-white">{episode.name}</span>
                  {episode.downloads.some((d) => d.file.size) && (
                    <span className="text-xs text-mist-400">
                      {episode.downloads
                        .filter((d) => d.file.size)
                        .map((d) => `${d.quality} ${d.file.size}`)
                        .join(" · ")}
                    </span>
                  )}
                </span>
                <span className="ml-12 flex flex-wrap gap-2 sm:ml-0">
                  {episode.downloads.map((d) =>
                    d.file.links.length > 0 ? (
                      <Link
                        key={d.file.id}
                        to={linkDetailsPath(titleId, d.releaseKey, { kind: "episode", id: d.file.id })}
                        className={qualityButton}
                      >
                        <DownloadIcon size={14} />
                        <span className="sr-only">Download {name} in </span>
                        {d.quality}
                      </Link>
                    ) : (
                      <span key={d.file.id} className="rounded-full px-3 py-1.5 text-xs font-semibold text-mist-400 ring-1 ring-white/10">
                        {d.quality}
                        <span className="sr-only"> of {name}</span>: no links
                      </span>
                    ),
                  )}
                </span>
              </li>
            );
          })}
        </ol>
      )}
      {season.releases.some((r) => season.episodes.some((e) => e.downloads.some((d) => d.releaseKey === r.key))) && (
        <p className="flex flex-wrap gap-x-3 gap-y-1 border-t border-white/5 px-5 py-3 text-sm text-mist-400">
          Episode lists:
          {season.releases.map((release) => (
            <Link key={release.id} to={archivePath(titleId, release.key)} className="font-semibold text-accent-300 hover:underline">
              <span className="sr-only">Episodes of {season.label} · </span>
              {release.quality}
            </Link>
          ))}
        </p>
      )}
    </section>
  );
}
