import { apiNotFound } from "#app/http/api.server.ts";

/** Any other address under /api/: a 404 problem rather than the site's HTML page. */
export const loader = apiNotFound;
export const action = apiNotFound;
