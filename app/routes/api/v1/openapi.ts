import { apiLoader, apiMethodNotAllowed } from "#app/http/api.server.ts";
import { openApiDocument } from "#app/modules/api/openapi.ts";
import { noQuerySchema } from "#app/modules/api/schemas.ts";

/** GET /api/v1/openapi.json: the OpenAPI 3.1 document, generated from the schemas the endpoints validate with. */
export const loader = apiLoader({ query: noQuerySchema, params: undefined }, async ({ app }) => openApiDocument(app.publicUrl));
export const action = apiMethodNotAllowed;
