import { z } from "#app/utils/zod.ts";
import { getApp } from "#app/context.ts";
import { actorFrom } from "#app/http/admin-guard.server.ts";
import { reopenInboxItem } from "#app/modules/inbox/inbox.server.ts";
import { requireInboxItem } from "#app/modules/inbox/inbox.ts";
import { handleSubmission } from "#app/http/form.server.ts";
import type { FormSuccess } from "#app/utils/submission.ts";
import type { Route } from "./+types/reopen";

export { InboxItemBody as default } from "#app/components/admin/inbox/item.tsx";

/** "Reopen" on a closed item of any kind: a button, no fields. */
const reopenSchema = z.object({});

export async function action({ request, params, context }: Route.ActionArgs) {
  const { kind, id } = requireInboxItem(params);
  return handleSubmission(request, reopenSchema, async (): Promise<FormSuccess> => ({
    ok: true,
    message: await reopenInboxItem(getApp(context).db, actorFrom(context), kind, id),
  }));
}
