import { z } from "#app/utils/zod.ts";
import { getApp } from "#app/context.ts";
import { UsersScreen } from "#app/components/admin/settings/users.tsx";
import { setAccountDisabled } from "#app/modules/api/accounts.server.ts";
import { actorFrom, requireRole } from "#app/http/admin-guard.server.ts";
import { requireId } from "#app/utils/ids.ts";
import { handleSubmission } from "#app/http/form.server.ts";
import type { FormSuccess } from "#app/utils/submission.ts";
import type { Route } from "./+types/disable";

/** A button, no fields. */
const disableSchema = z.object({});

/** "Disable": the account is signed out at once and cannot sign in until re-enabled. */
export async function action({ request, params, context }: Route.ActionArgs) {
  requireRole(context, "admin");
  const id = requireId(params.id);
  return handleSubmission(request, disableSchema, async (): Promise<FormSuccess> => {
    const changed = await setAccountDisabled(getApp(context).db, actorFrom(context), id, true);
    return { ok: true, message: `Disabled ${changed.email}; their sessions have ended` };
  });
}

export default function DisableUser() {
  return <UsersScreen form="account" />;
}
