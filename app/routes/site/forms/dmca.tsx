import { CheckboxField, SelectField, TextArea, TextField } from "#app/components/forms/field.tsx";
import { FormCard, VisitorForm } from "#app/components/forms/visitor-form.tsx";
import { FormPage, HELP_LINKS, InfoPanel, RelatedPages } from "#app/components/forms/form-page.tsx";
import { DMCA_CONTENT_TYPES, RESPONSE_TIMES } from "#app/constants.ts";
import { getApp } from "#app/context.ts";
import { DMCA_MESSAGES, dmcaReceived, dmcaSchema } from "#app/modules/inbox/dmca/schema.ts";
import { submitDmcaNotice } from "#app/modules/inbox/dmca/submit.server.ts";
import { LIMITS } from "#app/modules/inbox/forms.ts";
import { handleVisitorForm } from "#app/http/visitor-form.server.ts";
import { originOf, seoMeta } from "#app/utils/seo.ts";
import type { Route } from "./+types/dmca";
import { withActionHeaders } from "#app/utils/http-cache.ts";

export function meta({ matches }: Route.MetaArgs) {
  return seoMeta(originOf(matches), {
    title: "DMCA takedown request",
    description: `Rights holders can ask for links to their work to be removed. We answer takedown notices within ${RESPONSE_TIMES.dmca}.`,
    path: "/dmca",
  });
}

export const headers = withActionHeaders;

export async function action({ request, context }: Route.ActionArgs) {
  const app = getApp(context);
  return handleVisitorForm(request, app, {
    form: "dmca",
    schema: dmcaSchema,
    success: DMCA_MESSAGES.success,
    failure: DMCA_MESSAGES.failure,
    submit: async (form, client, db) => ({
      event: (await submitDmcaNotice(db, form, { hash: client.hash, siteOrigins: [app.publicUrl, new URL(request.url).origin] })).event,
      received: dmcaReceived(form),
    }),
  });
}

export default function Dmca() {
  return (
    <FormPage
      title="DMCA takedown request"
      lead="Cinedex stores no files: it lists links to files that third parties host. If a link on this site points to a copy of your work, send us a notice and we will disable it."
      aside={
        <>
          <InfoPanel heading="How notices are handled" icon="shield">
            <p>
              We answer within <strong className="text-white">{RESPONSE_TIMES.dmca}</strong>.
            </p>
            <p>Give the address of the title or link page on Cinedex: the links it names are disabled as soon as the notice is accepted.</p>
          </InfoPanel>
          <RelatedPages links={[HELP_LINKS.disclaimer, HELP_LINKS.about, HELP_LINKS.contact]} />
        </>
      }
    >
      <FormCard heading="File a notice">
        <VisitorForm schema={dmcaSchema} submitLabel="Submit DMCA request">
          <div className="grid gap-5 sm:grid-cols-2">
            <TextField name="name" label="Full name" required maxLength={LIMITS.name} autoComplete="name" />
            <TextField name="email" label="Email" type="email" required maxLength={LIMITS.email} autoComplete="email" inputMode="email" />
          </div>
          <div className="grid gap-5 sm:grid-cols-[minmax(0,1fr)_12rem]">
            <TextField
              name="contentUrl"
              label="URL of the content"
              type="url"
              required
              maxLength={LIMITS.url}
              inputMode="url"
              placeholder="https://…"
              hint="The Cinedex page that lists the content."
            />
            <SelectField name="contentType" label="Content type" options={DMCA_CONTENT_TYPES} placeholder="Select type" />
          </div>
          <TextArea
            name="copyrightProof"
            label="Proof of copyright"
            required
            maxLength={LIMITS.message}
            rows={4}
            placeholder="Describe the work and how you hold its rights (registration numbers, links to the original)"
          />
          <TextArea name="message" label="Additional message" maxLength={LIMITS.message} rows={3} />
          <CheckboxField name="declaration" required>
            I declare, under penalty of perjury, that the information in this notice is accurate and that I am the owner of the copyright,
            or authorised to act on the owner’s behalf. <span className="text-accent-300">*</span>
          </CheckboxField>
        </VisitorForm>
      </FormCard>
    </FormPage>
  );
}
