import { useActionData } from "react-router";
import { NOTIFICATIONS_SAVED, NotificationsTab } from "#app/components/admin/settings/notifications-tab.tsx";
import { settingsMeta, type SettingsHandle } from "#app/components/admin/settings/tabs.tsx";
import { useResultToast } from "#app/components/forms/result.tsx";
import { getApp } from "#app/context.ts";
import { updatePreferences } from "#app/modules/auth/accounts.server.ts";
import { getAdminSession, refreshSignedInAdmin } from "#app/http/admin-guard.server.ts";
import { notificationsFormSchema } from "#app/modules/auth/schema.ts";
import { handleSubmission } from "#app/http/form.server.ts";
import type { FormSuccess } from "#app/utils/submission.ts";
import type { Route } from "./+types/notifications";

export const handle: SettingsHandle = { settingsTab: "notifications" };
export const meta = () => settingsMeta("notifications");

export function loader({ context }: Route.LoaderArgs) {
  return { notifications: getAdminSession(context).admin.preferences.notifications };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { admin } = getAdminSession(context);
  return handleSubmission(request, notificationsFormSchema, async (notifications): Promise<FormSuccess> => {
    refreshSignedInAdmin(context, { ...admin, preferences: await updatePreferences(getApp(context).db, admin, { notifications }) });
    return { ok: true, message: NOTIFICATIONS_SAVED };
  });
}

export default function Notifications({ loaderData }: Route.ComponentProps) {
  const result = useActionData<typeof action>();
  useResultToast(result);
  return <NotificationsTab notifications={loaderData.notifications} result={result} />;
}
