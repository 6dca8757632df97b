import { data } from "react-router";
import { getApp } from "#app/context.ts";
import { askedCountMessage, REQUEST_MESSAGES, searchRequestSchema } from "#app/modules/inbox/requests/schema.ts";
import { submitSearchRequest } from "#app/modules/inbox/requests/submit.server.ts";
import { handleVisitorForm } from "#app/modules/inbox/visitor-forms.server.ts";
import type { Route } from "./+types/request-title";

/**
 * POST /api/request-title: a visitor asks for a title only TMDB knows. Form fields
 * tmdbId, type (movie|tv), title, year; handled like every visitor form.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const app = getApp(context);
  return handleVisitorForm(request, app, {
    form: "search-request",
    schema: searchRequestSchema,
    success: REQUEST_MESSAGES.success,
    failure: REQUEST_MESSAGES.failure,
    submit: async (form, client) => {
      const { event, ...asked } = await submitSearchRequest(app.db, form, client.hash);
      return { event, detail: askedCountMessage(asked) };
    },
  });
}

export function loader() {
  throw data("Not Found", { status: 404 });
}
