import { useActionData } from "react-router";
import { AppearanceTab, THEME_TOASTS } from "#app/components/admin/settings/appearance-tab.tsx";
import { settingsMeta, type SettingsHandle } from "#app/components/admin/settings/tabs.tsx";
import { useResultToast } from "#app/components/forms/result.tsx";
import { getApp } from "#app/context.ts";
import { updatePreferences } from "#app/modules/auth/accounts.server.ts";
import { getAdminSession, refreshSignedInAdmin } from "#app/http/admin-guard.server.ts";
import { themeFormSchema } from "#app/modules/auth/schema.ts";
import { handleSubmission } from "#app/http/form.server.ts";
import type { FormSuccess } from "#app/utils/submission.ts";
import type { Route } from "./+types/appearance";

export const handle: SettingsHandle = { settingsTab: "appearance" };
export const meta = () => settingsMeta("appearance");

export function loader({ context }: Route.LoaderArgs) {
  return { theme: getAdminSession(context).admin.preferences.theme };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { admin } = getAdminSession(context);
  return handleSubmission(request, themeFormSchema, async ({ theme }): Promise<FormSuccess> => {
    // The whole panel switches in this same answer: the layout's loader reads the refreshed account.
    refreshSignedInAdmin(context, { ...admin, preferences: await updatePreferences(getApp(context).db, admin, { theme }) });
    return { ok: true, message: THEME_TOASTS[theme] };
  });
}

export default function Appearance({ loaderData }: Route.ComponentProps) {
  useResultToast(useActionData<typeof action>());
  return <AppearanceTab theme={loaderData.theme} />;
}
