import { getApp } from "#app/context.ts";
import { actorFrom } from "#app/http/admin-guard.server.ts";
import { setDmcaStatus } from "#app/modules/inbox/dmca/actions.server.ts";
import { DMCA_ACTION_MESSAGES, rejectNoticeSchema } from "#app/modules/inbox/dmca/schema.ts";
import { requireInboxItem } from "#app/modules/inbox/inbox.ts";
import { handleSubmission } from "#app/http/form.server.ts";
import type { Route } from "./+types/reject";

export { InboxItemBody as default } from "#app/components/admin/inbox/item.tsx";

/** "Reject notice": nothing is taken down; the optional note says why. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const { id } = requireInboxItem(params, "dmca");
  return handleSubmission(request, rejectNoticeSchema, async ({ note }) => {
    await setDmcaStatus(getApp(context).db, actorFrom(context), id, "rejected", note);
    return { ok: true, message: DMCA_ACTION_MESSAGES.rejected };
  });
}
