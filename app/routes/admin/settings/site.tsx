import { useActionData } from "react-router";
import { NO_SETTINGS_CHANGED, SITE_SETTINGS_SAVED, SiteTab } from "#app/components/admin/settings/site-tab.tsx";
import { settingsMeta, type SettingsHandle } from "#app/components/admin/settings/tabs.tsx";
import { useResultToast } from "#app/components/forms/result.tsx";
import { getApp } from "#app/context.ts";
import { actorFrom, requireRole } from "#app/http/admin-guard.server.ts";
import { siteSettingsFormSchema } from "#app/modules/settings/form.ts";
import { getSettings, updateSettingsAudited } from "#app/modules/settings/settings.server.ts";
import { handleSubmission } from "#app/http/form.server.ts";
import type { FormSuccess } from "#app/utils/submission.ts";
import type { Route } from "./+types/site";

export const handle: SettingsHandle = { settingsTab: "site" };
export const meta = () => settingsMeta("site");

/** What visitors see; Administrators only (an Editor gets the 403 page). */
export async function loader({ context }: Route.LoaderArgs) {
  requireRole(context, "admin");
  return { settings: await getSettings(getApp(context).db) };
}

export async function action({ request, context }: Route.ActionArgs) {
  requireRole(context, "admin");
  return handleSubmission(request, siteSettingsFormSchema, async (patch): Promise<FormSuccess> => {
    const { changed } = await updateSettingsAudited(getApp(context).db, actorFrom(context), patch);
    return { ok: true, message: changed.length ? SITE_SETTINGS_SAVED : NO_SETTINGS_CHANGED };
  });
}

export default function Site({ loaderData }: Route.ComponentProps) {
  const result = useActionData<typeof action>();
  useResultToast(result);
  return <SiteTab settings={loaderData.settings} result={result} />;
}
