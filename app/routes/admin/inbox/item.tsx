import type { ReactNode } from "react";
import { data, Form, Link, useActionData, useLocation, useNavigation } from "react-router";
import { exactTime } from "#app/components/admin/format.ts";
import { InboxTabs, StatusBadge } from "#app/components/admin/inbox.tsx";
import { RelativeTime } from "#app/components/admin/relative-time.tsx";
import { Button, buttonClass, Card, inputClass } from "#app/components/admin/ui.tsx";
import { ArrowLeftIcon, EditIcon, ExternalIcon, SearchIcon } from "#app/components/ui/icons.tsx";
import { getApp } from "#app/context.ts";
import { actorFrom } from "#app/modules/auth/guard.server.ts";
import { adminListPath } from "#app/modules/catalogue/admin-form.ts";
import { titlePath } from "#app/modules/catalogue/paths.ts";
import { handleInboxAction } from "#app/modules/inbox/actions.server.ts";
import {
  findCatalogueTitles,
  linksOfTitles,
  titleRefs,
  type InboxLinkRef,
  type InboxTitleRef,
  type TitleWithLinks,
} from "#app/modules/inbox/catalogue-refs.server.ts";
import { getDmcaDetail, type DmcaDetail } from "#app/modules/inbox/dmca.server.ts";
import type { InboxKind } from "#app/modules/inbox/events.ts";
import {
  countUnread,
  getContactDetail,
  getReportDetail,
  getRequestDetail,
  markInboxRead,
  type ContactDetail,
  type ReportDetail,
  type RequestDetail,
} from "#app/modules/inbox/inbox.server.ts";
import {
  describeLink,
  INBOX_ITEM_NOT_FOUND,
  INBOX_SEARCH_MAX_LENGTH,
  INBOX_TAB_LABELS,
  inboxListHref,
  isInboxKind,
} from "#app/modules/inbox/inbox.ts";
import { actionError } from "#app/utils/action.server.ts";
import { AppError } from "#app/utils/errors.ts";
import type { Route } from "./+types/item";

export { AdminErrorBoundary as ErrorBoundary } from "#app/components/admin/error-boundary.tsx";

function positiveId(value: string | undefined): number | null {
  const n = value && /^\d{1,10}$/.test(value) ? Number(value) : NaN;
  return Number.isSafeInteger(n) && n > 0 ? n : null;
}

async function detailOf(db: Parameters<typeof getRequestDetail>[0], kind: InboxKind, id: number) {
  switch (kind) {
    case "requests":
      return getRequestDetail(db, id);
    case "reports":
      return getReportDetail(db, id);
    case "contact":
      return getContactDetail(db, id);
    case "dmca":
      return getDmcaDetail(db, id);
  }
}

/** Catalogue titles to choose from: what a notice's URL named, then what the admin searched for. */
async function candidatesFor(
  db: Parameters<typeof getRequestDetail>[0],
  item: NonNullable<Awaited<ReturnType<typeof detailOf>>>,
  find: string,
): Promise<TitleWithLinks[]> {
  if (item.kind === "requests") return item.status === "pending" ? findCatalogueTitles(db, find || item.title) : [];
  if (item.kind !== "dmca" || item.status === "rejected") return [];
  const named = [...new Set(item.targets.map((t) => t.title?.id).filter((v): v is number => v !== undefined))];
  const refs = await titleRefs(db, named);
  const links = await linksOfTitles(db, named);
  const fromNotice = named.flatMap((id) => {
    const ref = refs.get(id);
    return ref ? [{ ...ref, links: links.filter((l) => l.titleId === id) }] : [];
  });
  const found = find ? await findCatalogueTitles(db, find) : [];
  return [...fromNotice, ...found.filter((t) => !named.includes(t.id))];
}

/**
 * Opening an item marks it read (a report: its whole group). Done in middleware,
 * which runs before every loader of the page, so the sidebar's badge (loaded in
 * parallel by the layout) already counts it as read.
 */
