import { useActionData } from "react-router";
import { PASSWORD_CHANGED, SecurityTab } from "#app/components/admin/settings/security-tab.tsx";
import { settingsMeta, type SettingsHandle } from "#app/components/admin/settings/tabs.tsx";
import { useResultToast } from "#app/components/forms/result.tsx";
import { getApp } from "#app/context.ts";
import { changePassword, countActiveSessions } from "#app/modules/auth/accounts.server.ts";
import { getAdminSession } from "#app/http/admin-guard.server.ts";
import { changePasswordSchema } from "#app/modules/auth/schema.ts";
import { handleSubmission } from "#app/http/form.server.ts";
import type { FormSuccess } from "#app/utils/submission.ts";
import type { Route } from "./+types/security";

export const handle: SettingsHandle = { settingsTab: "security" };
export const meta = () => settingsMeta("security");

export async function loader({ context }: Route.LoaderArgs) {
  return { sessions: await countActiveSessions(getApp(context).db, getAdminSession(context).admin.id) };
}

/** The spec's three fields and messages; the admin's other sessions end. */
export async function action({ request, context }: Route.ActionArgs) {
  const { admin, sessionId } = getAdminSession(context);
  return handleSubmission(request, changePasswordSchema, async (input): Promise<FormSuccess> => {
    await changePassword(getApp(context).db, admin, sessionId, input);
    return { ok: true, message: PASSWORD_CHANGED };
  });
}

export default function Security({ loaderData }: Route.ComponentProps) {
  const result = useActionData<typeof action>();
  useResultToast(result);
  return <SecurityTab sessions={loaderData.sessions} result={result} />;
}
