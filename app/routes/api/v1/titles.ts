import { apiActions, write, apiLoader } from "#app/http/api.server.ts";
import { OPERATIONS } from "#app/modules/api/operations.ts";
import { listApiTitles } from "#app/modules/api/read.server.ts";
import { createApiTitle, prepareTitleBody } from "#app/modules/api/write.server.ts";

/** GET /api/v1/titles: the catalogue a page at a time (listTitles); POST adds a title (createTitle, token). */
export const loader = apiLoader(OPERATIONS.listTitles, ({ query, app, request }) => listApiTitles(app.db, app.publicUrl, request, query));
export const action = apiActions({
  POST: write(
    OPERATIONS.createTitle,
    ({ app, token, body }) => createApiTitle(app.db, app.publicUrl, token, body),
    ({ app, body }) => prepareTitleBody(app.db, app.publicUrl, undefined, body),
  ),
});
