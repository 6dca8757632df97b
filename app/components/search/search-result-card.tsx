import { Link } from "react-router";
import { Poster } from "#app/components/catalogue/poster.tsx";
import { titlePath } from "#app/modules/catalogue/paths.ts";
import type { TitleCard } from "#app/modules/catalogue/types.ts";

/** A search result as the spec's search page shows it: the poster and "Download {title} ({year})". */
export function SearchResultCard({ title }: { title: TitleCard }) {
  const label = `Download ${title.title}${title.year ? ` (${title.year})` : ""}`;
  return (
    <Link to={titlePath(title)} className="group block rounded-xl">
      <Poster
        title={title.title}
        year={title.year}
        url={title.posterUrl}
        className="ring-1 ring-white/5 transition duration-300 group-hover:-translate-y-1 group-hover:ring-accent-400/60"
      />
      <p className="mt-2.5 line-clamp-2 text-sm leading-snug font-semibold text-mist-100 group-hover:text-white">{label}</p>
      <p className="mt-0.5 text-xs text-mist-400">{title.type === "tv" ? "TV series" : "Movie"}</p>
    </Link>
  );
}
