import { TextArea, TextField } from "#app/components/forms/field.tsx";
import { FormCard, VisitorForm } from "#app/components/forms/visitor-form.tsx";
import { FormPage, HELP_LINKS, InfoPanel, RelatedPages, SocialLinks, useSupportEmail } from "#app/components/forms/form-page.tsx";
import { RESPONSE_TIMES } from "#app/constants.ts";
import { getApp } from "#app/context.ts";
import { CONTACT_MESSAGES, contactReceived, contactSchema } from "#app/modules/inbox/contact/schema.ts";
import { submitContactMessage } from "#app/modules/inbox/contact/submit.server.ts";
import { LIMITS } from "#app/modules/inbox/forms.ts";
import { handleVisitorForm } from "#app/http/visitor-form.server.ts";
import { originOf, seoMeta } from "#app/utils/seo.ts";
import type { Route } from "./+types/contact-us";
import { withActionHeaders } from "#app/utils/http-cache.ts";

export function meta({ matches }: Route.MetaArgs) {
  return seoMeta(originOf(matches), {
    title: "Contact us",
    description: `Questions, feedback or a problem with Cinedex? Send us a message: we reply within ${RESPONSE_TIMES.contact}.`,
    path: "/contact-us",
  });
}

export const headers = withActionHeaders;

export async function action({ request, context }: Route.ActionArgs) {
  const app = getApp(context);
  return handleVisitorForm(request, app, {
    form: "contact",
    schema: contactSchema,
    success: CONTACT_MESSAGES.success,
    failure: CONTACT_MESSAGES.failure,
    submit: async (form, client, db) => ({
      event: await submitContactMessage(db, form, client.hash),
      received: contactReceived(form),
    }),
  });
}

export default function ContactUs() {
  const supportEmail = useSupportEmail();
  return (
    <FormPage
      title="Contact us"
      lead="Questions, feedback, or something on the site not working as it should? Write to us and a person will answer."
      aside={
        <>
          <InfoPanel heading="Get in touch" icon="chat">
            {supportEmail && (
              <p>
                Support e-mail:{" "}
                <a
                  href={`mailto:${supportEmail}`}
                  className="font-semibold break-all text-accent-300 underline underline-offset-2 hover:text-accent-400"
                >
                  {supportEmail}
                </a>
              </p>
            )}
            <p>
              Response time: <strong className="text-white">{RESPONSE_TIMES.contact}</strong>
            </p>
            <div className="pt-2">
              <SocialLinks />
            </div>
          </InfoPanel>
          <RelatedPages links={[HELP_LINKS.faq, HELP_LINKS.broken, HELP_LINKS.request, HELP_LINKS.dmca]} />
        </>
      }
    >
      <FormCard heading="Send us a message">
        <VisitorForm schema={contactSchema} submitLabel="Send message">
          <div className="grid gap-5 sm:grid-cols-2">
            <TextField name="name" label="Name" required maxLength={LIMITS.name} autoComplete="name" />
            <TextField name="email" label="Email" type="email" required maxLength={LIMITS.email} autoComplete="email" inputMode="email" />
          </div>
          <TextField name="subject" label="Subject" maxLength={LIMITS.subject} />
          <TextArea name="message" label="Message" required maxLength={LIMITS.message} rows={6} />
        </VisitorForm>
      </FormCard>
    </FormPage>
  );
}
