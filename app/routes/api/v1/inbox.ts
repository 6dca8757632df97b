import { apiLoader, apiMethodNotAllowed } from "#app/http/api.server.ts";
import { listApiInbox } from "#app/modules/api/inbox.server.ts";
import { OPERATIONS } from "#app/modules/api/operations.ts";

/** GET /api/v1/inbox/:kind: one inbox section (listInbox, token with scope inbox). */
export const loader = apiLoader(OPERATIONS.listInbox, ({ params, query, app }) => listApiInbox(app.db, params.kind, query));
export const action = apiMethodNotAllowed;
