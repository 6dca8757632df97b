import { LinkHealthScreen } from "#app/components/admin/link-health.tsx";
import { getApp } from "#app/context.ts";
import { markAllLinksDue } from "#app/modules/linkhealth/admin.server.ts";
import { linkCheckButtonSchema } from "#app/modules/linkhealth/form.ts";
import { handleSubmission } from "#app/http/form.server.ts";
import { plural } from "#app/utils/format.ts";
import type { FormSuccess } from "#app/utils/submission.ts";
import type { Route } from "./+types/check-all";

/** "Check every link": not run within the request; every link becomes due and the scheduled checker takes them. */
export async function action({ request, context }: Route.ActionArgs) {
  return handleSubmission(request, linkCheckButtonSchema, async (): Promise<FormSuccess> => {
    const count = await markAllLinksDue(getApp(context).db);
    return {
      ok: true,
      message: `${plural(count, "link")} ${count === 1 ? "is" : "are"} due now: the scheduled link checker checks them over its next runs.`,
    };
  });
}

export default function CheckAll() {
  return <LinkHealthScreen form="check-all" />;
}
