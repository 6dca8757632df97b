import { getApp } from "#app/context.ts";
import { actorFrom } from "#app/http/admin-guard.server.ts";
import { requireInboxItem } from "#app/modules/inbox/inbox.ts";
import { setReportGroupStatus } from "#app/modules/inbox/reports/actions.server.ts";
import { closeReportSchema, REPORT_TRIAGE_MESSAGES } from "#app/modules/inbox/reports/schema.ts";
import { handleSubmission } from "#app/http/form.server.ts";
import type { Route } from "./+types/close";

export { InboxItemBody as default } from "#app/components/admin/inbox/item.tsx";

/** "Mark fixed" / "Mark invalid": closes a report group, with an optional note. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const { id } = requireInboxItem(params, "reports");
  return handleSubmission(request, closeReportSchema, async ({ status, note }) => {
    await setReportGroupStatus(getApp(context).db, actorFrom(context), id, status, note);
    return { ok: true, message: REPORT_TRIAGE_MESSAGES[status] };
  });
}
