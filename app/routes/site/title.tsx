import { data, redirect, type ShouldRevalidateFunctionArgs } from "react-router";
import { TitlePage } from "#app/components/catalogue/title-page.tsx";
import { ExternalTitlePage } from "#app/components/catalogue/external-title.tsx";
import { getApp } from "#app/context.ts";
import { getSettings } from "#app/modules/settings/settings.server.ts";
import { TmdbError } from "#app/integrations/tmdb/client.server.ts";
import { externalTitlePath, parseExternalRouteId } from "#app/integrations/tmdb/ids.ts";
import { catalogueTitleFor } from "#app/modules/catalogue/tmdb.server.ts";
import { shareImage } from "#app/modules/catalogue/images.ts";
import { titlePath } from "#app/modules/catalogue/paths.ts";
import { getTitle } from "#app/modules/catalogue/read.server.ts";
import { relatedTitles } from "#app/modules/catalogue/related.server.ts";
import { linkCheckRows } from "#app/modules/linkhealth/public.server.ts";
import { titleStructuredData } from "#app/modules/catalogue/structured-data.ts";
import { TITLE_NOT_FOUND } from "#app/modules/catalogue/write.server.ts";
import { QUICK_REQUEST_MESSAGES } from "#app/modules/inbox/requests/messages.ts";
import { quickRequestSchema } from "#app/modules/inbox/requests/schema.ts";
import { submitQuickRequest } from "#app/modules/inbox/requests/submit.server.ts";
import { handleVisitorForm } from "#app/http/visitor-form.server.ts";
import { requestExternalTitle } from "#app/http/request-title.server.ts";
import { originOf, seoMeta } from "#app/utils/seo.ts";
import type { Route } from "./+types/title";
import { parseId } from "#app/utils/ids.ts";
import { withActionHeaders } from "#app/utils/http-cache.ts";
import { pageLoader, requireFound } from "#app/utils/errors.ts";

/**
 * A title only TMDB knows (/movie/tmdb-603/slug, /movie/tmdb-tv-1399/slug): built
 * from TMDB's details, with a request in place of downloads. Not found without a
 * TMDB key; a catalogue title with that TMDB id is redirected to.
 */
async function externalLoader(
  ref: { type: "movie" | "tv"; tmdbId: number },
  slug: string | undefined,
  context: Route.LoaderArgs["context"],
) {
  const { db, tmdb: client, logger } = getApp(context);
  // Without TMDB configured, a TMDB id names no page.
  const tmdb = requireFound(client, TITLE_NOT_FOUND);
  const known = await catalogueTitleFor(db, ref.type, ref.tmdbId);
  if (known) throw redirect(titlePath(known), 302);
  let external;
  try {
    external = await tmdb.details(ref.type, ref.tmdbId);
  } catch (error) {
    if (error instanceof TmdbError && error.kind !== "not_found" && error.kind !== "invalid_id")
      logger.warn({ err: error }, "TMDB title lookup failed");
    throw data(TITLE_NOT_FOUND, { status: 404 });
  }
  const path = externalTitlePath(external);
  if (`/movie/${encodeURIComponent(`tmdb-${ref.type === "tv" ? "tv-" : ""}${ref.tmdbId}`)}/${slug ?? ""}` !== path)
    throw redirect(path, 301);
  return { external, path };
}

export const loader = pageLoader(async ({ params, context }: Route.LoaderArgs) => {
  const ref = parseExternalRouteId(params.id);
  if (ref) return externalLoader(ref, params.slug, context);
  const id = parseId(params.id);
  const { db, publicUrl } = getApp(context);
  const { linkHealth } = await getSettings(db);
  // Each link's last check joins the tree's links query: no statement of its own.
  const title = requireFound(
    id === null ? null : await getTitle(db, id, { hideBroken: linkHealth.hideBroken, checks: linkCheckRows(db) }),
    TITLE_NOT_FOUND,
  );
  if (params.slug !== title.slug) throw redirect(titlePath(title), 301);
  return {
    title,
    related: await relatedTitles(db, title),
    structuredData: titleStructuredData(title, `${publicUrl}${titlePath(title)}`),
  };
});

// Picking a season changes only the query string: the page already holds every season.
export function shouldRevalidate({ currentUrl, nextUrl, formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (!formMethod && currentUrl.pathname === nextUrl.pathname) return false;
  return defaultShouldRevalidate;
}

/** The quick request (a quality of this title; the location comes from the client address, never stored itself), or Request on a title only TMDB knows. */
export const headers = withActionHeaders;

export async function action({ request, params, context }: Route.ActionArgs) {
  const app = getApp(context);
  // A title only TMDB knows: its Request button.
  if (parseExternalRouteId(params.id)) {
    if (!app.tmdb) throw data(TITLE_NOT_FOUND, { status: 404 });
    return requestExternalTitle(request, app);
  }
  const id = parseId(params.id);
  const title = requireFound(id === null ? null : await getTitle(app.db, id), TITLE_NOT_FOUND);
  return handleVisitorForm(request, app, {
    form: "quick-request",
    schema: quickRequestSchema,
    success: QUICK_REQUEST_MESSAGES.success,
    failure: QUICK_REQUEST_MESSAGES.failure,
    submit: async (form, client, db) => {
      const location = app.geoip?.locate(app.clientAddress) ?? null;
      const { event } = await submitQuickRequest(db, title, form, { hash: client.hash, location });
      return { event };
    },
  });
}

function summary(text: string | null, fallback: string): string {
  if (!text) return fallback;
  return text.length > 160 ? `${text.slice(0, 157).replace(/\s+\S*$/, "")}…` : text;
}

export function meta({ data, matches }: Route.MetaArgs) {
  if (!data) return [{ title: "Title not found | Cinedex" }];
  if ("external" in data) {
    const { external } = data;
    return seoMeta(originOf(matches), {
      title: `${external.title}${external.year ? ` (${external.year})` : ""}`,
      description: summary(external.overview, `${external.title} is not on Cinedex yet: request it.`),
      path: data.path,
      image: external.posterUrl,
      noindex: true,
    });
  }
  const { title } = data;
  const origin = originOf(matches);
  return seoMeta(origin, {
    title: `${title.title}${title.year ? ` (${title.year})` : ""}`,
    description: summary(title.overview, `Download ${title.title} on Cinedex.`),
    path: titlePath(title),
    image: shareImage(title, origin),
    type: title.type === "tv" ? "video.tv_show" : "video.movie",
  });
}

export default function TitleRoute({ loaderData }: Route.ComponentProps) {
  if ("external" in loaderData) return <ExternalTitlePage title={loaderData.external} />;
  return <TitlePage title={loaderData.title} related={loaderData.related} structuredData={loaderData.structuredData} />;
}
