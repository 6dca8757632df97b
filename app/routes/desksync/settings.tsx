import { Form, useActionData, useNavigation } from "react-router";
import { Button, Card, PageHeader } from "#app/components/admin/ui.tsx";
import { ErrorList, Field, FormState, inputClass, useFormState } from "#app/components/forms/field.tsx";
import { FormMessage, useResultToast } from "#app/components/forms/result.tsx";
import { getApp } from "#app/context.ts";
import { getGoogleSession } from "#app/modules/desksync/guard.server.ts";
import { DRIVE_THEMES, driveSettingsFormSchema, SETTINGS_SAVED, SIGN_IN_AGAIN, type DriveSettings } from "#app/modules/desksync/schema.ts";
import { saveDriveSettings } from "#app/modules/desksync/sessions.server.ts";
import { failure, handleSubmission } from "#app/utils/submission.server.ts";
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

const THEME_LABELS: Record<DriveSettings["theme"], string> = { dark: "Dark", light: "Light", system: "System" };

const TOGGLES = [
  ["emailNotifications", "E-mail notifications"],
  ["uploadNotifications", "File upload notifications"],
  ["shareNotifications", "Share activity notifications"],
] as const;

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

/**
 * Required in the browser as before, but labelled "Username" alone, as the spec's form
 * is (TextField's `required` adds a visible asterisk to the label).
 */
function Username() {
  const { errors, values, density } = useFormState();
  return (
    <Field label="Username" errors={errors.username}>
      {(control) => (
        <input {...control} name="username" defaultValue={values.username} maxLength={60} required className={inputClass(density)} />
      )}
    </Field>
  );
}

function ReadOnlyEmail({ value, ...control }: { id: string; value: string; "aria-describedby"?: string }) {
  const { density } = useFormState();
  return <input {...control} value={value} readOnly className={inputClass(density)} />;
}

function ThemeChoice() {
  const { errors, values } = useFormState();
  return (
    <fieldset aria-describedby={errors.theme?.length ? "theme-error" : undefined}>
      <legend className="mb-2 text-sm font-medium text-mist-100">Theme</legend>
      <div className="flex gap-4">
        {DRIVE_THEMES.map((t) => (
          <label key={t} className="flex items-center gap-2 text-sm">
            <input type="radio" name="theme" value={t} defaultChecked={values.theme === t} />
            {THEME_LABELS[t]}
          </label>
        ))}
      </div>
      <ErrorList id="theme-error" errors={errors.theme} />
    </fieldset>
  );
}

/** The three notification switches; a refused post keeps what was ticked. */
function Toggles({ settings }: { settings: DriveSettings }) {
  const { values, refused } = useFormState();
  return (
    <div className="space-y-3">
      {TOGGLES.map(([name, label]) => (
        <label key={name} className="flex items-center justify-between gap-3 text-sm">
          {label}
          <input
            type="checkbox"
            role="switch"
            name={name}
            defaultChecked={refused ? values[name] === "on" : settings[name]}
            className="h-5 w-5"
          />
        </label>
      ))}
    </div>
  );
}
