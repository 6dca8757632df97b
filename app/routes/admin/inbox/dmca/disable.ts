import { getApp } from "#app/context.ts";
import { actorFrom } from "#app/http/admin-guard.server.ts";
import { actionDmcaNotice } from "#app/modules/inbox/dmca/actions.server.ts";
import { DMCA_ACTION_MESSAGES, disableTargetsSchema } from "#app/modules/inbox/dmca/schema.ts";
import { requireInboxItem } from "#app/modules/inbox/inbox.ts";
import { handleSubmission } from "#app/http/form.server.ts";
import type { FormSuccess } from "#app/utils/submission.ts";
import type { Route } from "./+types/disable";

export { InboxItemBody as default } from "#app/components/admin/inbox/item.tsx";

/** "Disable selected": takes down the ticked links and whole titles, and actions the notice. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const { id } = requireInboxItem(params, "dmca");
  return handleSubmission(request, disableTargetsSchema, async (selection): Promise<FormSuccess> => {
    const { disabledLinkIds } = await actionDmcaNotice(getApp(context).db, actorFrom(context), id, selection);
    return { ok: true, message: DMCA_ACTION_MESSAGES.actioned(disabledLinkIds.length) };
  });
}
