import { Form, href, useNavigation } from "react-router";
import { Button, Card } from "#app/components/admin/ui.tsx";
import type { Preferences } from "#app/modules/auth/schema.ts";
import { FormMessage } from "#app/components/forms/result.tsx";
import type { FormResult } from "#app/utils/submission.ts";
import { Switch } from "./shared.tsx";

export const NOTIFICATIONS_SAVED = "Notification preferences saved!";

/** E-mail and in-app on, marketing off, until the admin changes them (docs/product/spec.md section 4). */
export function NotificationsTab({
  notifications,
  result,
}: {
  notifications: Preferences["notifications"];
  result: FormResult | undefined;
}) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formAction === href("/dashboard/settings/notifications");
  return (
    <Card title="Notifications">
      <Form method="post" preventScrollReset>
        <fieldset>
          <legend className="text-sm text-mist-300">Which notifications you want to receive.</legend>
          <div className="mt-2 divide-y divide-white/8">
            <Switch
              name="email"
              label="E-mail notifications"
              description="Messages about your account and the site, by e-mail."
              defaultChecked={notifications.email}
            />
            <Switch
              name="inApp"
              label="In-app notifications"
              description="Notices inside this admin panel."
              defaultChecked={notifications.inApp}
            />
            <Switch
              name="marketing"
              label="Marketing e-mails"
              description="News about features and updates."
              defaultChecked={notifications.marketing}
            />
          </div>
        </fieldset>
        <div className="mt-4 flex flex-wrap items-center gap-3">
          <Button type="submit" disabled={busy}>
            {busy ? "Saving…" : "Save preferences"}
          </Button>
        </div>
        {result && (
          <div className="mt-4">
            <FormMessage result={result} />
          </div>
        )}
      </Form>
    </Card>
  );
}
