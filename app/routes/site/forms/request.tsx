import { SelectField, TextArea, TextField } from "#app/components/forms/field.tsx";
import { FormCard, VisitorForm } from "#app/components/forms/visitor-form.tsx";
import { FormPage, HELP_LINKS, InfoPanel, RelatedPages } from "#app/components/forms/form-page.tsx";
import { REQUEST_CONTENT_TYPES, RESPONSE_TIMES } from "#app/constants.ts";
import { getApp } from "#app/context.ts";
import { LIMITS } from "#app/modules/inbox/forms.ts";
import { askedCountMessage, REQUEST_MESSAGES, requestReceived, requestSchema } from "#app/modules/inbox/requests/schema.ts";
import { submitContentRequest } from "#app/modules/inbox/requests/submit.server.ts";
import { handleVisitorForm } from "#app/http/visitor-form.server.ts";
import { originOf, seoMeta } from "#app/utils/seo.ts";
import type { Route } from "./+types/request";
import { withActionHeaders } from "#app/utils/http-cache.ts";

export function meta({ matches }: Route.MetaArgs) {
  return seoMeta(originOf(matches), {
    title: "Request content",
    description: `Missing a movie, series, anime or documentary on Cinedex? Request it: requests are reviewed within ${RESPONSE_TIMES.request}.`,
    path: "/request",
  });
}

export const headers = withActionHeaders;

export async function action({ request, context }: Route.ActionArgs) {
  const app = getApp(context);
  return handleVisitorForm(request, app, {
    form: "request",
    schema: requestSchema,
    success: REQUEST_MESSAGES.success,
    failure: REQUEST_MESSAGES.failure,
    submit: async (form, client, db) => {
      const { event, ...asked } = await submitContentRequest(db, form, client.hash);
      return { event, received: requestReceived(form), detail: askedCountMessage(asked) };
    },
  });
}

export default function RequestContent() {
  return (
    <FormPage
      title="Request content"
      lead="Can’t find a movie or show? Tell us what you are looking for. Requests for the same title are counted together, so the most wanted ones come first."
      aside={
        <>
          <InfoPanel heading="What happens next" icon="plus">
            <p>
              We review requests within <strong className="text-white">{RESPONSE_TIMES.request}</strong>.
            </p>
            <p>An IMDb link helps us find the exact title. When it is added, it appears on the home page and in search.</p>
          </InfoPanel>
          <RelatedPages links={[HELP_LINKS.faq, HELP_LINKS.broken, HELP_LINKS.contact]} />
        </>
      }
    >
      <FormCard heading="What would you like to watch?">
        <VisitorForm schema={requestSchema} submitLabel="Submit request">
          <div className="grid gap-5 sm:grid-cols-[12rem_minmax(0,1fr)_8rem]">
            <SelectField name="type" label="Type" required options={REQUEST_CONTENT_TYPES} placeholder="Select type" />
            <TextField name="movieSeriesName" label="Title" required maxLength={LIMITS.title} />
            <TextField
              name="year"
              label="Year"
              maxLength={LIMITS.year}
              minLength={4}
              pattern="\d{4}"
              inputMode="numeric"
              placeholder="2024"
            />
          </div>
          <div className="grid gap-5 sm:grid-cols-2">
            <TextField name="name" label="Your name" maxLength={LIMITS.name} autoComplete="name" hint="Optional." />
            <TextField
              name="email"
              label="Your email"
              type="email"
              maxLength={LIMITS.email}
              autoComplete="email"
              inputMode="email"
              hint="Optional: only if you want a reply when the title is added."
            />
          </div>
          <TextField
            name="imdbUrl"
            label="IMDb link"
            type="url"
            maxLength={LIMITS.url}
            inputMode="url"
            placeholder="https://www.imdb.com/title/tt0000000/"
            hint="Optional: the title’s page on imdb.com."
          />
          <TextArea
            name="message"
            label="Message"
            maxLength={LIMITS.message}
            rows={4}
            placeholder="Language, quality or anything else we should know"
          />
        </VisitorForm>
      </FormCard>
    </FormPage>
  );
}
