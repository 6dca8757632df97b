import { Form, href, Link, useActionData, useLocation, useNavigation, useRouteLoaderData } from "react-router";
import { AdminPagination } from "#app/components/admin/admin-pagination.tsx";
import { RelativeTime } from "#app/components/admin/relative-time.tsx";
import { Button, Card, EmptyState, TableHead, TableScroller } from "#app/components/admin/ui.tsx";
import { CheckboxField, Field, FormState, inputClass } from "#app/components/forms/field.tsx";
import { FormMessage, useResultToast } from "#app/components/forms/result.tsx";
import type { LinkHealthStatus } from "#app/db/schema.ts";
import type { LinkHealthScreenData } from "#app/modules/linkhealth/admin.server.ts";
import { LINK_SETTINGS_FIELDS, linkSettingsValues } from "#app/modules/linkhealth/form.ts";
import { LINK_CHECK_INTERVAL_RANGE_H, LINK_FAILURE_THRESHOLD_RANGE, type Settings } from "#app/modules/settings/schema.ts";
import { LINK_CHECKS_OFF, LINK_CHECKS_OFF_DETAIL } from "#app/modules/linkhealth/messages.ts";
import { formatCount } from "#app/utils/format.ts";
import { pageHref } from "#app/utils/pagination.ts";
import type { FormResult } from "#app/utils/submission.ts";

export const LINK_HEALTH_PATH = href("/dashboard/link-health");

const VIEW_LABELS = { broken: "Broken", failing: "Failing", slow: "Slow", never: "Never checked", all: "All links" } as const;
type View = keyof typeof VIEW_LABELS;

export const HEALTH_LABELS: Record<LinkHealthStatus, string> = { ok: "OK", broken: "Broken", unknown: "Not known yet" };

export function HealthBadge({ health, linkStatus }: { health: LinkHealthStatus; linkStatus?: string }) {
  const broken = health === "broken" || linkStatus === "broken";
  const tone = broken
    ? "bg-red-500/15 text-red-200 ring-red-400/30"
    : health === "ok"
      ? "bg-emerald-500/15 text-emerald-200 ring-emerald-400/30"
      : "bg-white/5 text-mist-300 ring-white/10";
  return (
    <span className={`inline-flex rounded-md px-2 py-0.5 text-xs font-semibold ring-1 ${tone}`}>
      {broken ? "Broken" : HEALTH_LABELS[health]}
    </span>
  );
}

export function linkHealthLinkPath(id: number): string {
  return href("/dashboard/link-health/links/:id", { id: String(id) });
}

/**
 * The Link health screen below its header: the counts per view, the chosen view's
 * links, links by host, "check everything" and the checker's settings. Each form posts
 * to its own route, which renders this with `form` naming the form whose answer it shows.
 */
