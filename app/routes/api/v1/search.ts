import { apiLoader, apiMethodNotAllowed } from "#app/http/api.server.ts";
import { OPERATIONS } from "#app/modules/api/operations.ts";
import { searchApiTitles } from "#app/modules/api/read.server.ts";

/** GET /api/v1/search?q= (OpenAPI operation search). */
export const loader = apiLoader(OPERATIONS.search, ({ query, app, request }) => searchApiTitles(app.db, app.publicUrl, request, query));
export const action = apiMethodNotAllowed;
