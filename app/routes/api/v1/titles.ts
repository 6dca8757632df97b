import { apiLoader, apiMethodNotAllowed } from "#app/modules/api/http.server.ts";
import { OPERATIONS } from "#app/modules/api/operations.ts";
import { listApiTitles } from "#app/modules/api/read.server.ts";

/** GET /api/v1/titles: the catalogue a page at a time (OpenAPI operation listTitles). */
export const loader = apiLoader(OPERATIONS.listTitles, ({ query, app, request }) => listApiTitles(app.db, app.publicUrl, request, query));
export const action = apiMethodNotAllowed;