export const middleware: Route.MiddlewareFunction[] = [
  async ({ request, params, context }, next) => {
    const id = positiveId(params.id);
    if (request.method === "GET" && isInboxKind(params.kind) && id !== null) await markInboxRead(getApp(context).db, params.kind, id);
    return next();
  },
];

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const id = positiveId(params.id);
  if (!isInboxKind(params.kind) || id === null) throw data(INBOX_ITEM_NOT_FOUND, { status: 404 });
  const kind: InboxKind = params.kind;
  const { db } = getApp(context);
  const find = (new URL(request.url).searchParams.get("find") ?? "").trim().slice(0, INBOX_SEARCH_MAX_LENGTH);
  const item = await detailOf(db, kind, id);
  if (!item) throw data(INBOX_ITEM_NOT_FOUND, { status: 404 });
  const [candidates, unread] = await Promise.all([candidatesFor(db, item, find), countUnread(db)]);
  return { kind, item, find, candidates, unread, now: Date.now() };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  try {
    const id = positiveId(params.id);
    if (!isInboxKind(params.kind) || id === null) throw new AppError(404, INBOX_ITEM_NOT_FOUND);
    const message = await handleInboxAction(getApp(context).db, actorFrom(context), params.kind, id, await request.formData());
    return { ok: true as const, message };
  } catch (error) {
    return actionError(error);
  }
}

function headingOf(item: Route.ComponentProps["loaderData"]["item"]): string {
  switch (item.kind) {
    case "requests":
      return `${item.title}${item.year ? ` (${item.year})` : ""}`;
    case "reports":
      return item.contentName;
    case "contact":
      return item.subject?.trim() || `Message from ${item.name}`;
    case "dmca":
      return `DMCA notice #${item.id}`;
  }
}

export function meta({ data }: Route.MetaArgs) {
  return [{ title: `${data ? `${headingOf(data.item)} · ` : ""}Inbox | Cinedex Admin` }, { name: "robots", content: "noindex, nofollow" }];
}

// ---------------------------------------------------------------- building blocks

