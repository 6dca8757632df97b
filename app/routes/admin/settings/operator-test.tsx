import { OperatorScreen } from "#app/components/admin/settings/operator-notifications-tab.tsx";
import { z } from "#app/utils/zod.ts";
import { getApp } from "#app/context.ts";
import { requireRole } from "#app/http/admin-guard.server.ts";
import { sendTestNotification } from "#app/modules/inbox/notify.server.ts";
import { AppError } from "#app/utils/errors.ts";
import { handleSubmission } from "#app/http/form.server.ts";
import type { FormSuccess } from "#app/utils/submission.ts";
import type { Route } from "./+types/operator-test";

export { handle, loader, meta } from "./operator.tsx";

/** A button, no fields. */
const testNotificationSchema = z.object({});

/** Sends a sample to the saved recipients and webhook, and says how it went. */
export async function action({ request, context }: Route.ActionArgs) {
  requireRole(context, "admin");
  return handleSubmission(request, testNotificationSchema, async (): Promise<FormSuccess> => {
    const outcome = await sendTestNotification(getApp(context));
    if (outcome.ok) return { ok: true, message: outcome.message };
    // The mail server or webhook failed, not the admin: 502, with the reason to show.
    throw new AppError(502, outcome.message);
  });
}

export default function OperatorTest({ loaderData }: Route.ComponentProps) {
  return <OperatorScreen data={loaderData} form="test" />;
}
