import { redirect } from "react-router";
import { FeaturedCarousel } from "#app/components/catalogue/featured-carousel.tsx";
import { GenreExplorer } from "#app/components/catalogue/genre-explorer.tsx";
import { TitleListing } from "#app/components/catalogue/title-listing.tsx";
import { getApp } from "#app/context.ts";
import { listFeatured, listGenres, listTitles } from "#app/modules/catalogue/read.server.ts";
import { pageHref, parsePageParam } from "#app/utils/pagination.ts";
import { originOf, seoMeta } from "#app/utils/seo.ts";
import type { Route } from "./+types/home";

export const EMPTY_CATALOGUE = "No movies available at the moment. Please try again later.";

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const { page, valid } = parsePageParam(url.searchParams.get("page"));
  if (!valid) throw redirect(pageHref(url.pathname, url.search, 1));
  const { db } = getApp(context);
  const [titles, featured, genres] = await Promise.all([listTitles(db, { page }), listFeatured(db), listGenres(db)]);
  if (page > titles.totalPages) throw redirect(pageHref(url.pathname, url.search, titles.totalPages));
  return { titles, featured, genres };
}

export function meta({ data, matches }: Route.MetaArgs) {
  const page = data?.titles.page ?? 1;
  return seoMeta(originOf(matches), {
    title: page > 1 ? `Latest uploads, page ${page}` : "Cinedex",
    description: "Browse the Cinedex catalogue of movies and TV shows by genre and find where each one can be downloaded.",
    path: page > 1 ? `/?page=${page}` : "/",
  });
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { titles, featured, genres } = loaderData;
  return (
    <>
      <h1 className="sr-only">Cinedex: movies and TV shows</h1>
      <FeaturedCarousel items={featured} />
      <GenreExplorer genres={genres} />
      <TitleListing titles={titles} heading="Latest uploads" headingId="latest-heading" emptyText={EMPTY_CATALOGUE} />
    </>
  );
}
