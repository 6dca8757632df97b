import { apiLoader, apiMethodNotAllowed } from "#app/http/api.server.ts";
import { OPERATIONS } from "#app/modules/api/operations.ts";
import { suggestApiTitles } from "#app/modules/api/read.server.ts";

/** GET /api/v1/suggestions?q= (OpenAPI operation suggestions). */
export const loader = apiLoader(OPERATIONS.suggestions, ({ query, app }) => suggestApiTitles(app.db, app.publicUrl, query.q, query.limit));
export const action = apiMethodNotAllowed;
