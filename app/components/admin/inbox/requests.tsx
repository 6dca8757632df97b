import { href } from "react-router";
import { RelativeTime } from "#app/components/admin/relative-time.tsx";
import { Card } from "#app/components/admin/ui.tsx";
import type { TitleWithLinks } from "#app/modules/catalogue/link-refs.server.ts";
import type { RequestDetail } from "#app/modules/inbox/requests/queries.server.ts";
import {
  ChoiceErrors,
  ExternalLink,
  Facts,
  FindTitles,
  InboxForm,
  MailLink,
  NoteField,
  Quote,
  Resolution,
  SubmitButton,
  TitleLinks,
} from "./parts.tsx";

/** A content request's page: what was asked, everyone who asked, and fulfilling or declining it. */

export function requestHeading(item: RequestDetail): string {
  return `${item.title}${item.year ? ` (${item.year})` : ""}`;
}

const SOURCE_LABELS: Record<string, string> = { form: "request form", quick: "quick request", "tmdb-search": "search result" };

export function RequestView({
  item,
  candidates,
  find,
  now,
}: {
  item: RequestDetail;
  candidates: TitleWithLinks[];
  find: string;
  now: number;
}) {
  const params = { kind: "requests", id: String(item.id) };
  return (
    <div className="grid grid-cols-1 gap-6 xl:grid-cols-3">
      <div className="space-y-6 xl:col-span-2">
        <Card title="Request">
          <Facts
            items={[
              ["Type", item.contentType],
              ["Year", item.year],
              ["Quality", item.quality],
              ["Asked by", `${item.requestCount} ${item.requestCount === 1 ? "person" : "people"}`],
              ["IMDb", item.imdbId],
              ["TMDB id", item.tmdbId],
              ["Catalogue title", item.catalogueTitle ? <TitleLinks title={item.catalogueTitle} /> : null],
              ["First asked", <RelativeTime key="t" at={item.createdAt} now={now} />],
            ]}
          />
        </Card>
        <Card title={`Submissions (${item.submissions.length})`}>
          <ol className="divide-y divide-white/8">
            {item.submissions.map((s) => (
              <li key={s.id} className="py-4 first:pt-0 last:pb-0">
                <p className="flex flex-wrap items-baseline gap-x-2 text-sm">
                  <span className="font-semibold text-white">{s.name || "Anonymous"}</span>
                  {s.email && <MailLink email={s.email} />}
                  <span className="text-xs text-mist-400">
                    <RelativeTime at={s.createdAt} now={now} /> · {SOURCE_LABELS[s.source] ?? SOURCE_LABELS["tmdb-search"]}
                  </span>
                </p>
                <div className="mt-2">
                  <Facts
                    items={[
                      [
                        "Asked for",
                        [s.title, s.year ? `(${s.year})` : null, s.contentType ? `· ${s.contentType}` : null].filter(Boolean).join(" "),
                      ],
                      ["Quality", s.quality],
                      [
                        "Location",
                        s.location
                          ? `${s.location}${s.coordinates ? ` (${s.coordinates.latitude.toFixed(2)}, ${s.coordinates.longitude.toFixed(2)})` : ""}`
                          : null,
                      ],
                      ["IMDb link", s.imdbUrl ? <ExternalLink href={s.imdbUrl}>{s.imdbUrl}</ExternalLink> : null],
                    ]}
                  />
                </div>
                {s.message && <Quote className="mt-3 p-3">{s.message}</Quote>}
              </li>
            ))}
          </ol>
        </Card>
      </div>
      <div className="space-y-6">
        {item.status === "pending" ? (
          <>
            <Card title="Fulfil">
              <div className="space-y-3">
                <FindTitles
                  itemPath={href("/dashboard/inbox/:kind/:id", params)}
                  find={find}
                  label="Find the catalogue title that fulfils it"
                  placeholder="Find a catalogue title…"
                />
                <InboxForm to={href("/dashboard/inbox/:kind/:id/fulfill", params)} className="space-y-3">
                  {candidates.length ? (
                    <fieldset>
                      <legend className="mb-2 text-sm font-medium text-mist-100">Catalogue title that fulfils it</legend>
                      <div className="space-y-1.5">
                        {candidates.map((t) => (
                          <label
                            key={t.id}
                            className="flex cursor-pointer items-center gap-2 rounded-lg border border-white/8 px-3 py-2 text-sm has-[:checked]:border-accent-400"
                          >
                            <input type="radio" name="fulfilledTitleId" value={t.id} className="accent-accent-500" />
                            <span className="min-w-0 break-words">
                              {t.title}
                              {t.year ? ` (${t.year})` : ""}{" "}
                              <span className="text-xs text-mist-400">{t.type === "movie" ? "Movie" : "TV show"}</span>
                            </span>
                          </label>
                        ))}
                      </div>
                    </fieldset>
                  ) : (
                    <p className="text-sm text-mist-300">
                      No catalogue title matches{find ? ` “${find}”` : ""}. Add it first, then find it here.
                    </p>
                  )}
                  <ChoiceErrors name="fulfilledTitleId" />
                  <SubmitButton label="Mark fulfilled" />
                </InboxForm>
              </div>
            </Card>
            <Card title="Decline">
              <InboxForm to={href("/dashboard/inbox/:kind/:id/decline", params)} className="space-y-3">
                <NoteField name="reason" label="Reason" required />
                <SubmitButton label="Decline request" variant="danger" />
              </InboxForm>
            </Card>
          </>
        ) : (
          <Card title="Outcome">
            <Resolution item={item}>
              {item.status === "fulfilled" ? (
                <p>Fulfilled by {item.fulfilledTitle ? <TitleLinks title={item.fulfilledTitle} /> : "a title since deleted"}</p>
              ) : (
                <p className="whitespace-pre-wrap">Declined: {item.declineReason}</p>
              )}
            </Resolution>
            <InboxForm to={href("/dashboard/inbox/:kind/:id/reopen", params)} className="mt-4">
              <SubmitButton label="Reopen request" variant="secondary" />
            </InboxForm>
          </Card>
        )}
      </div>
    </div>
  );
}
