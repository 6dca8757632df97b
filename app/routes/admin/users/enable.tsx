import { z } from "#app/utils/zod.ts";
import { getApp } from "#app/context.ts";
import { UsersScreen } from "#app/components/admin/settings/users.tsx";
import { setAccountDisabled } from "#app/modules/api/accounts.server.ts";
import { actorFrom, requireRole } from "#app/http/admin-guard.server.ts";
import { requireId } from "#app/utils/ids.ts";
import { handleSubmission } from "#app/http/form.server.ts";
import type { FormSuccess } from "#app/utils/submission.ts";
import type { Route } from "./+types/enable";

/** A button, no fields. */
const enableSchema = z.object({});

/** "Re-enable" a disabled account. */
export async function action({ request, params, context }: Route.ActionArgs) {
  requireRole(context, "admin");
  const id = requireId(params.id);
  return handleSubmission(request, enableSchema, async (): Promise<FormSuccess> => {
    const changed = await setAccountDisabled(getApp(context).db, actorFrom(context), id, false);
    return { ok: true, message: `Re-enabled ${changed.email}` };
  });
}

export default function EnableUser() {
  return <UsersScreen form="account" />;
}
