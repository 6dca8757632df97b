import { Form, href, Link, useNavigation } from "react-router";
import { Item } from "#app/components/admin/link-health-item.tsx";
import { HealthBadge, LINK_HEALTH_PATH } from "#app/components/admin/link-health.tsx";
import { RelativeTime } from "#app/components/admin/relative-time.tsx";
import { Button, Card, EmptyState, PageHeader, TableHead, TableScroller } from "#app/components/admin/ui.tsx";
import { FormMessage, useResultToast } from "#app/components/forms/result.tsx";
import { getApp } from "#app/context.ts";
import { adminEditPath } from "#app/modules/catalogue/admin-form.ts";
import { notifyOperators } from "#app/modules/inbox/notify.server.ts";
import { checkLinkNow, getLinkHealthDetail, LINK_NOT_FOUND } from "#app/modules/linkhealth/admin.server.ts";
import { linkCheckButtonSchema } from "#app/modules/linkhealth/form.ts";
import { exactTime, formatCount } from "#app/utils/format.ts";
import { requireId } from "#app/utils/ids.ts";
import { handleSubmission } from "#app/http/form.server.ts";
import type { FormSuccess } from "#app/utils/submission.ts";
import type { Route } from "./+types/link-health-link";
import { pageLoader, requireFound } from "#app/utils/errors.ts";

export { AdminErrorBoundary as ErrorBoundary } from "#app/components/admin/error-boundary.tsx";

const OUTCOME_LABELS = { ok: "OK", failed: "Failed", inconclusive: "No clear answer" } as const;

export function meta() {
  return [{ title: "Link health | Cinedex Admin" }, { name: "robots", content: "noindex, nofollow" }];
}

export const loader = pageLoader(async ({ params, context }: Route.LoaderArgs) => {
  const detail = requireFound(await getLinkHealthDetail(getApp(context).db, requireId(params.id)), LINK_NOT_FOUND);
  return { detail, now: Date.now() };
});

/** "Check now": this link, within the request (at most the checker's time limit). */
export async function action({ request, params, context }: Route.ActionArgs) {
  const id = requireId(params.id);
  const app = getApp(context);
  return handleSubmission(request, linkCheckButtonSchema, async (): Promise<FormSuccess> => {
    const detail = await checkLinkNow(app.db, id, { signal: request.signal, notify: (event) => notifyOperators(app, event) });
    const last = detail.history[0];
    const answer = last
      ? `${OUTCOME_LABELS[last.outcome]}${last.httpStatus !== null ? ` (HTTP ${last.httpStatus})` : ""}${last.error ? `: ${last.error}` : ""}`
      : "no answer";
    return { ok: true, message: `Checked: ${answer}` };
  });
}

export default function LinkHealthLink({ loaderData, actionData }: Route.ComponentProps) {
  const { detail, now } = loaderData;
  useResultToast(actionData);
  const navigation = useNavigation();
  const checkTitlePath = href("/dashboard/link-health/titles/:id/check", { id: String(detail.title.id) });
  const busy = navigation.state === "submitting";
  return (
    <div className="mx-auto max-w-5xl space-y-6">
      <PageHeader
        title={`${detail.title.title} · ${detail.label}`}
        subtitle={
          <Link to={LINK_HEALTH_PATH} className="text-sky-300 underline underline-offset-2">
            Back to Link health
          </Link>
        }
        actions={
          <div className="flex flex-wrap gap-2">
            <Form method="post">
              <Button type="submit" disabled={busy}>
                Check now
              </Button>
            </Form>
            <Form method="post" action={checkTitlePath}>
              <Button type="submit" variant="secondary" disabled={busy}>
                Check all links of this title
              </Button>
            </Form>
          </div>
        }
      />
      <FormMessage result={actionData} />
      <Card title="Latest">
        <dl className="grid gap-x-6 gap-y-3 text-sm sm:grid-cols-2">
          <Item label="Address">
            <span className="break-all">{detail.url}</span>
          </Item>
          <Item label="Health">
            <HealthBadge health={detail.health} linkStatus={detail.linkStatus} />
            {detail.linkStatus === "broken" && !detail.markedByChecker && (
              <span className="ml-2 text-xs text-mist-400">marked broken by an admin</span>
            )}
            {detail.linkStatus === "disabled" && <span className="ml-2 text-xs text-mist-400">disabled: visitors do not see it</span>}
          </Item>
          <Item label="Failed checks in a row">{formatCount(detail.consecutiveFailures)}</Item>
          <Item label="Checked">{detail.checkedAt ? <RelativeTime at={detail.checkedAt} now={now} /> : "Never"}</Item>
          <Item label="Answer">
            {detail.checkedAt ? (detail.httpStatus !== null ? `HTTP ${detail.httpStatus}` : "No answer") : "—"}
            {detail.error && <span className="block text-amber-200">{detail.error}</span>}
          </Item>
          <Item label="Response time">{detail.responseMs === null ? "—" : `${formatCount(detail.responseMs)} ms`}</Item>
          <Item label="Final address">
            <span className="break-all">{detail.finalUrl ?? "—"}</span>
          </Item>
          <Item label="Size and type">
            {detail.contentLength === null ? "size unknown" : `${formatCount(detail.contentLength)} bytes`} ·{" "}
            {detail.contentType ?? "type unknown"}
          </Item>
          <Item label="Next scheduled check">{detail.nextCheckAt ? exactTime(detail.nextCheckAt) : "Due now"}</Item>
          <Item label="Title">
            <Link to={adminEditPath(detail.title)} className="text-sky-300 underline underline-offset-2">
              Edit {detail.title.title}
            </Link>
          </Item>
        </dl>
      </Card>
      <Card title="History">
        {detail.history.length === 0 ? (
          <EmptyState>Not checked yet.</EmptyState>
        ) : (
          <TableScroller>
            <table className="w-full text-left text-sm">
              <TableHead columns={["When", "Result", "Answer", { label: "Time", align: "right" }]} />
              <tbody className="divide-y divide-white/8">
                {detail.history.map((c, i) => (
                  <tr key={`${c.checkedAt}-${i}`}>
                    <td className="py-2 pr-3 whitespace-nowrap">{exactTime(c.checkedAt)}</td>
                    <td className="px-3 py-2">{OUTCOME_LABELS[c.outcome]}</td>
                    <td className="px-3 py-2 break-all text-mist-300">
                      {c.httpStatus !== null ? `HTTP ${c.httpStatus}` : "No answer"}
                      {c.error && ` · ${c.error}`}
                      {c.finalUrl && c.finalUrl !== detail.url && <span className="block text-xs text-mist-400">→ {c.finalUrl}</span>}
                    </td>
                    <td className="py-2 pl-3 text-right whitespace-nowrap">
                      {c.responseMs === null ? "—" : `${formatCount(c.responseMs)} ms`}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroller>
        )}
      </Card>
    </div>
  );
}
