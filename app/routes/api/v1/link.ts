import { apiActions, write, apiMethodNotAllowed, type LoaderArgs } from "#app/http/api.server.ts";
import { OPERATIONS } from "#app/modules/api/operations.ts";
import { updateApiLink } from "#app/modules/api/write.server.ts";

/** PATCH /api/v1/links/:id: a link's status (updateLink, token). Links are read through their title. */
export const loader = (args: LoaderArgs) => apiMethodNotAllowed(args, "PATCH");
export const action = apiActions(
  {
    PATCH: write(OPERATIONS.updateLink, ({ app, token, params, body }) =>
      updateApiLink(app.db, app.publicUrl, token, params.id, body.status),
    ),
  },
  { reads: false },
);
