import { getApp } from "#app/context.ts";
import { UsersScreen } from "#app/components/admin/settings/users.tsx";
import { setAdminRole } from "#app/modules/auth/accounts.server.ts";
import { actorFrom, requireRole } from "#app/http/admin-guard.server.ts";
import { roleChangeSchema, roleWithArticle } from "#app/modules/auth/schema.ts";
import { requireId } from "#app/utils/ids.ts";
import { handleSubmission } from "#app/http/form.server.ts";
import type { FormSuccess } from "#app/utils/submission.ts";
import type { Route } from "./+types/role";

/** "Make Administrator" / "Make Editor" on another account. */
export async function action({ request, params, context }: Route.ActionArgs) {
  requireRole(context, "admin");
  const id = requireId(params.id);
  return handleSubmission(request, roleChangeSchema, async ({ role }): Promise<FormSuccess> => {
    const changed = await setAdminRole(getApp(context).db, actorFrom(context), id, role);
    return { ok: true, message: `${changed.email} is now ${roleWithArticle(changed.role)}` };
  });
}

export default function ChangeRole() {
  return <UsersScreen form="account" />;
}
