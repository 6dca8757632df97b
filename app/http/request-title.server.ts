import type { AppContext } from "#app/context.ts";
import { externalKey } from "#app/integrations/tmdb/ids.ts";
import { handleVisitorForm } from "#app/http/visitor-form.server.ts";
import { askedCountMessage, REQUEST_MESSAGES, searchRequestSchema } from "#app/modules/inbox/requests/schema.ts";
import { submitSearchRequest } from "#app/modules/inbox/requests/submit.server.ts";

/**
 * "Request" on a title only TMDB knows (fields tmdbId, type, title, year), handled
 * like every visitor form. The pages that show the button (search, the TMDB-only
 * title page) take it as their own action, so without JavaScript the post comes
 * back as the page saying Requested; `POST /api/request-title` takes it too.
 */
export function requestExternalTitle(request: Request, app: AppContext) {
  return handleVisitorForm(request, app, {
    form: "search-request",
    schema: searchRequestSchema,
    success: REQUEST_MESSAGES.success,
    failure: REQUEST_MESSAGES.failure,
    submit: async (form, client, db) => {
      const { event, ...asked } = await submitSearchRequest(db, form, client.hash);
      return { event, detail: askedCountMessage(asked), subject: externalKey(form) };
    },
  });
}
