import type { LinkKind, LinkStatus, TitleType } from "#app/db/schema.ts";

export type { LinkKind, LinkStatus, TitleType };

export interface Genre {
  id: number;
  name: string;
  slug: string;
}

/** A title as shown in a grid. */
export interface TitleCard {
  id: number;
  type: TitleType;
  slug: string;
  title: string;
  year: number | null;
  releaseDate: string | null;
  posterUrl: string | null;
  rating: number | null;
}

/** A title as shown in the home carousel. */
export interface FeaturedTitle extends TitleCard {
  backgroundUrl: string | null;
  trailerUrl: string | null;
  /** Size of its first download, if known. */
  size: string | null;
}

export interface CastMember {
  name: string;
  character: string | null;
}

export interface Screenshot {
  id: number;
  url: string;
}

/** A link's last check by the link checker (ADR 029), for its current address. */
export interface LinkCheck {
  /** When, ISO. */
  at: string;
  /** The host answered (ok), did not serve the file (failed), or gave no clear answer (inconclusive). */
  result: "ok" | "failed" | "inconclusive";
}

export interface Link {
  id: number;
  kind: LinkKind;
  /** Provider label, e.g. instant, gdrive, gofile. */
  label: string;
  url: string;
  /** Only zip links carry a size of their own. */
  size: string | null;
  status: LinkStatus;
  /** Read only when asked for (the title page): undefined elsewhere, null when never checked. */
  check?: LinkCheck | null;
}

/** An episode (TV) or a download option (movie). */
export interface FileEntry {
  id: number;
  title: string;
  size: string | null;
  links: Link[];
}

/** One quality (movie) or one season in one quality (TV): the spec's contentList entry. */
export interface Release {
  id: number;
  quality: string;
  season: string | null;
  /** URL segment naming this release on its title (see releaseKey). */
  key: string;
  files: FileEntry[];
  zipLinks: Link[];
}

export interface TitleDetail extends TitleCard {
  originalTitle: string | null;
  tmdbId: number | null;
  imdbId: string | null;
  overview: string | null;
  tagline: string | null;
  storyline: string | null;
  runtimeMinutes: number | null;
  adult: boolean;
  language: string | null;
  backgroundUrl: string | null;
  trailerUrl: string | null;
  fileFormat: string;
  featured: boolean;
  featuredOrder: number | null;
  /** TMDB's figures as last reported (search popularity); null when unknown. */
  tmdbPopularity: number | null;
  tmdbVoteAverage: number | null;
  tmdbVoteCount: number | null;
  uploadedAt: string;
  createdAt: string;
  updatedAt: string;
  genres: Genre[];
  directors: string[];
  cast: CastMember[];
  subtitles: string[];
  screenshots: Screenshot[];
  releases: Release[];
}

export interface TitleRef {
  id: number;
  type: TitleType;
  slug: string;
  title: string;
}

/** The episode list of one release (the archive page). */
export interface ArchiveView {
  title: TitleRef;
  release: Pick<Release, "id" | "quality" | "season" | "key">;
  episodes: { id: number; title: string; size: string | null }[];
}

/** What the link-details page shows for a release or a single episode. */
export interface LinkDetails {
  title: TitleRef;
  release: Pick<Release, "id" | "quality" | "season" | "key">;
  format: string;
  addedOn: string;
  /** The first episode's (or download option's) title. */
  firstFileTitle: string | null;
  /** First file's size, else the first zip link's size, else null (shown as Unknown). */
  size: string | null;
  /** Episodes or download options, each with its links. */
  files: FileEntry[];
  zipLinks: Link[];
}

/** Which download group a link-details page is about. */
export type LinkDetailsRef = { kind: "release-key"; key: string } | { kind: "release"; id: number } | { kind: "file"; id: number };
