import { useActionData } from "react-router";
import { AccountTab } from "#app/components/admin/settings/account-tab.tsx";
import { settingsMeta, type SettingsHandle } from "#app/components/admin/settings/tabs.tsx";
import { useResultToast } from "#app/components/forms/result.tsx";
import { getApp } from "#app/context.ts";
import { countActiveSessions } from "#app/modules/auth/accounts.server.ts";
import { getAdminSession } from "#app/http/admin-guard.server.ts";
import type { FormResult } from "#app/utils/submission.ts";
import type { Route } from "./+types/account";

export const handle: SettingsHandle = { settingsTab: "account" };
export const meta = () => settingsMeta("account");

export async function loader({ context }: Route.LoaderArgs) {
  const { admin } = getAdminSession(context);
  return {
    account: { email: admin.email, role: admin.role, createdAt: admin.createdAt },
    sessions: await countActiveSessions(getApp(context).db, admin.id),
  };
}

/** The Account tab; "Sign out everywhere" posts to ./sign-out-everywhere, which shows this tab with its answer. */
export default function Account({ loaderData }: Route.ComponentProps) {
  const result = useActionData<FormResult>();
  useResultToast(result);
  return <AccountTab account={loaderData.account} sessions={loaderData.sessions} />;
}
