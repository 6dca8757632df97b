import {
  OPERATOR_NOTIFICATIONS_SAVED,
  OPERATOR_NOTIFICATIONS_UNCHANGED,
  OperatorScreen,
} from "#app/components/admin/settings/operator-notifications-tab.tsx";
import { settingsMeta, type SettingsHandle } from "#app/components/admin/settings/tabs.tsx";
import { getApp } from "#app/context.ts";
import { actorFrom, requireRole } from "#app/http/admin-guard.server.ts";
import { notifySettingsInput } from "#app/modules/inbox/notify-settings.ts";
import { getLastDeliveryFailure, getNotifySettings, updateNotifySettings } from "#app/modules/inbox/notify-settings.server.ts";
import { flatFieldsSchema } from "#app/modules/settings/form.ts";
import { handleSubmission } from "#app/http/form.server.ts";
import type { FormSuccess } from "#app/utils/submission.ts";
import type { Route } from "./+types/operator";

export const handle: SettingsHandle = { settingsTab: "operator" };
export const meta = () => settingsMeta("operator");

/** Who hears of new inbox submissions; Administrators only. */
export async function loader({ context }: Route.LoaderArgs) {
  requireRole(context, "admin");
  const { db, notifier } = getApp(context);
  return {
    settings: await getNotifySettings(db),
    smtp: notifier.smtp,
    lastFailure: await getLastDeliveryFailure(db),
    timeoutSeconds: notifier.timeoutMs / 1000,
  };
}

const operatorFormSchema = flatFieldsSchema.transform(notifySettingsInput);

export async function action({ request, context }: Route.ActionArgs) {
  requireRole(context, "admin");
  return handleSubmission(request, operatorFormSchema, async (input): Promise<FormSuccess> => {
    const app = getApp(context);
    // The notifier carries the operator's WEBHOOK_ALLOW_PRIVATE: an internal address is refused when saved, not only when used.
    const { changed } = await updateNotifySettings(app.db, actorFrom(context), input, app.notifier);
    return { ok: true, message: changed.length ? OPERATOR_NOTIFICATIONS_SAVED : OPERATOR_NOTIFICATIONS_UNCHANGED };
  });
}

export default function Operator({ loaderData }: Route.ComponentProps) {
  return <OperatorScreen data={loaderData} form="save" />;
}
