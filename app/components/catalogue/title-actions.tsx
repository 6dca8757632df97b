import toast from "react-hot-toast";
import { Link } from "react-router";
import { favorites, toggleIn, watchlist, type SavedTitle } from "#app/components/storage/lists.ts";
import { BookmarkIcon, DownloadIcon, FlagIcon, HeartIcon, PlayIcon, ShareIcon } from "#app/components/ui/icons.tsx";
import { Tooltip } from "#app/components/ui/tooltip.tsx";
import { copyText } from "#app/utils/clipboard.ts";

/** On a phone a 44 px icon button named by its hidden label; from 640 px a labelled chip. */
const chip =
  "inline-flex h-11 w-11 items-center justify-center gap-2 rounded-full text-sm font-semibold ring-1 transition-colors focus-visible:outline-2 sm:h-auto sm:w-auto sm:px-4 sm:py-2";
const quiet = `${chip} bg-white/5 text-mist-100 ring-white/15 hover:bg-white/10`;
const labelClass = "sr-only sm:not-sr-only";

function ListToggle({
  item,
  store,
  label,
  Icon,
  added,
  removed,
}: {
  item: SavedTitle;
  store: typeof favorites;
  label: string;
  Icon: typeof HeartIcon;
  added: string;
  removed: string;
}) {
  const list = store.useValue();
  const update = store.useUpdate();
  const on = list.some((t) => t.id === item.id);
  return (
    <button
      type="button"
      aria-pressed={on}
      onClick={() => {
        let wasAdded = false;
        update((current) => {
          const result = toggleIn(current, { ...item, timestamp: Date.now() });
          wasAdded = result.added;
          return result.list;
        });
        toast.success(wasAdded ? added : removed);
      }}
      className={on ? `${chip} bg-accent-500/15 text-accent-300 ring-accent-500/40 hover:bg-accent-500/25` : quiet}
    >
      <Icon size={17} fill={on ? "currentColor" : "none"} />
      <span className={labelClass}>{label}</span>
    </button>
  );
}

/**
 * The title page's menu: one primary Download (full width on a phone, so it sits in
 * the first screen), then Play Trailer, Share, Report and the favourite and
 * watchlist toggles as a compact row.
 */
export function TitleActions({ item, trailerUrl, reportHref }: { item: SavedTitle; trailerUrl: string | null; reportHref: string }) {
  const share = async () => {
    const url = window.location.href.split("#")[0]!;
    if (navigator.share) {
      try {
        await navigator.share({ title: item.title, url });
        return;
      } catch (error) {
        if ((error as Error).name === "AbortError") return;
      }
    }
    if (await copyText(url)) toast.success("Link copied to clipboard!");
    else toast.error("Could not copy the link. Copy it from the address bar instead.");
  };
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-center">
      <a
        href="#downloads"
        className="inline-flex min-h-11 items-center justify-center gap-2 rounded-full bg-accent-500 px-6 py-2.5 text-base font-semibold text-ink-950 ring-1 ring-accent-500 transition-colors hover:bg-accent-400 focus-visible:outline-2 sm:py-2"
      >
        <DownloadIcon size={18} />
        Download
      </a>
      <div className="flex flex-wrap gap-2">
        {trailerUrl ? (
          <a href={trailerUrl} target="_blank" rel="noopener noreferrer" className={quiet}>
            <PlayIcon size={15} />
            <span className={labelClass}>Play Trailer</span>
            <span className="sr-only"> (opens in a new tab)</span>
          </a>
        ) : (
          <Tooltip text="No trailer">
            {(describedBy) => (
              <button
                type="button"
                aria-disabled="true"
                aria-describedby={describedBy}
                className={`${chip} cursor-not-allowed bg-white/5 text-mist-400 ring-white/10`}
              >
                <PlayIcon size={15} />
                <span className={labelClass}>Play Trailer</span>
              </button>
            )}
          </Tooltip>
        )}
        <button type="button" onClick={share} className={`${quiet} [html:not(.js)_&]:hidden`}>
          <ShareIcon size={17} />
          <span className={labelClass}>Share</span>
        </button>
        <Link to={reportHref} className={quiet}>
          <FlagIcon size={17} />
          <span className={labelClass}>Report</span>
        </Link>
        <span className="contents [html:not(.js)_&]:hidden">
          <ListToggle
            item={item}
            store={favorites}
            label="Favorite"
            Icon={HeartIcon}
            added="Added to favorites"
            removed="Removed from favorites"
          />
          <ListToggle
            item={item}
            store={watchlist}
            label="Watchlist"
            Icon={BookmarkIcon}
            added="Added to watchlist"
            removed="Removed from watchlist"
          />
        </span>
      </div>
    </div>
  );
}
