import { getApp } from "#app/context.ts";
import { actorFrom } from "#app/http/admin-guard.server.ts";
import { reenableDmcaTargets } from "#app/modules/inbox/dmca/actions.server.ts";
import { DMCA_ACTION_MESSAGES, reenableTargetsSchema } from "#app/modules/inbox/dmca/schema.ts";
import { requireInboxItem } from "#app/modules/inbox/inbox.ts";
import { handleSubmission } from "#app/http/form.server.ts";
import type { FormSuccess } from "#app/utils/submission.ts";
import type { Route } from "./+types/reenable";

export { InboxItemBody as default } from "#app/components/admin/inbox/item.tsx";

/** "Re-enable" one target of a notice, or "Re-enable all": its links are back on the site. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const { id } = requireInboxItem(params, "dmca");
  return handleSubmission(request, reenableTargetsSchema, async ({ target }): Promise<FormSuccess> => {
    const { reenabledLinkIds } = await reenableDmcaTargets(getApp(context).db, actorFrom(context), id, target);
    return { ok: true, message: DMCA_ACTION_MESSAGES.reenabled(reenabledLinkIds.length) };
  });
}
