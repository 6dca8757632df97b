import { useActionData } from "react-router";
import { PROFILE_UPDATED, ProfileTab } from "#app/components/admin/settings/profile-tab.tsx";
import { settingsMeta, type SettingsHandle } from "#app/components/admin/settings/tabs.tsx";
import { useResultToast } from "#app/components/forms/result.tsx";
import { getApp } from "#app/context.ts";
import { updateProfile } from "#app/modules/auth/accounts.server.ts";
import { getAdminSession, refreshSignedInAdmin } from "#app/http/admin-guard.server.ts";
import { profileSchema } from "#app/modules/auth/schema.ts";
import { handleSubmission } from "#app/http/form.server.ts";
import type { FormSuccess } from "#app/utils/submission.ts";
import type { Route } from "./+types/profile";

export const handle: SettingsHandle = { settingsTab: "profile" };
export const meta = () => settingsMeta("profile");

export function loader({ request, context }: Route.LoaderArgs) {
  const { admin } = getAdminSession(context);
  return {
    editing: new URL(request.url).searchParams.has("edit"),
    profile: {
      name: admin.name,
      email: admin.email,
      bio: admin.bio,
      location: admin.location,
      role: admin.role,
      createdAt: admin.createdAt,
    },
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { admin } = getAdminSession(context);
  return handleSubmission(request, profileSchema, async (input): Promise<FormSuccess> => {
    // The layout's loader (header, theme) runs after this in the same request: it must see the account as changed.
    refreshSignedInAdmin(context, await updateProfile(getApp(context).db, admin, input));
    return { ok: true, message: PROFILE_UPDATED };
  });
}

export default function Profile({ loaderData }: Route.ComponentProps) {
  const result = useActionData<typeof action>();
  useResultToast(result);
  return <ProfileTab profile={loaderData.profile} editing={loaderData.editing} result={result} />;
}
