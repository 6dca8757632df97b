import { useRef } from "react";
import { Form, useNavigation } from "react-router";
import { Button, Card, Field, PasswordInput } from "#app/components/admin/ui.tsx";
import { MIN_PASSWORD_LENGTH } from "#app/constants.ts";
import { MAX_PASSWORD_LENGTH } from "#app/modules/auth/schema.ts";
import { failureFor, FormMessage, resultFor, useOnSuccess, type ActionResult } from "./shared.tsx";

export const PASSWORD_CHANGED = "Password changed successfully!";
export const OTHER_SESSIONS_ENDED = "Your other sessions were signed out; this one stays signed in.";

export function sessionsLine(count: number): string {
  if (count <= 1) return "You are signed in in this browser only.";
  return `You are signed in in ${count} browsers or devices, this one included.`;
}

/** The spec's three fields and messages; the server checks them, so the same messages show without JavaScript. */
export function SecurityTab({ sessions, result }: { sessions: number; result: ActionResult | undefined }) {
  const navigation = useNavigation();
  const form = useRef<HTMLFormElement>(null);
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "password";
  const own = resultFor(result, "password");
  const failure = failureFor(result, "password");
  // The spec: on success the fields clear.
  useOnSuccess(result, "password", () => form.current?.reset());

  return (
    <div className="space-y-6">
      <Card title="Change password">
        {/* Checked by the server, which answers with the spec's messages. */}
        <Form method="post" ref={form} className="max-w-lg space-y-4" noValidate preventScrollReset>
          <input type="hidden" name="intent" value="password" />
          <Field label="Current password" error={failure?.fields.currentPassword}>
            {(props) => (
              <PasswordInput {...props} name="currentPassword" autoComplete="current-password" maxLength={MAX_PASSWORD_LENGTH * 4} />
            )}
          </Field>
          <Field
            label="New password"
            error={failure?.fields.newPassword}
            hint={`At least ${MIN_PASSWORD_LENGTH} characters. A long passphrase is best.`}
          >
            {(props) => <PasswordInput {...props} name="newPassword" autoComplete="new-password" maxLength={MAX_PASSWORD_LENGTH} />}
          </Field>
          <Field label="Confirm new password" error={failure?.fields.confirmPassword}>
            {(props) => <PasswordInput {...props} name="confirmPassword" autoComplete="new-password" maxLength={MAX_PASSWORD_LENGTH} />}
          </Field>
          <Button type="submit" disabled={busy}>
            {busy ? "Changing…" : "Change password"}
          </Button>
          {own?.ok && <FormMessage result={{ ...own, message: `${own.message} ${OTHER_SESSIONS_ENDED}` }} />}
        </Form>
      </Card>
      <Card title="Sessions">
        <p className="text-sm text-mist-300">
          {sessionsLine(sessions)} Changing your password signs out all the others. To end every session, this one included, use Sign out
          everywhere on the Account tab.
        </p>
      </Card>
    </div>
  );
}
