import { apiLoader, apiMethodNotAllowed } from "#app/modules/api/http.server.ts";
import { OPERATIONS } from "#app/modules/api/operations.ts";
import { getApiTitle } from "#app/modules/api/read.server.ts";

/** GET /api/v1/titles/:id: one title with its releases, files and links (OpenAPI operation getTitle). */
export const loader = apiLoader(OPERATIONS.getTitle, ({ params, app }) => getApiTitle(app.db, app.publicUrl, params.id));
export const action = apiMethodNotAllowed;
