import { data, NavLink, redirect } from "react-router";
import { TitleListing } from "#app/components/catalogue/title-listing.tsx";
import { getApp } from "#app/context.ts";
import { genrePath } from "#app/modules/catalogue/paths.ts";
import { listGenreTitles } from "#app/modules/catalogue/read.server.ts";
import type { TitleType } from "#app/modules/catalogue/types.ts";
import { pageHref, parsePageParam } from "#app/utils/pagination.ts";
import { originOf, seoMeta } from "#app/utils/seo.ts";
import type { Route } from "./+types/genre";

const TYPES: Record<string, TitleType> = { movie: "movie", tv: "tv" };

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const type = "type" in params && params.type !== undefined ? TYPES[params.type] : undefined;
  if ("type" in params && params.type !== undefined && !type) throw data(null, { status: 404 });
  const { page, valid } = parsePageParam(url.searchParams.get("page"));
  if (!valid) throw redirect(pageHref(url.pathname, url.search, 1));
  const result = await listGenreTitles(getApp(context).db, params.category, { page, type });
  if (!result) throw data("There is no such genre.", { status: 404 });
  if (page > result.titles.totalPages) throw redirect(pageHref(url.pathname, url.search, result.titles.totalPages));
  return { ...result, type: type ?? null };
}

const typeLabel = (type: TitleType | null) => (type === "movie" ? "Movies" : type === "tv" ? "TV Shows" : "All");

export function meta({ data, matches }: Route.MetaArgs) {
  if (!data) return [{ title: "Genre not found | Cinedex" }];
  const { genre, type, titles } = data;
  const base = genrePath(genre, type ?? undefined);
  return seoMeta(originOf(matches), {
    title: `${genre.name}${type ? ` ${typeLabel(type)}` : ""}${titles.page > 1 ? `, page ${titles.page}` : ""}`,
    description: `${genre.name} ${type === "tv" ? "TV shows" : type === "movie" ? "movies" : "movies and TV shows"} on Cinedex: ${titles.total} titles.`,
    path: titles.page > 1 ? `${base}?page=${titles.page}` : base,
  });
}

export default function GenrePage({ loaderData }: Route.ComponentProps) {
  const { genre, titles, type } = loaderData;
  const tabs: { to: string; type: TitleType | null }[] = [
    { to: genrePath(genre), type: null },
    { to: genrePath(genre, "movie"), type: "movie" },
    { to: genrePath(genre, "tv"), type: "tv" },
  ];
  return (
    <TitleListing
      level={1}
      titles={titles}
      heading={genre.name}
      headingId="genre-heading"
      emptyText={`No ${type === "tv" ? "TV shows" : type === "movie" ? "movies" : "titles"} in ${genre.name} yet.`}
      actions={
        <nav aria-label="Type">
          <ul className="flex gap-1 rounded-full bg-ink-800 p-1 ring-1 ring-white/5">
            {tabs.map((tab) => (
              <li key={tab.to}>
                <NavLink
                  to={tab.to}
                  end
                  className={({ isActive }) =>
                    `block rounded-full px-4 py-1.5 text-sm font-medium transition-colors ${isActive ? "bg-accent-500 text-ink-950" : "text-mist-300 hover:text-white"}`
                  }
                >
                  {typeLabel(tab.type)}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      }
    />
  );
}
