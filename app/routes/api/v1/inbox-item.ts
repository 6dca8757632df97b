import { apiActions, apiMethodNotAllowed, write, type LoaderArgs } from "#app/http/api.server.ts";
import { updateApiInboxItem } from "#app/modules/api/inbox.server.ts";
import { OPERATIONS } from "#app/modules/api/operations.ts";

/** PATCH /api/v1/inbox/:kind/:id: an item's status (updateInboxItem, token with scope inbox). */
export const loader = (args: LoaderArgs) => apiMethodNotAllowed(args, "PATCH");
export const action = apiActions(
  {
    PATCH: write(OPERATIONS.updateInboxItem, ({ app, token, params, body }) =>
      updateApiInboxItem(app.db, token, params.kind, params.id, body),
    ),
  },
  { reads: false },
);
