import { useEffect, useState } from "react";
import toast from "react-hot-toast";
import { Link } from "react-router";
import { COPY_HIGHLIGHT_MS, VISITED_LINK_CHECK_MS } from "#app/constants.ts";
import { isVisited, markVisited, visitedLinks } from "#app/components/storage/lists.ts";
import { CheckIcon, CopyIcon, DownloadIcon, FlagIcon } from "#app/components/ui/icons.tsx";
import { middlemanPath } from "#app/modules/catalogue/paths.ts";
import type { FileEntry, Link as CatalogueLink } from "#app/modules/catalogue/types.ts";
import { copyText } from "#app/utils/clipboard.ts";

export const FILE_UNAVAILABLE = "File is unavailable";

/** Distinct looks for the providers the spec names; any other label gets the neutral one. */
const PROVIDER_STYLES: Record<string, string> = {
  instant: "bg-emerald-400/15 text-emerald-300 ring-emerald-400/30",
  gdrive: "bg-sky-400/15 text-sky-300 ring-sky-400/30",
  gofile: "bg-violet-400/15 text-violet-300 ring-violet-400/30",
};
const NEUTRAL = "bg-white/10 text-mist-100 ring-white/15";

export function providerStyle(label: string): string {
  return PROVIDER_STYLES[label.trim().toLowerCase()] ?? NEUTRAL;
}

/** The current time, refreshed every `everyMs` (visited markers expire while the page is open). */
function useNow(everyMs: number) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}

function hostOf(url: string): string {
  try {
    return new URL(url).hostname;
  } catch {
    return url;
  }
}

function CopyButton({ url, disabled }: { url: string; disabled: boolean }) {
  const [copiedAt, setCopiedAt] = useState<number | null>(null);
  useEffect(() => {
    if (copiedAt === null) return;
    const timer = setTimeout(() => setCopiedAt(null), COPY_HIGHLIGHT_MS);
    return () => clearTimeout(timer);
  }, [copiedAt]);
  return (
    <button
      type="button"
      disabled={disabled}
      onClick={async () => {
        if (await copyText(url)) {
          setCopiedAt(Date.now());
          toast.success("Link copied to clipboard!");
        }
      }}
      className={`flex h-9 w-9 shrink-0 items-center justify-center rounded-full ring-1 transition-colors disabled:cursor-not-allowed disabled:opacity-40 [html:not(.js)_&]:hidden ${
        copiedAt
          ? "bg-emerald-400/20 text-emerald-300 ring-emerald-400/40"
          : "bg-white/5 text-mist-300 ring-white/10 hover:bg-white/10 hover:text-white"
      }`}
      aria-label={copiedAt ? "Link copied" : "Copy link"}
    >
      {copiedAt ? <CheckIcon size={16} /> : <CopyIcon size={16} />}
    </button>
  );
}

function OptionRow({ link, visited, onVisit }: { link: CatalogueLink; visited: boolean; onVisit: (path: string) => void }) {
  const unavailable = link.status !== "ok";
  const path = middlemanPath(link.id);
  return (
    <li className="flex flex-wrap items-center gap-x-3 gap-y-2 py-3">
      <span className={`shrink-0 rounded-md px-2 py-0.5 text-xs font-bold tracking-wide uppercase ring-1 ${providerStyle(link.label)}`}>
        {link.label}
      </span>
      {/* On a phone the buttons wrap below the host rather than pushing the page wider. */}
      <span className="min-w-0 flex-1 basis-32 text-sm">
        <span className="block truncate text-mist-300" title={link.url}>
          {hostOf(link.url)}
        </span>
        <span className="text-xs text-mist-400">
          {link.kind === "zip" && `Complete archive${link.size ? ` · ${link.size}` : ""}`}
          {unavailable && <span className="font-semibold text-amber-300">{link.kind === "zip" ? " · " : ""}Unavailable</span>}
          {visited && !unavailable && <span className="font-semibold text-emerald-300">{link.kind === "zip" ? " · " : ""}Visited</span>}
        </span>
      </span>
      <span className="ml-auto flex shrink-0 items-center gap-3">
        <CopyButton url={link.url} disabled={unavailable} />
        <Link
          to={path}
          aria-disabled={unavailable || undefined}
          onClick={(event) => {
            if (unavailable) {
              event.preventDefault();
              toast.error(FILE_UNAVAILABLE);
              return;
            }
            onVisit(path);
          }}
          className={`inline-flex shrink-0 items-center gap-2 rounded-full px-4 py-2 text-sm font-semibold transition-colors ${
            unavailable ? "cursor-not-allowed bg-white/5 text-mist-400" : "bg-accent-500 text-ink-950 hover:bg-accent-400"
          }`}
        >
          <DownloadIcon size={16} />
          Download
          <span className="sr-only"> from {link.label}</span>
        </Link>
        <Link
          to={`/broken-links?linkId=${link.id}`}
          className="flex h-9 w-9 shrink-0 items-center justify-center rounded-full bg-white/5 text-mist-300 ring-1 ring-white/10 transition-colors hover:bg-white/10 hover:text-white"
          aria-label={`Report the ${link.label} link as broken`}
          title="Report broken link"
        >
          <FlagIcon size={15} />
        </Link>
      </span>
    </li>
  );
}

/**
 * Download options of a link-details page: each link goes through the mediator
 * page; links known to be broken are blocked; opened ones are marked for 2 hours.
 */
export function DownloadOptions({ files, zipLinks }: { files: FileEntry[]; zipLinks: CatalogueLink[] }) {
  const visited = visitedLinks.useValue();
  const updateVisited = visitedLinks.useUpdate();
  const now = useNow(VISITED_LINK_CHECK_MS);
  const onVisit = (path: string) => updateVisited((map) => markVisited(map, path, Date.now()));
  const groups = [
    ...files.filter((f) => f.links.length > 0).map((f) => ({ key: `f${f.id}`, heading: f.title, size: f.size, links: f.links })),
    ...(zipLinks.length > 0 ? [{ key: "zip", heading: "Complete season archive", size: null, links: zipLinks }] : []),
  ];
  if (groups.length === 0) {
    return <p className="rounded-xl bg-ink-800 px-5 py-8 text-center text-mist-300">No download links available</p>;
  }
  return (
    <div className="space-y-4">
      {groups.map((group) => (
        <section key={group.key} className="rounded-xl bg-ink-800 px-5 py-2 ring-1 ring-white/5" aria-label={group.heading}>
          {groups.length > 1 && (
            <h3 className="pt-3 text-sm font-semibold text-white">
              {group.heading}
              {group.size && <span className="font-normal text-mist-400"> · {group.size}</span>}
            </h3>
          )}
          <ul className="divide-y divide-white/5">
            {group.links.map((link) => (
              <OptionRow key={link.id} link={link} visited={isVisited(visited, middlemanPath(link.id), now)} onVisit={onVisit} />
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
