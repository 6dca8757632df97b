import { HiddenField, SelectField, TextArea, TextField } from "#app/components/forms/field.tsx";
import { FormCard, VisitorForm } from "#app/components/forms/visitor-form.tsx";
import { FormPage, HELP_LINKS, InfoPanel, RelatedPages } from "#app/components/forms/form-page.tsx";
import { BROKEN_REPORT_LINK_TYPES, BROKEN_REPORT_QUALITIES } from "#app/constants.ts";
import { getApp } from "#app/context.ts";
import { LIMITS } from "#app/modules/inbox/forms.ts";
import { brokenLinkSchema, REPORT_MESSAGES, reportReceived } from "#app/modules/inbox/reports/schema.ts";
import { findReportedLink, submitLinkReport } from "#app/modules/inbox/reports/submit.server.ts";
import { handleVisitorForm } from "#app/http/visitor-form.server.ts";
import { originOf, seoMeta } from "#app/utils/seo.ts";
import type { Route } from "./+types/broken-links";
import { parseId } from "#app/utils/ids.ts";
import { withActionHeaders } from "#app/utils/http-cache.ts";

export function meta({ matches }: Route.MetaArgs) {
  return seoMeta(originOf(matches), {
    title: "Report broken links",
    description: "Found a download link that no longer works? Tell us which one and we will fix it as soon as possible.",
    path: "/broken-links",
  });
}

/**
 * The form starts from what the address says: the title page's Report anchor
 * gives the content name and title, a link's page the exact link, whose title,
 * quality and provider fill the form.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = getApp(context);
  const query = new URL(request.url).searchParams;
  const text = (name: string, max: number) => (query.get(name) ?? "").slice(0, max);
  const pick = (name: string, options: readonly string[]) => {
    const value = query.get(name) ?? "";
    return options.includes(value) ? value : "";
  };
  const linkId = parseId(query.get("linkId"));
  const link = linkId === null ? null : await findReportedLink(db, linkId);
  const titleId = parseId(query.get("titleId"));
  const values: Record<string, string> = {
    contentName: text("contentName", LIMITS.title) || (link?.title ?? ""),
    seasonEpisode: text("seasonEpisode", LIMITS.seasonEpisode) || (link?.titleType === "tv" ? (link.fileTitle ?? link.season ?? "") : ""),
    quality: pick("quality", BROKEN_REPORT_QUALITIES) || (link?.quality ?? ""),
    linkType: pick("linkType", BROKEN_REPORT_LINK_TYPES) || (link?.linkType ?? ""),
  };
  if (link) values.linkId = String(link.linkId);
  else if (titleId !== null) values.titleId = String(titleId);
  return { values, link: link ? { label: link.label, title: link.title, fileTitle: link.fileTitle } : null };
}

export const headers = withActionHeaders;

export async function action({ request, context }: Route.ActionArgs) {
  const app = getApp(context);
  return handleVisitorForm(request, app, {
    form: "report",
    schema: brokenLinkSchema,
    success: REPORT_MESSAGES.success,
    failure: REPORT_MESSAGES.failure,
    submit: async (form, client, db) => ({
      event: (await submitLinkReport(db, form, client.hash)).event,
      received: reportReceived(form),
    }),
  });
}

export default function BrokenLinks({ loaderData }: Route.ComponentProps) {
  const { values, link } = loaderData;
  return (
    <FormPage
      title="Report broken links"
      lead="A download that stopped working? Tell us which title and which link, and we will replace it as soon as possible."
      aside={
        <>
          <InfoPanel heading="Before you report" icon="link">
            <p>Try another provider or quality on the same page: a mirror often still works.</p>
            <p>Google Drive may ask you to sign in before large downloads. That is not a broken link.</p>
          </InfoPanel>
          <RelatedPages links={[HELP_LINKS.howTo, HELP_LINKS.faq, HELP_LINKS.contact]} />
        </>
      }
    >
      <FormCard heading="Which link is broken?">
        <VisitorForm schema={brokenLinkSchema} initialValues={values} submitLabel="Submit report">
          {({ cleared }) => (
            <>
              {/* Once a report is sent, the next one starts blank: it is not about the page's link. */}
              {link && !cleared && (
                <p className="rounded-lg bg-white/5 px-4 py-3 text-sm text-mist-300 ring-1 ring-white/10">
                  Reporting the <strong className="text-white">{link.label}</strong> link of{" "}
                  <strong className="text-white">{link.title}</strong>
                  {link.fileTitle ? <> ({link.fileTitle})</> : null}.
                </p>
              )}
              {!cleared && <HiddenField name="linkId" value={values.linkId} />}
              {!cleared && <HiddenField name="titleId" value={values.titleId} />}
              <TextField name="contentName" label="Content name" required maxLength={LIMITS.title} placeholder="Movie or show title" />
              <TextField
                name="seasonEpisode"
                label="Season / episode"
                maxLength={LIMITS.seasonEpisode}
                placeholder="e.g. S02E05 (shows only)"
              />
              <div className="grid gap-5 sm:grid-cols-2">
                <SelectField name="quality" label="Quality" required options={BROKEN_REPORT_QUALITIES} placeholder="Select quality" />
                <SelectField name="linkType" label="Link type" required options={BROKEN_REPORT_LINK_TYPES} placeholder="Select link type" />
              </div>
              <TextArea
                name="additionalInfo"
                label="Additional information"
                maxLength={LIMITS.message}
                rows={4}
                placeholder="What happens when you open the link?"
              />
            </>
          )}
        </VisitorForm>
      </FormCard>
    </FormPage>
  );
}
