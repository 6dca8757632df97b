import { Form, href, useActionData, useFetcher, useNavigation } from "react-router";
import { Button, Card } from "#app/components/admin/ui.tsx";
import { Field, inputClass as kitInputClass } from "#app/components/forms/field.tsx";
import { MAX_URL_LENGTH } from "#app/constants.ts";
import { FormMessage, useResultToast } from "#app/components/forms/result.tsx";
import { INBOX_KINDS } from "#app/modules/inbox/events.ts";
import { INBOX_ITEM_NAMES, NOTIFY_EVENT_LABELS, notifySettingsValues, type NotifySettings } from "#app/modules/inbox/notify-settings.ts";
import type { FormResult } from "#app/utils/submission.ts";
import { Switch } from "./shared.tsx";

const inputClass = kitInputClass("compact");
const SAVE_PATH = href("/dashboard/settings/operator");
const TEST_PATH = href("/dashboard/settings/operator/test");

export const OPERATOR_NOTIFICATIONS_SAVED = "Operator notifications saved!";
export const OPERATOR_NOTIFICATIONS_UNCHANGED = "Nothing to save: no notification setting was changed.";

export interface OperatorNotificationsData {
  settings: NotifySettings;
  /** Where mail goes (no credentials); null without SMTP_URL. */
  smtp: { host: string; port: number; secure: boolean; from: string } | null;
  lastFailure: { at: string; channel: "email" | "webhook"; kind: keyof typeof INBOX_ITEM_NAMES; id: number; reason: string } | null;
  timeoutSeconds: number;
}

/** "2026-11-22 06:40 UTC": the same text on the server and in the browser. */
function formatInstant(iso: string): string {
  return `${iso.slice(0, 16).replace("T", " ")} UTC`;
}

