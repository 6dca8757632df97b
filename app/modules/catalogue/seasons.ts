import type { FileEntry, Link, Release } from "./types.ts";

/**
 * A TV title's releases regrouped the way visitors think of a show: by season,
 * then by episode, each episode offering the qualities it exists in. The catalogue
 * stores one release per season and quality (the spec's contentList entry), each
 * with its own episode rows; the same episode in two qualities is matched by its
 * number, or by its name when it has no number.
 */
export interface SeasonView {
  /** URL value of the season picker (`?season=2`, `?season=complete`). */
  key: string;
  label: string;
  qualities: string[];
  episodes: EpisodeView[];
  /** The season's archive (zip) downloads, one per quality that has them. */
  archives: { quality: string; release: Pick<Release, "id" | "key">; links: Link[] }[];
  /** Each quality's release, for its episode list page (/archive). */
  releases: Pick<Release, "id" | "key" | "quality">[];
}

export interface EpisodeView {
  number: number | null;
  name: string;
  /** One entry per quality of the season that has this episode. */
  downloads: { quality: string; releaseKey: string; file: FileEntry }[];
}

/** Episode titles as the demo catalogue ("S01E02 - Name") and the TMDB fill ("Episode 2: Name") write them. */
const NUMBERED = [/^S\d{1,3}\s*E(\d{1,4})\s*[-–—:.]\s*(.+)$/i, /^(?:Episode|Ep\.?)\s*(\d{1,4})\s*[-–—:.]\s*(.+)$/i];

export function parseEpisodeTitle(title: string): { number: number | null; name: string } {
  const text = title.trim();
  for (const pattern of NUMBERED) {
    const match = pattern.exec(text);
    if (match) return { number: Number(match[1]), name: match[2]!.trim() };
  }
  return { number: null, name: text };
}

export function seasonKey(label: string): string {
  const slug = label
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
  return slug.replace(/^season-(?=\d+$)/, "") || "episodes";
}

export function groupSeasons(releases: Release[]): SeasonView[] {
  const seasons = new Map<string, SeasonView>();
  const episodeIndex = new Map<string, Map<string, EpisodeView>>();
  for (const release of releases) {
    const label = release.season?.trim() || "Episodes";
    const key = seasonKey(label);
    let season = seasons.get(key);
    if (!season) {
      season = { key, label, qualities: [], episodes: [], archives: [], releases: [] };
      seasons.set(key, season);
      episodeIndex.set(key, new Map());
    }
    if (!season.qualities.includes(release.quality)) season.qualities.push(release.quality);
    season.releases.push({ id: release.id, key: release.key, quality: release.quality });
    if (release.zipLinks.length > 0) {
      season.archives.push({ quality: release.quality, release: { id: release.id, key: release.key }, links: release.zipLinks });
    }
    const byEpisode = episodeIndex.get(key)!;
    for (const file of release.files) {
      const { number, name } = parseEpisodeTitle(file.title);
      const match = number !== null ? `#${number}` : `=${name.toLowerCase()}`;
      let episode = byEpisode.get(match);
      if (!episode) {
        episode = { number, name, downloads: [] };
        byEpisode.set(match, episode);
        season.episodes.push(episode);
      }
      episode.downloads.push({ quality: release.quality, releaseKey: release.key, file });
    }
  }
  for (const season of seasons.values()) {
    // Numbered episodes in their order; unnumbered ones keep the order they were entered in.
    if (season.episodes.every((e) => e.number !== null)) season.episodes.sort((a, b) => a.number! - b.number!);
  }
  return [...seasons.values()];
}