export function LinkHealthScreen({ form }: { form?: "check-all" | "settings" | "check-title" }) {
  const data = useRouteLoaderData<LinkHealthScreenData>("routes/admin/link-health")!;
  const result = useActionData<FormResult>();
  useResultToast(result);
  const { search } = useLocation();
  const navigation = useNavigation();
  const { overview, settings, canChangeSettings, scheduledChecks, now } = data;
  const viewHref = (view: View, host: string | null = overview.host) => {
    const params = new URLSearchParams({ view });
    if (host) params.set("host", host);
    return `${LINK_HEALTH_PATH}?${params}`;
  };
  const busy = (path: string) => navigation.state === "submitting" && navigation.formAction?.startsWith(path);
  const checkAllPath = href("/dashboard/link-health/check-all");

  return (
    <div className="space-y-6">
      {form === "check-all" || form === "check-title" ? <FormMessage result={result} /> : null}
      {!scheduledChecks && (
        <section aria-labelledby="link-checks-off" className="rounded-xl border border-amber-400/30 bg-amber-500/10 px-4 py-3 text-sm">
          <h2 id="link-checks-off" className="font-semibold text-amber-100">
            {LINK_CHECKS_OFF}
          </h2>
          <p className="mt-1 text-mist-100">{LINK_CHECKS_OFF_DETAIL}</p>
        </section>
      )}
      <nav aria-label="Link health views" className="flex flex-wrap gap-2">
        {(Object.keys(VIEW_LABELS) as View[]).map((view) => (
          <Link
            key={view}
            to={viewHref(view)}
            aria-current={overview.view === view ? "true" : undefined}
            className={`rounded-full px-3.5 py-1.5 text-sm font-medium transition-colors ${
              overview.view === view
                ? "bg-accent-500 text-ink-950"
                : "border border-white/12 bg-white/5 text-mist-300 hover:bg-white/10 hover:text-white"
            }`}
          >
            {VIEW_LABELS[view]} ({formatCount(overview.counts[view])})
          </Link>
        ))}
      </nav>

      <Card
        title={`${VIEW_LABELS[overview.view]}${overview.host ? ` on ${overview.host}` : ""}: ${formatCount(overview.total)}`}
        action={
          overview.host ? (
            <Link to={viewHref(overview.view, null)} className="text-sm text-sky-300 underline underline-offset-2">
              All hosts
            </Link>
          ) : undefined
        }
      >
        {overview.items.length === 0 ? (
          <EmptyState>
            No links in this view.
            {overview.view !== "never" && overview.counts.never > 0 && (
              <>
                {" "}
                <Link to={viewHref("never")} className="text-sky-300 underline underline-offset-2">
                  {formatCount(overview.counts.never)} never checked
                </Link>
              </>
            )}
          </EmptyState>
        ) : (
          <TableScroller>
            <table className="w-full text-left text-sm">
              <TableHead columns={["Link", "Health", "Last answer", "Checked", { label: "Actions", align: "right" }]} />
              <tbody className="divide-y divide-white/8">
                {overview.items.map((item) => (
                  <tr key={item.linkId}>
                    <th scope="row" className="max-w-xs py-3 pr-3 font-normal">
                      <Link to={linkHealthLinkPath(item.linkId)} className="font-medium text-white hover:underline">
                        {item.title.title} · {item.label}
                      </Link>
                      <span className="block truncate text-xs text-mist-400" title={item.url}>
                        {item.url}
                      </span>
                    </th>
                    <td className="px-3 py-3">
                      <HealthBadge health={item.health} linkStatus={item.linkStatus} />
                      {item.consecutiveFailures > 0 && (
                        <span className="mt-1 block text-xs text-mist-400">{formatCount(item.consecutiveFailures)} failed in a row</span>
                      )}
                    </td>
                    <td className="px-3 py-3 text-mist-300">
                      {item.checkedAt ? (
                        <>
                          {item.httpStatus !== null ? `HTTP ${item.httpStatus}` : "No answer"}
                          {item.responseMs !== null && ` · ${formatCount(item.responseMs)} ms`}
                          {item.error && <span className="block text-xs break-words text-amber-200">{item.error}</span>}
                        </>
                      ) : (
                        "—"
                      )}
                    </td>
                    <td className="px-3 py-3 whitespace-nowrap text-mist-300">
                      {item.checkedAt ? <RelativeTime at={item.checkedAt} now={now} /> : "Never"}
                    </td>
                    <td className="py-3 pl-3 text-right">
                      <Form method="post" action={linkHealthLinkPath(item.linkId)}>
                        <Button type="submit" variant="secondary" size="sm" disabled={busy(linkHealthLinkPath(item.linkId))}>
                          Check now
                          <span className="sr-only">
                            : {item.title.title} · {item.label}
                          </span>
                        </Button>
                      </Form>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroller>
        )}
        <AdminPagination
          page={overview.page}
          totalPages={overview.totalPages}
          hrefFor={(n) => pageHref(LINK_HEALTH_PATH, `?${new URLSearchParams(search).toString()}`, n)}
        />
      </Card>

      <div className="grid gap-6 lg:grid-cols-2 [&>*]:min-w-0">
        <Card title="By host">
          {overview.hosts.length === 0 ? (
            <EmptyState>No download links yet.</EmptyState>
          ) : (
            <TableScroller>
              <table className="w-full text-left text-sm">
                <TableHead
                  columns={[
                    "Host",
                    { label: "Links", align: "right" },
                    { label: "Broken", align: "right" },
                    { label: "Average answer", align: "right" },
                  ]}
                />
                <tbody className="divide-y divide-white/8">
                  {overview.hosts.map((h) => (
                    <tr key={h.host}>
                      <th scope="row" className="py-2 pr-3 font-normal whitespace-nowrap">
                        <Link to={viewHref("all", h.host)} className="text-sky-300 underline-offset-2 hover:underline">
                          {h.host}
                        </Link>
                      </th>
                      <td className="px-3 py-2 text-right">{formatCount(h.links)}</td>
                      <td className={`px-3 py-2 text-right ${h.broken > 0 ? "font-semibold text-red-200" : ""}`}>
                        {formatCount(h.broken)}
                      </td>
                      <td className="py-2 pl-3 text-right text-mist-300">
                        {h.averageMs === null ? "—" : `${formatCount(h.averageMs)} ms`}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </TableScroller>
          )}
        </Card>

        <div className="space-y-6">
          <Card title="Check everything">
            <p className="mb-4 text-sm text-mist-300">
              {scheduledChecks
                ? `Every link is checked about every ${formatCount(settings.intervalHours)} hours. This makes every visible link due now; the scheduled checker takes them a few at a time, politely per host.`
                : "This makes every visible link due now; they are checked once scheduled checks are on (LINK_CHECKS)."}
            </p>
            <Form method="post" action={checkAllPath}>
              <Button type="submit" disabled={busy(checkAllPath)}>
                Check every link
              </Button>
            </Form>
          </Card>
          {canChangeSettings && <LinkSettingsForm settings={settings} result={form === "settings" ? result : undefined} />}
        </div>
      </div>
    </div>
  );
}

function LinkSettingsForm({ settings, result }: { settings: LinkSettings; result: FormResult | undefined }) {
  const values = linkSettingsValues(settings);
  const path = href("/dashboard/link-health/settings");
  return (
    <Card title="Link check settings">
      <FormState result={result} initialValues={values} density="compact">
        <Form method="post" action={path} className="space-y-4">
          {result && !result.ok && <FormMessage result={result} />}
          <NumberField
            name={LINK_SETTINGS_FIELDS.interval}
            label="Check each link every (hours)"
            range={LINK_CHECK_INTERVAL_RANGE_H}
            result={result}
            value={values[LINK_SETTINGS_FIELDS.interval]!}
          />
          <NumberField
            name={LINK_SETTINGS_FIELDS.threshold}
            label="Failed checks in a row before a link is broken"
            range={LINK_FAILURE_THRESHOLD_RANGE}
            result={result}
            value={values[LINK_SETTINGS_FIELDS.threshold]!}
          />
          <CheckboxField name={LINK_SETTINGS_FIELDS.hideBroken} defaultChecked={settings.hideBroken}>
            Hide broken links from visitors (otherwise they stay listed, marked unavailable)
          </CheckboxField>
          <Button type="submit">Save</Button>
        </Form>
      </FormState>
    </Card>
  );
}

type LinkSettings = Settings["linkHealth"];

function NumberField({
  name,
  label,
  range,
  result,
  value,
}: {
  name: string;
  label: string;
  range: { min: number; max: number };
  result: FormResult | undefined;
  value: string;
}) {
  const failed = result && !result.ok ? result : undefined;
  return (
    <Field label={label} errors={failed?.fields[name]}>
      {(props) => (
        <input
          {...props}
          name={name}
          type="number"
          inputMode="numeric"
          min={range.min}
          max={range.max}
          step={1}
          required
          defaultValue={failed?.values[name] ?? value}
          className={`${inputClass("compact")} max-w-32`}
        />
      )}
    </Field>
  );
}
