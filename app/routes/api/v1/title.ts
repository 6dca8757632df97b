import { apiActions, write, apiLoader } from "#app/modules/api/http.server.ts";
import { OPERATIONS } from "#app/modules/api/operations.ts";
import { getApiTitle } from "#app/modules/api/read.server.ts";
import { deleteApiTitle, updateApiTitle } from "#app/modules/api/write.server.ts";

/** GET /api/v1/titles/:id: one title (getTitle); PUT replaces it (updateTitle), DELETE removes it (deleteTitle), with a token. */
export const loader = apiLoader(OPERATIONS.getTitle, ({ params, app }) => getApiTitle(app.db, app.publicUrl, params.id));
export const action = apiActions({
  PUT: write(OPERATIONS.updateTitle, ({ app, token, params, body }) => updateApiTitle(app.db, app.publicUrl, token, params.id, body)),
  DELETE: write(OPERATIONS.deleteTitle, ({ app, token, params }) => deleteApiTitle(app.db, token, params.id)),
});
