import { data } from "react-router";
import { getApp } from "#app/context.ts";
import { requestFromSearch } from "#app/modules/inbox/requests.server.ts";
import { askedCountMessage, REQUEST_SUBMITTED } from "#app/modules/inbox/requests.ts";
import { isAppError } from "#app/utils/errors.ts";
import type { Route } from "./+types/request-title";

/**
 * POST /api/request-title: a visitor asks for a title only TMDB knows. Form fields
 * tmdbId, type (movie|tv), title, year, and the honeypot `website`.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { db, clientAddress } = getApp(context);
  const form = await request.formData().catch(() => null);
  try {
    const { requestCount } = await requestFromSearch(db, clientAddress, Object.fromEntries(form ?? []));
    return { ok: true as const, message: REQUEST_SUBMITTED, detail: askedCountMessage(requestCount), requestCount };
  } catch (error) {
    if (isAppError(error)) return data({ ok: false as const, error: error.message }, { status: error.status });
    throw error;
  }
}

export function loader() {
  throw data("Not Found", { status: 404 });
}
