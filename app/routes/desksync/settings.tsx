import { Form, useActionData, useNavigation } from "react-router";
import { Username, ReadOnlyEmail, ThemeChoice, Toggles } from "#app/components/desksync/settings-fields.tsx";
import { Button, Card, PageHeader } from "#app/components/admin/ui.tsx";
import { Field, FormState } from "#app/components/forms/field.tsx";
import { FormMessage, useResultToast } from "#app/components/forms/result.tsx";
import { getApp } from "#app/context.ts";
import { getGoogleSession } from "#app/http/desksync-guard.server.ts";
import { driveSettingsFormSchema, SETTINGS_SAVED, SIGN_IN_AGAIN, type DriveSettings } from "#app/modules/desksync/schema.ts";
import { saveDriveSettings } from "#app/modules/desksync/sessions.server.ts";
import { failure, handleSubmission } from "#app/http/form.server.ts";
import type { FormSuccess, SubmittedValues } from "#app/utils/submission.ts";
import type { Route } from "./+types/settings";

/** The Settings view and its one form (docs/product/spec.md "Drive screens"). Google keeps the password, so there is none here. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const session = await getGoogleSession(request, context);
  if (!session) return null;
  return { email: session.account.email, settings: session.account.settings };
}

export async function action({ request, context }: Route.ActionArgs) {
  const app = getApp(context);
  const session = await getGoogleSession(request, context);
  if (!app.google || !session) return failure(401, SIGN_IN_AGAIN);
  return handleSubmission(request, driveSettingsFormSchema, async (settings): Promise<FormSuccess> => {
    await saveDriveSettings(app.db, session.account.id, settings);
    return { ok: true, message: SETTINGS_SAVED };
  });
}

/** The stored settings as the form's text values; the toggles start from `defaultChecked` (a refused post sends only the ticked ones). */
function formValuesOf(settings: DriveSettings): SubmittedValues {
  return { username: settings.username, theme: settings.theme };
}

export default function Settings({ loaderData }: Route.ComponentProps) {
  const result = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  useResultToast(result);
  if (!loaderData) return null;
  return (
    <>
      <PageHeader title="Settings" />
      <FormState result={result} initialValues={formValuesOf(loaderData.settings)} density="compact">
        <Form method="post" className="max-w-xl space-y-5" preventScrollReset>
          <Card title="Profile">
            <div className="space-y-4">
              <Username />
              <Field label="E-mail">{(control) => <ReadOnlyEmail {...control} value={loaderData.email} />}</Field>
              <p className="text-sm text-mist-400">Your password is managed by Google, so there is no password to change here.</p>
            </div>
          </Card>
          <Card title="Appearance">
            <ThemeChoice />
          </Card>
          <Card title="Notifications">
            <Toggles settings={loaderData.settings} />
          </Card>
          {/* Failures only: success is the toast, and a second copy of its text would only repeat it. */}
          {result && !result.ok && <FormMessage result={result} />}
          <Button type="submit" disabled={busy}>
            Save settings
          </Button>
        </Form>
      </FormState>
    </>
  );
}
