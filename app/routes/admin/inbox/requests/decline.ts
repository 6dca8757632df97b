import { getApp } from "#app/context.ts";
import { actorFrom } from "#app/http/admin-guard.server.ts";
import { requireInboxItem } from "#app/modules/inbox/inbox.ts";
import { setRequestStatus } from "#app/modules/inbox/requests/actions.server.ts";
import { declineRequestSchema, REQUEST_TRIAGE_MESSAGES } from "#app/modules/inbox/requests/schema.ts";
import { handleSubmission } from "#app/http/form.server.ts";
import type { Route } from "./+types/decline";

export { InboxItemBody as default } from "#app/components/admin/inbox/item.tsx";

/** "Decline request": a pending request is declined, with the reason it keeps. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const { id } = requireInboxItem(params, "requests");
  return handleSubmission(request, declineRequestSchema, async ({ reason }) => {
    await setRequestStatus(getApp(context).db, actorFrom(context), id, { status: "declined", reason });
    return { ok: true, message: REQUEST_TRIAGE_MESSAGES.declined };
  });
}
