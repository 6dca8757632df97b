import { useRef } from "react";
import { Form, href, useNavigation } from "react-router";
import { Button, Card } from "#app/components/admin/ui.tsx";
import { FormState, PasswordField } from "#app/components/forms/field.tsx";
import { FormMessage, useOnSuccess } from "#app/components/forms/result.tsx";
import { MIN_PASSWORD_LENGTH } from "#app/constants.ts";
import { MAX_PASSWORD_LENGTH } from "#app/modules/auth/schema.ts";
import type { FormResult } from "#app/utils/submission.ts";

export const PASSWORD_CHANGED = "Password changed successfully!";
export const OTHER_SESSIONS_ENDED = "Your other sessions were signed out; this one stays signed in.";

export function sessionsLine(count: number): string {
  if (count <= 1) return "You are signed in in this browser only.";
  return `You are signed in in ${count} browsers or devices, this one included.`;
}

/** The spec's three fields and messages; the server checks them, so the same messages show without JavaScript. */
export function SecurityTab({ sessions, result }: { sessions: number; result: FormResult | undefined }) {
  const navigation = useNavigation();
  const form = useRef<HTMLFormElement>(null);
  const busy = navigation.state === "submitting" && navigation.formAction === href("/dashboard/settings/security");
  // The spec: on success the fields clear.
  useOnSuccess(result, () => form.current?.reset());

  return (
    <div className="space-y-6">
      <Card title="Change password">
        <FormState result={result} density="compact">
          {/* Checked by the server, which answers with the spec's messages. */}
          <Form method="post" ref={form} className="max-w-lg space-y-4" noValidate preventScrollReset>
            <PasswordField
              name="currentPassword"
              label="Current password"
              autoComplete="current-password"
              maxLength={MAX_PASSWORD_LENGTH * 4}
            />
            <PasswordField
              name="newPassword"
              label="New password"
              hint={`At least ${MIN_PASSWORD_LENGTH} characters. A long passphrase is best.`}
              autoComplete="new-password"
              maxLength={MAX_PASSWORD_LENGTH}
            />
            <PasswordField
              name="confirmPassword"
              label="Confirm new password"
              autoComplete="new-password"
              maxLength={MAX_PASSWORD_LENGTH}
            />
            <Button type="submit" disabled={busy}>
              {busy ? "Changing…" : "Change password"}
            </Button>
            {result?.ok && <FormMessage result={{ ...result, message: `${result.message} ${OTHER_SESSIONS_ENDED}` }} />}
          </Form>
        </FormState>
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
