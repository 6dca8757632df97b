import { href } from "react-router";
import { exactTime } from "#app/utils/format.ts";
import { RelativeTime } from "#app/components/admin/relative-time.tsx";
import { Card } from "#app/components/admin/ui.tsx";
import type { CatalogueLinkRef, TitleWithLinks } from "#app/modules/catalogue/link-refs.server.ts";
import type { DmcaDetail } from "#app/modules/inbox/dmca/queries.server.ts";
import { describeLink } from "#app/modules/inbox/inbox.ts";
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
} from "./parts.tsx";

/** A DMCA notice's page: the notice, what it names, taking links down and putting them back, rejecting it. */

export function dmcaHeading(item: DmcaDetail): string {
  return `DMCA notice #${item.id}`;
}

function LinkChoice({ link, checked }: { link: CatalogueLinkRef; checked: boolean }) {
  return (
    <label className="flex cursor-pointer items-start gap-2 rounded-lg px-2 py-1.5 text-sm hover:bg-white/4">
      <input type="checkbox" name="link" value={link.id} defaultChecked={checked} className="mt-0.5 accent-accent-500" />
      <span className="min-w-0 break-words">
        {describeLink(link)}
        {link.status !== "ok" && <span className="ml-1 text-xs text-mist-400">({link.status})</span>}
        <span className="block truncate text-xs text-mist-400">{link.url}</span>
      </span>
    </label>
  );
}

export function DmcaView({ item, candidates, find, now }: { item: DmcaDetail; candidates: TitleWithLinks[]; find: string; now: number }) {
  const params = { kind: "dmca", id: String(item.id) };
  const reenable = href("/dashboard/inbox/:kind/:id/reenable", params);
  const active = item.targets.filter((t) => t.active);
  const preselectedLinks = new Set(item.targets.filter((t) => t.origin === "url" && !t.active && t.link).map((t) => t.link!.id));
  const preselectedTitles = new Set(
    item.targets.filter((t) => t.origin === "url" && !t.active && !t.link && t.title).map((t) => t.title!.id),
  );
  return (
    <div className="grid grid-cols-1 gap-6 xl:grid-cols-3">
      <div className="space-y-6 xl:col-span-2">
        <Card title="Notice">
          <Facts
            items={[
              ["From", item.name],
              ["E-mail", <MailLink key="e" email={item.email} />],
              [
                "Content URL",
                <ExternalLink key="u" href={item.contentUrl}>
                  {item.contentUrl}
                </ExternalLink>,
              ],
              ["Content type", item.contentType],
              ["Good-faith declaration", item.declaration ? "Given" : "Not given"],
              ["Received", <RelativeTime key="t" at={item.createdAt} now={now} />],
            ]}
          />
          <h3 className="mt-5 text-sm font-semibold text-white">Proof of copyright</h3>
          <Quote className="mt-1 p-3">{item.copyrightProof}</Quote>
          {item.message && (
            <>
              <h3 className="mt-4 text-sm font-semibold text-white">Message</h3>
              <Quote className="mt-1 p-3">{item.message}</Quote>
            </>
          )}
        </Card>
        <Card
          title="What the notice names"
          action={
            active.length > 1 ? (
              <InboxForm to={reenable}>
                <input type="hidden" name="target" value="all" />
                <SubmitButton label="Re-enable all" variant="secondary" />
              </InboxForm>
            ) : undefined
          }
        >
          {item.targets.length ? (
            <ul className="divide-y divide-white/8">
              {item.targets.map((t) => (
                <li key={t.id} className="flex flex-wrap items-start justify-between gap-3 py-3 text-sm first:pt-0 last:pb-0">
                  <div className="min-w-0">
                    <p className="font-semibold text-white">
                      {t.title ? t.title.title : "A title since deleted"}
                      <span className="ml-2 text-xs font-normal text-mist-400">
                        {t.origin === "url" ? "from the notice's URL" : "added by an admin"}
                      </span>
                    </p>
                    <p className="break-words text-mist-300">{t.link ? describeLink(t.link) : "The whole title"}</p>
                    <p className="text-xs text-mist-400">
                      {t.active
                        ? `Disabled ${exactTime(t.disabledAt!)}`
                        : t.reenabledAt
                          ? `Re-enabled ${exactTime(t.reenabledAt)}`
                          : "Not disabled"}
                    </p>
                  </div>
                  {t.active && (
                    <InboxForm to={reenable}>
                      <input type="hidden" name="target" value={t.id} />
                      <SubmitButton label="Re-enable" variant="secondary" size="sm">
                        <span className="sr-only"> {t.link ? describeLink(t.link) : t.title?.title}</span>
                      </SubmitButton>
                    </InboxForm>
                  )}
                </li>
              ))}
            </ul>
          ) : (
            <p className="text-sm text-mist-300">The notice's URL did not match a catalogue item. Find the title below.</p>
          )}
        </Card>
      </div>
      <div className="space-y-6">
        {item.status !== "rejected" && (
          <Card title="Take down">
            <div className="space-y-3">
              <FindTitles
                itemPath={href("/dashboard/inbox/:kind/:id", params)}
                find={find}
                label="Find more catalogue titles"
                placeholder="Find a catalogue title…"
              />
              <InboxForm to={href("/dashboard/inbox/:kind/:id/disable", params)} className="space-y-3">
                {candidates.length ? (
                  candidates.map((t) => (
                    <fieldset key={t.id} className="min-w-0 rounded-xl border border-white/8 p-3">
                      <legend className="px-1 text-sm font-semibold text-white">
                        {t.title}
                        {t.year ? ` (${t.year})` : ""}
                      </legend>
                      <label className="flex cursor-pointer items-center gap-2 rounded-lg px-2 py-1.5 text-sm font-medium hover:bg-white/4">
                        <input
                          type="checkbox"
                          name="title"
                          value={t.id}
                          defaultChecked={preselectedTitles.has(t.id)}
                          className="accent-accent-500"
                        />
                        Whole title ({t.links.length} link{t.links.length === 1 ? "" : "s"})
                      </label>
                      {t.links.map((l) => (
                        <LinkChoice key={l.id} link={l} checked={preselectedLinks.has(l.id)} />
                      ))}
                    </fieldset>
                  ))
                ) : (
                  <p className="text-sm text-mist-300">Find the titles the notice is about.</p>
                )}
                <ChoiceErrors name="targets" />
                <NoteField name="note" label="Note (optional)" />
                <SubmitButton label="Disable selected" variant="danger" />
              </InboxForm>
            </div>
          </Card>
        )}
        <Card title="Status">
          {item.status !== "received" && (
            <Resolution item={item}>
              <p>
                {item.status === "actioned" ? "Actioned" : "Rejected"}
                {item.resolutionNote ? `: ${item.resolutionNote}` : ""}
              </p>
            </Resolution>
          )}
          {item.status === "received" ? (
            <InboxForm to={href("/dashboard/inbox/:kind/:id/reject", params)} className="space-y-3">
              <NoteField name="note" label="Why it is rejected (optional)" />
              <SubmitButton label="Reject notice" variant="secondary" />
            </InboxForm>
          ) : (
            (item.status === "rejected" || active.length === 0) && (
              <InboxForm to={href("/dashboard/inbox/:kind/:id/reopen", params)} className="mt-4">
                <SubmitButton label="Reopen notice" variant="secondary" />
              </InboxForm>
            )
          )}
        </Card>
      </div>
    </div>
  );
}
