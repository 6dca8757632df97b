import { z } from "#app/utils/zod.ts";
import { BANNERS } from "#app/modules/site/banners.ts";
import type { Settings } from "./schema.ts";

/**
 * The site-settings form posts flat fields named after the settings' paths
 * ("socialLinks.facebook", "banners.vpn.text"), so a field error's path is the
 * input's name. The one exception: the auto-close delay is typed in seconds
 * ("bannerAutoClose.delaySeconds") and stored in milliseconds.
 */
export type SiteSettingsValues = Record<string, string>;

export const DELAY_SECONDS_FIELD = "bannerAutoClose.delaySeconds";
export const DELAY_ERROR_PATH = "bannerAutoClose.delayMs";

const SOCIAL_KEYS = ["facebook", "x", "instagram", "telegram"] as const;
const CHECKED = "on";

/** The form's fields filled from the stored settings. */
export function siteSettingsValues(settings: Settings): SiteSettingsValues {
  const values: SiteSettingsValues = {
    siteName: settings.siteName,
    telegramGroupUrl: settings.telegramGroupUrl,
    supportEmail: settings.supportEmail,
    [DELAY_SECONDS_FIELD]: String(settings.bannerAutoClose.delayMs / 1000),
    middlemanCountdownSeconds: String(settings.middlemanCountdownSeconds),
  };
  for (const key of SOCIAL_KEYS) values[`socialLinks.${key}`] = settings.socialLinks[key];
  for (const { id } of BANNERS) {
    values[`banners.${id}.text`] = settings.banners[id].text;
    if (settings.banners[id].enabled) values[`banners.${id}.enabled`] = CHECKED;
  }
  if (settings.bannerAutoClose.enabled) values["bannerAutoClose.enabled"] = CHECKED;
  return values;
}

/**
 * A settings screen's form as posted: flat text fields named after the settings'
 * paths (a field sent twice, a file or a nested JSON value is refused). The
 * settings' own schema checks the values afterwards, with its messages per path.
 */
export const flatFieldsSchema = z.record(z.string().max(100), z.string());

/** The site-settings form: its fields as the settings patch they ask for. */
export const siteSettingsFormSchema = flatFieldsSchema.transform(siteSettingsPatch);

/** A number as typed; blank or not a number stays NaN, which the schema refuses with its message. */
export function numberFrom(text: string | undefined): number {
  const trimmed = (text ?? "").trim();
  return trimmed === "" ? Number.NaN : Number(trimmed);
}

/** The settings patch a posted form asks for (validated by the settings schema afterwards). */
export function siteSettingsPatch(values: SiteSettingsValues): Record<string, unknown> {
  const text = (name: string) => values[name] ?? "";
  const checked = (name: string) => values[name] === CHECKED;
  const seconds = numberFrom(values[DELAY_SECONDS_FIELD]);
  return {
    siteName: text("siteName"),
    socialLinks: Object.fromEntries(SOCIAL_KEYS.map((key) => [key, text(`socialLinks.${key}`)])),
    telegramGroupUrl: text("telegramGroupUrl"),
    supportEmail: text("supportEmail"),
    banners: Object.fromEntries(
      BANNERS.map(({ id }) => [id, { enabled: checked(`banners.${id}.enabled`), text: text(`banners.${id}.text`) }]),
    ),
    bannerAutoClose: {
      enabled: checked("bannerAutoClose.enabled"),
      // Rounded to whole milliseconds; a fractional second such as 2.5 is fine.
      delayMs: Number.isFinite(seconds) ? Math.round(seconds * 1000) : seconds,
    },
    middlemanCountdownSeconds: numberFrom(values.middlemanCountdownSeconds),
  };
}
