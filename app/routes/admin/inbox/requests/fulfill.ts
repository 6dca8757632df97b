import { getApp } from "#app/context.ts";
import { actorFrom } from "#app/http/admin-guard.server.ts";
import { requireInboxItem } from "#app/modules/inbox/inbox.ts";
import { setRequestStatus } from "#app/modules/inbox/requests/actions.server.ts";
import { fulfillRequestSchema, REQUEST_TRIAGE_MESSAGES } from "#app/modules/inbox/requests/schema.ts";
import { handleSubmission } from "#app/http/form.server.ts";
import type { Route } from "./+types/fulfill";

export { InboxItemBody as default } from "#app/components/admin/inbox/item.tsx";

/** "Mark fulfilled": a pending request is fulfilled by the chosen catalogue title. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const { id } = requireInboxItem(params, "requests");
  return handleSubmission(request, fulfillRequestSchema, async ({ fulfilledTitleId }) => {
    await setRequestStatus(getApp(context).db, actorFrom(context), id, { status: "fulfilled", fulfilledTitleId });
    return { ok: true, message: REQUEST_TRIAGE_MESSAGES.fulfilled };
  });
}
