import { titleViewOf } from "#app/modules/api/auth.server.ts";
import { apiActions, write, apiLoader } from "#app/http/api.server.ts";
import { OPERATIONS } from "#app/modules/api/operations.ts";
import { getApiTitle } from "#app/modules/api/read.server.ts";
import { parseId } from "#app/utils/ids.ts";
import { deleteApiTitle, patchApiTitle, prepareTitleBody, updateApiTitle } from "#app/modules/api/write.server.ts";

/**
 * GET /api/v1/titles/:id: one title (getTitle; as stored for a catalogue:write token); PUT replaces it (updateTitle),
 * PATCH merges a patch into it (patchTitle), DELETE removes it (deleteTitle), with a token.
 */
export const loader = apiLoader(OPERATIONS.getTitle, ({ params, app, caller }) =>
  getApiTitle(app.db, app.publicUrl, params.id, titleViewOf(caller)),
);
export const action = apiActions({
  PUT: write(
    OPERATIONS.updateTitle,
    ({ app, token, params, body }) => updateApiTitle(app.db, app.publicUrl, token, params.id, body),
    // The path's id before it is validated: a bad one is refused by name afterwards.
    ({ app, params, body }) => prepareTitleBody(app.db, app.publicUrl, parseId(params.id) ?? undefined, body),
  ),
  PATCH: write(OPERATIONS.patchTitle, ({ app, token, params, body }) => patchApiTitle(app.db, app.publicUrl, token, params.id, body)),
  DELETE: write(OPERATIONS.deleteTitle, ({ app, token, params }) => deleteApiTitle(app.db, token, params.id)),
});
