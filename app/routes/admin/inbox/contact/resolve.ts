import { getApp } from "#app/context.ts";
import { actorFrom } from "#app/http/admin-guard.server.ts";
import { setContactStatus } from "#app/modules/inbox/contact/actions.server.ts";
import { CONTACT_TRIAGE_MESSAGES, resolveContactSchema } from "#app/modules/inbox/contact/schema.ts";
import { requireInboxItem } from "#app/modules/inbox/inbox.ts";
import { handleSubmission } from "#app/http/form.server.ts";
import type { Route } from "./+types/resolve";

export { InboxItemBody as default } from "#app/components/admin/inbox/item.tsx";

/** "Mark answered" / "Archive": a new contact message is done with. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const { id } = requireInboxItem(params, "contact");
  return handleSubmission(request, resolveContactSchema, async ({ status }) => {
    await setContactStatus(getApp(context).db, actorFrom(context), id, status);
    return { ok: true, message: CONTACT_TRIAGE_MESSAGES[status] };
  });
}
