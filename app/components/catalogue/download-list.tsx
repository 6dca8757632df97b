import { Link } from "react-router";
import { linkDetailsPath } from "#app/modules/catalogue/paths.ts";
import type { Release, TitleType } from "#app/modules/catalogue/types.ts";
import { DownloadIcon, FilmIcon } from "#app/components/ui/icons.tsx";
import { DownloadFacts, type TitleFileFacts } from "./download-facts.tsx";
import { SeasonBrowser } from "./season-browser.tsx";

const button = "inline-flex items-center gap-2 rounded-full px-4 py-2 text-sm font-semibold transition-colors";

/**
 * The title page's download list: for a movie, each quality is a card with its
 * files' facts and leads to its link page; a TV show gets its seasons and episodes
 * (season-browser.tsx).
 */
export function DownloadList({
  titleId,
  type,
  releases,
  facts,
}: {
  titleId: number;
  type: TitleType;
  releases: Release[];
  facts: TitleFileFacts;
}) {
  if (type === "tv") return <SeasonBrowser titleId={titleId} releases={releases} facts={facts} />;
  if (releases.length === 0) {
    return <p className="rounded-xl bg-ink-800 px-5 py-8 text-center text-mist-300">No download links available</p>;
  }
  return (
    <ul className="grid gap-4 md:grid-cols-2">
      {releases.map((release) => (
        <li key={release.id} className="flex flex-col rounded-xl bg-ink-800 p-5 ring-1 ring-white/5">
          <h3 className="font-semibold text-white">{release.quality}</h3>
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
          <div className="mt-4 border-t border-white/5 pt-3">
            <DownloadFacts
              size={release.files.length === 1 ? release.files[0]!.size : null}
              links={[...release.files.flatMap((f) => f.links), ...release.zipLinks]}
              title={facts}
            />
          </div>
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
        </li>
      ))}
    </ul>
  );
}
