import { LinkHealthScreen } from "#app/components/admin/link-health.tsx";
import { getApp } from "#app/context.ts";
import { notifyOperators } from "#app/modules/inbox/notify.server.ts";
import { checkTitleNow } from "#app/modules/linkhealth/admin.server.ts";
import { linkCheckButtonSchema } from "#app/modules/linkhealth/form.ts";
import { requireId } from "#app/utils/ids.ts";
import { formatCount, plural } from "#app/utils/format.ts";
import { handleSubmission } from "#app/http/form.server.ts";
import type { FormSuccess } from "#app/utils/submission.ts";
import type { Route } from "./+types/check-title";

/** "Check this title's links": within the request, bounded in links and time (checkTitleNow). */
export async function action({ request, params, context }: Route.ActionArgs) {
  const id = requireId(params.id);
  const app = getApp(context);
  return handleSubmission(request, linkCheckButtonSchema, async (): Promise<FormSuccess> => {
    const s = await checkTitleNow(app.db, id, { signal: request.signal, notify: (event) => notifyOperators(app, event) });
    const left = s.deferred > 0 ? `; ${formatCount(s.deferred)} left for the scheduled checker` : "";
    return {
      ok: true,
      message: `Checked ${formatCount(s.checked)} of ${plural(s.total, "link")}: ${formatCount(s.ok)} OK, ${formatCount(s.failed)} failed, ${formatCount(s.inconclusive)} without a clear answer${left}.`,
    };
  });
}

export default function CheckTitle() {
  return <LinkHealthScreen form="check-title" />;
}
