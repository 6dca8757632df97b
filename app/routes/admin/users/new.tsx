import { getApp } from "#app/context.ts";
import { UsersScreen } from "#app/components/admin/settings/users.tsx";
import { createAdmin } from "#app/modules/auth/accounts.server.ts";
import { actorFrom, requireRole } from "#app/http/admin-guard.server.ts";
import { newAdminSchema, roleWithArticle } from "#app/modules/auth/schema.ts";
import { handleSubmission } from "#app/http/form.server.ts";
import type { FormSuccess } from "#app/utils/submission.ts";
import type { Route } from "./+types/new";

/** "Add an account": the new account signs in with the initial password. */
export async function action({ request, context }: Route.ActionArgs) {
  requireRole(context, "admin");
  return handleSubmission(request, newAdminSchema, async (input): Promise<FormSuccess> => {
    const added = await createAdmin(getApp(context).db, actorFrom(context), input);
    return { ok: true, message: `Added ${added.email} as ${roleWithArticle(added.role)}` };
  });
}

export default function AddUser() {
  return <UsersScreen form="add" />;
}