function Facts({ items }: { items: [string, ReactNode][] }) {
  const shown = items.filter(([, value]) => value !== null && value !== undefined && value !== "");
  return (
    <dl className="grid gap-x-6 gap-y-3 text-sm sm:grid-cols-2">
      {shown.map(([label, value]) => (
        <div key={label} className="min-w-0">
          <dt className="text-xs font-medium text-mist-400">{label}</dt>
          <dd className="mt-0.5 break-words text-mist-100">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function ExternalLink({ href, children }: { href: string; children: ReactNode }) {
  const safe = /^https?:\/\//i.test(href);
  if (!safe) return <span className="break-all">{children}</span>;
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      className="break-all text-sky-300 underline underline-offset-2 hover:text-sky-200"
    >
      {children}
      <span className="sr-only"> (opens in a new tab)</span>
    </a>
  );
}

function TitleLinks({ title }: { title: InboxTitleRef }) {
  return (
    <span className="inline-flex flex-wrap items-center gap-x-3 gap-y-1">
      <span className="font-semibold text-white">
        {title.title}
        {title.year ? ` (${title.year})` : ""}
      </span>
      <Link
        to={`${adminListPath(title.type)}/${title.id}`}
        className="inline-flex items-center gap-1 text-sm font-semibold text-accent-300 hover:text-accent-200"
      >
        <EditIcon size={14} /> Edit title<span className="sr-only"> {title.title}</span>
      </Link>
      <Link to={titlePath(title)} className="inline-flex items-center gap-1 text-sm text-mist-300 hover:text-white">
        <ExternalIcon size={14} /> View on site<span className="sr-only">: {title.title}</span>
      </Link>
    </span>
  );
}

function Resolution({ item, children }: { item: { resolvedAt: string | null; resolvedBy: string | null }; children?: ReactNode }) {
  return (
    <div className="rounded-xl border border-white/8 bg-white/3 p-4 text-sm text-mist-200">
      {children}
      {item.resolvedAt && (
        <p className="mt-1 text-xs text-mist-400">
          {item.resolvedBy ? `By ${item.resolvedBy}, ` : ""}
          {exactTime(item.resolvedAt)}
        </p>
      )}
    </div>
  );
}

function Intent({
  value,
  label,
  variant = "primary",
  busy,
}: {
  value: string;
  label: string;
  variant?: "primary" | "secondary" | "danger";
  busy: boolean;
}) {
  return (
    <Button type="submit" name="intent" value={value} variant={variant} disabled={busy}>
      {label}
    </Button>
  );
}

function NoteField({
  id,
  name,
  label,
  error,
  required = false,
  placeholder,
}: {
  id: string;
  name: string;
  label: string;
  error?: string;
  required?: boolean;
  placeholder?: string;
}) {
  return (
    <div>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-mist-100">
        {label}
      </label>
      <textarea
        id={id}
        name={name}
        rows={3}
        maxLength={1000}
        aria-required={required || undefined}
        placeholder={placeholder}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className={inputClass}
      />
      {error && (
        <p id={`${id}-error`} className="mt-1.5 text-sm text-red-300" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

/** A GET form that searches the catalogue, keeping the list's filters in the URL. */
function FindTitles({ find, label, placeholder }: { find: string; label: string; placeholder: string }) {
  const location = useLocation();
  const kept = [...new URLSearchParams(location.search)].filter(([name]) => name !== "find");
  return (
    <Form method="get" role="search" className="flex gap-2" preventScrollReset>
      {kept.map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <label htmlFor="inbox-find" className="sr-only">
        {label}
      </label>
      <div className="relative flex-1">
        <SearchIcon size={16} className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-mist-400" />
        <input
          id="inbox-find"
          key={find}
          type="search"
          name="find"
          defaultValue={find}
          maxLength={INBOX_SEARCH_MAX_LENGTH}
          placeholder={placeholder}
          className={`${inputClass} pl-9`}
        />
      </div>
      <button type="submit" className={buttonClass("secondary")}>
        Find
      </button>
    </Form>
  );
}

type ActionResult = { ok: true; message: string } | { ok: false; error: string; fields: Record<string, string[]> };

function useResult() {
  const result = useActionData<ActionResult>();
  const navigation = useNavigation();
  return {
    result,
    busy: navigation.state === "submitting",
    fieldError: (name: string) => (result && !result.ok ? result.fields[name]?.[0] : undefined),
  };
}

// ---------------------------------------------------------------- per kind

function RequestView({ item, candidates, find, now }: { item: RequestDetail; candidates: TitleWithLinks[]; find: string; now: number }) {
  const { busy, fieldError } = useResult();
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
        <Card title={`Who asked (${item.submissions.length})`}>
          <ol className="divide-y divide-white/8">
            {item.submissions.map((s) => (
              <li key={s.id} className="py-4 first:pt-0 last:pb-0">
                <p className="flex flex-wrap items-baseline gap-x-2 text-sm">
                  <span className="font-semibold text-white">{s.name || "Anonymous"}</span>
                  {s.email && (
                    <a href={`mailto:${s.email}`} className="break-all text-sky-300 underline underline-offset-2">
                      {s.email}
                    </a>
                  )}
                  <span className="text-xs text-mist-400">
                    <RelativeTime at={s.createdAt} now={now} /> ·{" "}
                    {s.source === "form" ? "request form" : s.source === "quick" ? "quick request" : "search result"}
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
                {s.message && <p className="mt-3 rounded-lg bg-white/4 p-3 text-sm whitespace-pre-wrap text-mist-100">{s.message}</p>}
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
                <FindTitles find={find} label="Find the catalogue title that fulfils it" placeholder="Find a catalogue title…" />
                <Form method="post" className="space-y-3">
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
                  {fieldError("fulfilledTitleId") && (
                    <p className="text-sm text-red-300" role="alert">
                      {fieldError("fulfilledTitleId")}
                    </p>
                  )}
                  <Intent value="fulfill" label="Mark fulfilled" busy={busy} />
                </Form>
              </div>
            </Card>
            <Card title="Decline">
              <Form method="post" className="space-y-3">
                <NoteField id="decline-reason" name="reason" label="Reason" required error={fieldError("reason")} />
                <Intent value="decline" label="Decline request" variant="danger" busy={busy} />
              </Form>
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
            <Form method="post" className="mt-4">
              <Intent value="reopen" label="Reopen request" variant="secondary" busy={busy} />
            </Form>
          </Card>
        )}
      </div>
    </div>
  );
}

function ReportView({ item, now }: { item: ReportDetail; now: number }) {
  const { busy } = useResult();
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
                {r.additionalInfo && <p className="mt-2 rounded-lg bg-white/4 p-3 whitespace-pre-wrap text-mist-100">{r.additionalInfo}</p>}
              </li>
            ))}
          </ol>
        </Card>
      </div>
      <Card title={item.status === "open" ? "Close the reports" : "Outcome"}>
        {item.status === "open" ? (
          <Form method="post" className="space-y-3">
            <NoteField id="report-note" name="note" label="Note (optional)" placeholder="e.g. Link re-uploaded" />
            <p className="text-xs text-mist-400">Applies to all {item.reports.length} report(s) of this link.</p>
            <div className="flex flex-wrap gap-2">
              <Intent value="fixed" label="Mark fixed" busy={busy} />
              <Intent value="invalid" label="Mark invalid" variant="secondary" busy={busy} />
            </div>
          </Form>
        ) : (
          <>
            <Resolution item={item}>
              <p>
                {item.status === "fixed" ? "Fixed" : "Invalid"}
                {item.resolutionNote ? `: ${item.resolutionNote}` : ""}
              </p>
            </Resolution>
            <Form method="post" className="mt-4">
              <Intent value="reopen" label="Reopen report" variant="secondary" busy={busy} />
            </Form>
          </>
        )}
      </Card>
    </div>
  );
}

function ContactView({ item, now }: { item: ContactDetail; now: number }) {
  const { busy } = useResult();
  const reply = `mailto:${item.email}?subject=${encodeURIComponent(`Re: ${item.subject ?? "Your message to Cinedex"}`)}`;
  return (
    <div className="grid grid-cols-1 gap-6 xl:grid-cols-3">
      <Card title="Message" className="xl:col-span-2">
        <Facts
          items={[
            ["From", item.name],
            [
              "E-mail",
              <a key="e" href={`mailto:${item.email}`} className="break-all text-sky-300 underline underline-offset-2">
                {item.email}
              </a>,
            ],
            ["Subject", item.subject],
            ["Sent", <RelativeTime key="t" at={item.createdAt} now={now} />],
          ]}
        />
        <p className="mt-4 rounded-lg bg-white/4 p-4 text-sm whitespace-pre-wrap text-mist-100">{item.message}</p>
      </Card>
      <Card title="Status">
        <a href={reply} className={`${buttonClass("secondary")} mb-4 w-full`}>
          Reply by e-mail
        </a>
        {item.status === "new" ? (
          <Form method="post" className="flex flex-wrap gap-2">
            <Intent value="answered" label="Mark answered" busy={busy} />
            <Intent value="archived" label="Archive" variant="secondary" busy={busy} />
          </Form>
        ) : (
          <>
            <Resolution item={item}>
              <p>{item.status === "answered" ? "Answered" : "Archived"}</p>
            </Resolution>
            <Form method="post" className="mt-4">
              <Intent value="reopen" label="Mark as new" variant="secondary" busy={busy} />
            </Form>
          </>
        )}
      </Card>
    </div>
  );
}

function LinkChoice({ link, checked }: { link: InboxLinkRef; checked: boolean }) {
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

function DmcaView({ item, candidates, find, now }: { item: DmcaDetail; candidates: TitleWithLinks[]; find: string; now: number }) {
  const { busy, fieldError } = useResult();
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
              [
                "E-mail",
                <a key="e" href={`mailto:${item.email}`} className="break-all text-sky-300 underline underline-offset-2">
                  {item.email}
                </a>,
              ],
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
          <p className="mt-1 rounded-lg bg-white/4 p-3 text-sm whitespace-pre-wrap text-mist-100">{item.copyrightProof}</p>
          {item.message && (
            <>
              <h3 className="mt-4 text-sm font-semibold text-white">Message</h3>
              <p className="mt-1 rounded-lg bg-white/4 p-3 text-sm whitespace-pre-wrap text-mist-100">{item.message}</p>
            </>
          )}
        </Card>
        <Card
          title="What the notice names"
          action={
            active.length > 1 ? (
              <Form method="post">
                <input type="hidden" name="target" value="all" />
                <Intent value="reenable" label="Re-enable all" variant="secondary" busy={busy} />
              </Form>
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
                    <Form method="post">
                      <input type="hidden" name="target" value={t.id} />
                      <Button type="submit" name="intent" value="reenable" variant="secondary" size="sm" disabled={busy}>
                        Re-enable<span className="sr-only"> {t.link ? describeLink(t.link) : t.title?.title}</span>
                      </Button>
                    </Form>
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
              <FindTitles find={find} label="Find more catalogue titles" placeholder="Find a catalogue title…" />
              <Form method="post" className="space-y-3">
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
                {fieldError("targets") && (
                  <p className="text-sm text-red-300" role="alert">
                    {fieldError("targets")}
                  </p>
                )}
                <NoteField id="dmca-note" name="note" label="Note (optional)" />
                <Intent value="disable" label="Disable selected" variant="danger" busy={busy} />
              </Form>
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
            <Form method="post" className="space-y-3">
              <NoteField id="dmca-reject-note" name="note" label="Why it is rejected (optional)" />
              <Intent value="reject" label="Reject notice" variant="secondary" busy={busy} />
            </Form>
          ) : (
            (item.status === "rejected" || active.length === 0) && (
              <Form method="post" className="mt-4">
                <Intent value="reopen" label="Reopen notice" variant="secondary" busy={busy} />
              </Form>
            )
          )}
        </Card>
      </div>
    </div>
  );
}

export default function InboxItem({ loaderData }: Route.ComponentProps) {
  const { kind, item, find, candidates, unread, now } = loaderData;
  const location = useLocation();
  const { result } = useResult();
  const listSearch = new URLSearchParams(location.search);
  listSearch.delete("find");
  const back = `${inboxListHref(kind, {})}${listSearch.size ? `?${listSearch}` : ""}`;
  return (
    <>
      <InboxTabs current={kind} unread={unread} />
      <Link to={back} className="mb-3 inline-flex items-center gap-1.5 text-sm font-medium text-mist-300 hover:text-white">
        <ArrowLeftIcon size={16} /> Back to {INBOX_TAB_LABELS[kind]}
      </Link>
      <header className="mb-5 flex flex-wrap items-center gap-3">
        <h1 className="min-w-0 text-2xl font-bold tracking-tight break-words text-white">{headingOf(item)}</h1>
        <StatusBadge status={item.status} />
      </header>
      <div aria-live="polite">
        {result && (
          <p
            role={result.ok ? "status" : "alert"}
            className={`mb-5 rounded-lg px-4 py-3 text-sm ring-1 ${result.ok ? "bg-emerald-500/10 text-emerald-200 ring-emerald-500/30" : "bg-red-500/10 text-red-200 ring-red-500/30"}`}
          >
            {result.ok ? result.message : result.error}
          </p>
        )}
      </div>
      {item.kind === "requests" && <RequestView item={item} candidates={candidates} find={find} now={now} />}
      {item.kind === "reports" && <ReportView item={item} now={now} />}
      {item.kind === "contact" && <ContactView item={item} now={now} />}
      {item.kind === "dmca" && <DmcaView item={item} candidates={candidates} find={find} now={now} />}
    </>
  );
}
