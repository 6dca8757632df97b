import { LinkHealthScreen } from "#app/components/admin/link-health.tsx";
import { NO_SETTINGS_CHANGED } from "#app/components/admin/settings/site-tab.tsx";
import { getApp } from "#app/context.ts";
import { actorFrom, requireRole } from "#app/http/admin-guard.server.ts";
import { LINK_SETTINGS_SAVED, linkSettingsFormSchema } from "#app/modules/linkhealth/form.ts";
import { updateSettingsAudited } from "#app/modules/settings/settings.server.ts";
import { handleSubmission } from "#app/http/form.server.ts";
import type { FormSuccess } from "#app/utils/submission.ts";
import type { Route } from "./+types/settings";

/** How often links are checked, when they count as broken, whether visitors see broken ones. Administrators only. */
export async function action({ request, context }: Route.ActionArgs) {
  requireRole(context, "admin");
  return handleSubmission(request, linkSettingsFormSchema, async (patch): Promise<FormSuccess> => {
    const { changed } = await updateSettingsAudited(getApp(context).db, actorFrom(context), patch);
    return { ok: true, message: changed.length ? LINK_SETTINGS_SAVED : NO_SETTINGS_CHANGED };
  });
}

export default function LinkSettings() {
  return <LinkHealthScreen form="settings" />;
}
