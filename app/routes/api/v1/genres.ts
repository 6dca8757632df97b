import { apiLoader, apiMethodNotAllowed } from "#app/http/api.server.ts";
import { OPERATIONS } from "#app/modules/api/operations.ts";
import { listApiGenres } from "#app/modules/api/read.server.ts";

/** GET /api/v1/genres (OpenAPI operation listGenres). */
export const loader = apiLoader(OPERATIONS.listGenres, ({ app }) => listApiGenres(app.db, app.publicUrl));
export const action = apiMethodNotAllowed;