/** Who hears of new inbox submissions, and how. Administrators only. */
export function OperatorNotificationsTab({
  data,
  saved,
  tested,
}: {
  data: OperatorNotificationsData;
  /** The answer of the save, or of the test, when this page shows one. */
  saved: FormResult | undefined;
  tested: FormResult | undefined;
}) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" ? navigation.formAction : null;
  const failure = saved && !saved.ok ? saved : undefined;
  // With JavaScript the test posts without leaving the page (what is typed above stays); without, ./test shows its answer.
  const test = useFetcher<FormResult>({ key: "operator-test" });
  useResultToast(test.data);
  const testResult = test.data ?? tested;
  const values = failure?.values ?? notifySettingsValues(data.settings);
  const error = (path: string) => failure?.fields[path];
  const { smtp, lastFailure } = data;

  return (
    <div className="space-y-6">
      <Form method="post" action={SAVE_PATH} className="space-y-6" preventScrollReset>
        <p className="text-sm text-mist-300">
          Tell the site’s operators about new visitor submissions, by e-mail, a webhook or both. A delivery that fails never loses a
          submission: it is in the inbox either way.
        </p>
        {failure && <FormMessage result={failure} />}

        <Card title="E-mail">
          {smtp ? (
            <p className="mb-4 text-sm text-mist-300">
              <span className="font-medium text-emerald-300">SMTP is configured.</span> Mail goes through {smtp.host}:{smtp.port}
              {smtp.secure ? " over TLS" : " (encrypted with STARTTLS when the server offers it)"}, from {smtp.from}.
            </p>
          ) : (
            <div className="mb-4 rounded-lg border border-amber-400/30 bg-amber-500/10 px-4 py-3 text-sm text-amber-100">
              <p className="font-medium">E-mail is off: SMTP_URL is not set.</p>
              <p className="mt-1">
                To enable it, set <code className="rounded bg-black/30 px-1">SMTP_URL</code> (for example{" "}
                <code className="rounded bg-black/30 px-1 break-all">smtps://user:password@mail.example:465</code>) and, if you like,{" "}
                <code className="rounded bg-black/30 px-1">SMTP_FROM</code> in the server’s environment, then restart the server. The
                webhook works without it.
              </p>
            </div>
          )}
          <Field label="Recipients" errors={error("recipients")} hint="E-mail addresses, separated by commas or new lines (at most 10).">
            {(props) => (
              <textarea
                {...props}
                name="recipients"
                rows={2}
                maxLength={MAX_URL_LENGTH}
                autoComplete="off"
                spellCheck={false}
                placeholder="ops@example.com"
                defaultValue={values.recipients ?? ""}
                className={inputClass}
              />
            )}
          </Field>
        </Card>

        <Card title="Webhook">
          <Field
            label="Webhook address"
            errors={error("webhookUrl")}
            hint={`Receives a JSON POST per notification: kind, id, summary, fields, at and adminUrl, plus text and content lines that Slack-, Mattermost- and Discord-style webhooks show. Redirects are not followed; no answer within ${data.timeoutSeconds} s counts as a failure. Leave empty for none.`}
          >
            {(props) => (
              <input
                {...props}
                name="webhookUrl"
                type="url"
                inputMode="url"
                maxLength={MAX_URL_LENGTH}
                autoComplete="off"
                spellCheck={false}
                placeholder="https://hooks.example.com/…"
                defaultValue={values.webhookUrl ?? ""}
                className={inputClass}
              />
            )}
          </Field>
        </Card>

        <Card title="Events">
          <fieldset>
            <legend className="text-sm text-mist-300">Which new submissions notify the operators.</legend>
            <div className="mt-2 divide-y divide-white/8">
              {INBOX_KINDS.map((kind) => (
                <Switch
                  key={kind}
                  name={`events.${kind}`}
                  label={NOTIFY_EVENT_LABELS[kind].label}
                  description={NOTIFY_EVENT_LABELS[kind].description}
                  defaultChecked={values[`events.${kind}`] === "on"}
                />
              ))}
            </div>
          </fieldset>
        </Card>

        <div className="flex flex-wrap items-center gap-3">
          <Button type="submit" disabled={busy === SAVE_PATH}>
            {busy === SAVE_PATH ? "Saving…" : "Save notification settings"}
          </Button>
          {saved?.ok && <FormMessage result={saved} />}
        </div>
      </Form>

      <Card title="Check delivery">
        <test.Form method="post" action={TEST_PATH} preventScrollReset className="flex flex-wrap items-center gap-3">
          <Button type="submit" variant="secondary" disabled={test.state !== "idle"}>
            {test.state !== "idle" ? "Sending…" : "Send test notification"}
          </Button>
          <p className="text-sm text-mist-400">Sends a sample to the saved recipients and webhook, and tells you here how it went.</p>
        </test.Form>
        {testResult && (
          <div className="mt-4 break-words">
            <FormMessage result={testResult} />
          </div>
        )}
        <div className="mt-4 border-t border-white/8 pt-4 text-sm">
          <h3 className="font-medium text-white">Last delivery failure</h3>
          {lastFailure ? (
            <p className="mt-1 break-words text-mist-300">
              <time dateTime={lastFailure.at}>{formatInstant(lastFailure.at)}</time> · {INBOX_ITEM_NAMES[lastFailure.kind]} #
              {lastFailure.id}: {lastFailure.reason}
            </p>
          ) : (
            <p className="mt-1 text-mist-400">None recorded.</p>
          )}
        </div>
      </Card>
    </div>
  );
}

/** The tab as its routes show it; its "Send test notification" posts to ./operator/test, which shows this tab with that answer. */
export function OperatorScreen({ data, form }: { data: OperatorNotificationsData; form: "save" | "test" }) {
  const result = useActionData<FormResult>();
  useResultToast(result);
  return (
    <OperatorNotificationsTab data={data} saved={form === "save" ? result : undefined} tested={form === "test" ? result : undefined} />
  );
}
