import { href, Link } from "react-router";
import { RelativeTime } from "#app/components/admin/relative-time.tsx";
import { Card } from "#app/components/admin/ui.tsx";
import { describeLink } from "#app/modules/inbox/inbox.ts";
import type { ReportDetail } from "#app/modules/inbox/reports/queries.server.ts";
import { ExternalLink, Facts, InboxForm, NoteField, Quote, Resolution, SubmitButton, TitleLinks } from "./parts.tsx";

/** A broken-link report group's page: the link as reported and as it is now, every report, and closing them all. */

export function reportHeading(item: ReportDetail): string {
  return item.contentName;
}

export function ReportView({ item, now }: { item: ReportDetail; now: number }) {
  const params = { kind: "reports", id: String(item.id) };
  return (
    <div className="grid grid-cols-1 gap-6 xl:grid-cols-3">
      <div className="space-y-6 xl:col-span-2">
        <Card title="Reported link">
          <Facts
            items={[
              ["Title", item.title ? <TitleLinks title={item.title} /> : item.contentName],
              [
                "Reported address",
                item.linkUrl ? <ExternalLink href={item.linkUrl}>{item.linkUrl}</ExternalLink> : "Not known (reported from the form)",
              ],
              [
                "In the catalogue now",
                item.link ? (
                  <span>
                    {describeLink(item.link)} <span className="text-xs text-mist-400">({item.link.status})</span>
                    {item.linkReplaced && <span className="block text-emerald-300">The link has been replaced since it was reported.</span>}
                  </span>
                ) : item.linkUrl ? (
                  "The link has been deleted."
                ) : null,
              ],
              ["First reported", <RelativeTime key="t" at={item.createdAt} now={now} />],
              [
                "Link checker",
                item.foundByChecker ? (
                  <span>
                    Found by the link checker
                    {item.link && (
                      <>
                        {" · "}
                        <Link
                          to={href("/dashboard/link-health/links/:id", { id: String(item.link.id) })}
                          className="text-sky-300 underline underline-offset-2"
                        >
                          its check history
                        </Link>
                      </>
                    )}
                  </span>
                ) : null,
              ],
            ]}
          />
        </Card>
        <Card title={`Reports (${item.reports.length})`}>
          <ol className="divide-y divide-white/8">
            {item.reports.map((r) => (
              <li key={r.id} className="py-3 text-sm first:pt-0 last:pb-0">
                <p className="text-xs text-mist-400">
                  <RelativeTime at={r.createdAt} now={now} />
                </p>
                <p className="mt-1 text-mist-100">{[r.seasonEpisode, r.quality, r.linkType].filter(Boolean).join(" · ") || "No details"}</p>
                {r.additionalInfo && <Quote className="mt-2 p-3">{r.additionalInfo}</Quote>}
              </li>
            ))}
          </ol>
        </Card>
      </div>
      <Card title={item.status === "open" ? "Close the reports" : "Outcome"}>
        {item.status === "open" ? (
          <InboxForm to={href("/dashboard/inbox/:kind/:id/close", params)} className="space-y-3">
            <NoteField name="note" label="Note (optional)" placeholder="e.g. Link re-uploaded" />
            <p className="text-xs text-mist-400">Applies to all {item.reports.length} report(s) of this link.</p>
            <div className="flex flex-wrap gap-2">
              <SubmitButton name="status" value="fixed" label="Mark fixed" />
              <SubmitButton name="status" value="invalid" label="Mark invalid" variant="secondary" />
            </div>
          </InboxForm>
        ) : (
          <>
            <Resolution item={item}>
              <p>
                {item.status === "fixed" ? "Fixed" : "Invalid"}
                {item.resolutionNote ? `: ${item.resolutionNote}` : ""}
              </p>
            </Resolution>
            <InboxForm to={href("/dashboard/inbox/:kind/:id/reopen", params)} className="mt-4">
              <SubmitButton label="Reopen report" variant="secondary" />
            </InboxForm>
          </>
        )}
      </Card>
    </div>
  );
}
