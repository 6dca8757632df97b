import { apiLoader, apiMethodNotAllowed } from "#app/http/api.server.ts";
import { OPERATIONS } from "#app/modules/api/operations.ts";
import { getPublicSettings } from "#app/modules/api/read.server.ts";

/** GET /api/v1/settings: the public settings (OpenAPI operation getSettings). */
export const loader = apiLoader(OPERATIONS.getSettings, ({ app }) => getPublicSettings(app.db));
export const action = apiMethodNotAllowed;
