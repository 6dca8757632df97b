import { Link } from "react-router";
import { releaseLabel } from "#app/modules/catalogue/display.ts";
import { archivePath, linkDetailsPath } from "#app/modules/catalogue/paths.ts";
import type { Release, TitleType } from "#app/modules/catalogue/types.ts";
import { DownloadIcon, FilmIcon } from "#app/components/ui/icons.tsx";

const button = "inline-flex items-center gap-2 rounded-full px-4 py-2 text-sm font-semibold transition-colors";

/**
 * The title page's download list: for a movie, each quality leads to its link
 * page; for TV, each season and quality leads to its episode list and, when it has
 * archive (zip) links, to those.
 */
export function DownloadList({ titleId, type, releases }: { titleId: number; type: TitleType; releases: Release[] }) {
  if (releases.length === 0) {
    return <p className="rounded-xl bg-ink-800 px-5 py-8 text-center text-mist-300">No download links available</p>;
  }
  return (
    <ul className="grid gap-4 md:grid-cols-2">
      {releases.map((release) => (
        <li key={release.id} className="flex flex-col rounded-xl bg-ink-800 p-5 ring-1 ring-white/5">
          <div className="flex items-center justify-between gap-3">
            <h3 className="font-semibold text-white">{type === "tv" ? (release.season ?? "Episodes") : release.quality}</h3>
            {type === "tv" && (
              <span className="rounded-md bg-accent-500/15 px-2 py-0.5 text-xs font-bold tracking-wide text-accent-300 ring-1 ring-accent-500/30">
                {release.quality}
              </span>
            )}
          </div>
          {type === "movie" ? (
            <>
              <ul className="mt-3 flex-1 space-y-1.5 text-sm text-mist-300">
                {release.files.map((file) => (
                  <li key={file.id} className="flex items-start gap-2">
                    <FilmIcon size={16} className="mt-0.5 shrink-0 text-mist-400" />
                    <span className="min-w-0 break-words">
                      {file.title}
                      {file.size && <span className="text-mist-400"> · {file.size}</span>}
                    </span>
                  </li>
                ))}
              </ul>
              <div className="mt-4">
                {release.files.some((f) => f.links.length > 0) ? (
                  <Link
                    to={linkDetailsPath(titleId, release.key, { kind: "movie" })}
                    className={`${button} bg-accent-500 text-ink-950 hover:bg-accent-400`}
                  >
                    <DownloadIcon size={17} />
                    Download {release.quality}
                  </Link>
                ) : (
                  <p className="text-sm text-mist-400">No download links available</p>
                )}
              </div>
            </>
          ) : release.files.length === 0 && release.zipLinks.length === 0 ? (
            <p className="mt-3 text-sm text-mist-400">No episodes available</p>
          ) : (
            <>
              <p className="mt-2 flex-1 text-sm text-mist-300">
                {release.files.length} {release.files.length === 1 ? "episode" : "episodes"}
                {release.zipLinks.length > 0 && " · complete season archive"}
              </p>
              <div className="mt-4 flex flex-wrap gap-2">
                {release.files.length > 0 && (
                  <Link to={archivePath(titleId, release.key)} className={`${button} bg-accent-500 text-ink-950 hover:bg-accent-400`}>
                    Episodes
                    <span className="sr-only"> of {releaseLabel(release)}</span>
                  </Link>
                )}
                {release.zipLinks.length > 0 && (
                  <Link
                    to={linkDetailsPath(titleId, release.key, { kind: "release", id: release.id })}
                    className={`${button} bg-white/5 text-mist-100 ring-1 ring-white/15 hover:bg-white/10`}
                  >
                    <DownloadIcon size={17} />
                    Archive
                    <span className="sr-only"> of {releaseLabel(release)}</span>
                  </Link>
                )}
              </div>
            </>
          )}
        </li>
      ))}
    </ul>
  );
}
