import { redirect, useLocation } from "react-router";
import { Pagination } from "#app/components/catalogue/pagination.tsx";
import { TitleGrid } from "#app/components/catalogue/title-card.tsx";
import { getApp } from "#app/context.ts";
import { listTitles } from "#app/modules/catalogue/read.server.ts";
import { pageHref, parsePageParam } from "#app/utils/pagination.ts";
import type { Route } from "./+types/home";

export const EMPTY_CATALOGUE = "No movies available at the moment. Please try again later.";

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const { page, valid } = parsePageParam(url.searchParams.get("page"));
  if (!valid) throw redirect(pageHref(url.pathname, url.search, 1));
  const titles = await listTitles(getApp(context).db, { page });
  if (page > titles.totalPages) throw redirect(pageHref(url.pathname, url.search, titles.totalPages));
  return { titles };
}

export function meta({ data }: Route.MetaArgs) {
  const page = data?.titles.page ?? 1;
  return [
    { title: page > 1 ? `Latest uploads, page ${page} | Cinedex` : "Cinedex: movies and TV shows" },
    { name: "description", content: "Browse the Cinedex catalogue of movies and TV shows and find where each one can be downloaded." },
  ];
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { titles } = loaderData;
  const location = useLocation();
  return (
    <section aria-labelledby="latest-heading">
      <div className="mb-6 flex items-end justify-between gap-4">
        <div>
          <h1 id="latest-heading" className="text-2xl font-bold tracking-tight text-white sm:text-3xl">
            Latest uploads
          </h1>
          <p className="mt-1 text-sm text-mist-400">
            {titles.total.toLocaleString("en-US")} titles
            {titles.totalPages > 1 && ` · page ${titles.page} of ${titles.totalPages}`}
          </p>
        </div>
      </div>
      {titles.items.length === 0 ? (
        <p className="rounded-xl bg-ink-800 px-6 py-16 text-center text-mist-300">{EMPTY_CATALOGUE}</p>
      ) : (
        <TitleGrid titles={titles.items} />
      )}
      <Pagination
        page={titles.page}
        totalPages={titles.totalPages}
        hrefFor={(n) => pageHref(location.pathname, location.search, n)}
      />
    </section>
  );
}
