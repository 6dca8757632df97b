import { Form, href, useNavigation } from "react-router";
import { Button, Card } from "#app/components/admin/ui.tsx";
import { Field, inputClass as kitInputClass } from "#app/components/forms/field.tsx";
import { FormMessage } from "#app/components/forms/result.tsx";
import { DELAY_ERROR_PATH, DELAY_SECONDS_FIELD, siteSettingsValues } from "#app/modules/settings/form.ts";
import { BANNER_DELAY_RANGE_S, BANNER_TEXT_MAX, MIDDLEMAN_COUNTDOWN_RANGE_S, type Settings } from "#app/modules/settings/schema.ts";
import { BANNERS, type BannerId } from "#app/modules/site/banners.ts";
import type { FormResult } from "#app/utils/submission.ts";
import { Switch } from "./shared.tsx";

const inputClass = kitInputClass("compact");

export const SITE_SETTINGS_SAVED = "Site settings saved!";
export const NO_SETTINGS_CHANGED = "Nothing to save: no setting was changed.";

const SOCIAL = [
  { key: "facebook", label: "Facebook" },
  { key: "x", label: "X" },
  { key: "instagram", label: "Instagram" },
  { key: "telegram", label: "Telegram" },
] as const;

const BANNER_LABELS: Record<BannerId, string> = {
  vpn: "No VPN",
  "download-button": "Click the download button",
  report: "Report broken links",
  queries: "Comment your queries",
};

/** What visitors see: changes show on the public site with the next page load. Administrators only. */
export function SiteTab({ settings, result }: { settings: Settings; result: FormResult | undefined }) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formAction === href("/dashboard/settings/site");
  const failure = result && !result.ok ? result : undefined;
  // Refused values stay as typed; otherwise the form shows what is stored.
  const values = failure?.values ?? siteSettingsValues(settings);
  const error = (path: string) => failure?.fields[path];
  const text = (name: string) => values[name] ?? "";

  return (
    <Form method="post" className="space-y-6" preventScrollReset>
      <p className="text-sm text-mist-300">These settings change the public site for every visitor as soon as they are saved.</p>
      {failure && <FormMessage result={failure} />}

      <Card title="Site">
        <Field label="Site name" errors={error("siteName")} hint="Shown in the site's header and in the footer's copyright line.">
          {(props) => (
            <input
              {...props}
              name="siteName"
              required
              maxLength={60}
              defaultValue={text("siteName")}
              className={`${inputClass} max-w-md`}
            />
          )}
        </Field>
      </Card>

      <Card title="Links">
        <div className="grid gap-4 sm:grid-cols-2">
          {SOCIAL.map(({ key, label }) => (
            <Field key={key} label={`${label} page`} errors={error(`socialLinks.${key}`)}>
              {(props) => (
                <input
                  {...props}
                  name={`socialLinks.${key}`}
                  type="url"
                  inputMode="url"
                  required
                  defaultValue={text(`socialLinks.${key}`)}
                  className={inputClass}
                />
              )}
            </Field>
          ))}
        </div>
        <Field
          className="mt-4"
          label="Telegram group"
          errors={error("telegramGroupUrl")}
          hint="Offered on the download link pages and the mediator page. The four pages above are the footer's social icons."
        >
          {(props) => (
            <input
              {...props}
              name="telegramGroupUrl"
              type="url"
              inputMode="url"
              required
              defaultValue={text("telegramGroupUrl")}
              className={inputClass}
            />
          )}
        </Field>
        <Field className="mt-4" label="Support e-mail" errors={error("supportEmail")} hint="Given on the contact page.">
          {(props) => (
            <input
              {...props}
              name="supportEmail"
              type="email"
              required
              maxLength={320}
              defaultValue={text("supportEmail")}
              className={`${inputClass} max-w-md`}
            />
          )}
        </Field>
      </Card>

      <Card title="Notice banners">
        <p className="text-sm text-mist-300">
          The notices at the top of every public page. Visitors can dismiss each one; a notice switched off here is not shown at all.
        </p>
        <ul className="mt-2 divide-y divide-white/8">
          {BANNERS.map((banner) => (
            <li key={banner.id} className="py-3">
              <Switch
                name={`banners.${banner.id}.enabled`}
                label={`Show the “${BANNER_LABELS[banner.id]}” notice`}
                defaultChecked={values[`banners.${banner.id}.enabled`] === "on"}
              />
              <Field
                label={`“${BANNER_LABELS[banner.id]}” notice text`}
                errors={error(`banners.${banner.id}.text`)}
                hint={"link" in banner ? `Followed by the link “${banner.link.label}”.` : undefined}
              >
                {(props) => (
                  <textarea
                    {...props}
                    name={`banners.${banner.id}.text`}
                    rows={2}
                    required
                    maxLength={BANNER_TEXT_MAX}
                    defaultValue={text(`banners.${banner.id}.text`)}
                    className={inputClass}
                  />
                )}
              </Field>
            </li>
          ))}
        </ul>
        <div className="mt-2 border-t border-white/8 pt-2">
          <Switch
            name="bannerAutoClose.enabled"
            label="Close the notices automatically"
            description="They disappear after the delay below, for that page visit."
            defaultChecked={values["bannerAutoClose.enabled"] === "on"}
          />
          <Field
            label="Delay (seconds)"
            errors={error(DELAY_ERROR_PATH)}
            hint={`From ${BANNER_DELAY_RANGE_S.min} to ${BANNER_DELAY_RANGE_S.max} seconds.`}
          >
            {(props) => (
              <input
                {...props}
                name={DELAY_SECONDS_FIELD}
                type="number"
                inputMode="numeric"
                min={BANNER_DELAY_RANGE_S.min}
                max={BANNER_DELAY_RANGE_S.max}
                step={1}
                required
                defaultValue={text(DELAY_SECONDS_FIELD)}
                className={`${inputClass} max-w-32`}
              />
            )}
          </Field>
        </div>
      </Card>

      <Card title="Mediator page">
        <Field
          label="Countdown (seconds)"
          errors={error("middlemanCountdownSeconds")}
          hint={`How long visitors wait before the Continue to download button; ${MIDDLEMAN_COUNTDOWN_RANGE_S.min} skips the wait, at most ${MIDDLEMAN_COUNTDOWN_RANGE_S.max}.`}
        >
          {(props) => (
            <input
              {...props}
              name="middlemanCountdownSeconds"
              type="number"
              inputMode="numeric"
              min={MIDDLEMAN_COUNTDOWN_RANGE_S.min}
              max={MIDDLEMAN_COUNTDOWN_RANGE_S.max}
              step={1}
              required
              defaultValue={text("middlemanCountdownSeconds")}
              className={`${inputClass} max-w-32`}
            />
          )}
        </Field>
      </Card>

      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" disabled={busy}>
          {busy ? "Saving…" : "Save site settings"}
        </Button>
        {result?.ok && <FormMessage result={result} />}
      </div>
    </Form>
  );
}
