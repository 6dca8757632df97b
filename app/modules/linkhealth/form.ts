import { z } from "#app/utils/zod.ts";
import { flatFieldsSchema, numberFrom } from "#app/modules/settings/form.ts";
import type { Settings } from "#app/modules/settings/schema.ts";

/** The Link health screen's settings form: fields named after the settings' paths, so a refusal's path is the field. */
export const LINK_SETTINGS_FIELDS = {
  interval: "linkHealth.intervalHours",
  threshold: "linkHealth.failureThreshold",
  hideBroken: "linkHealth.hideBroken",
} as const;

export const LINK_SETTINGS_SAVED = "Link check settings saved!";

export function linkSettingsValues(settings: Settings["linkHealth"]): Record<string, string> {
  return {
    [LINK_SETTINGS_FIELDS.interval]: String(settings.intervalHours),
    [LINK_SETTINGS_FIELDS.threshold]: String(settings.failureThreshold),
    ...(settings.hideBroken ? { [LINK_SETTINGS_FIELDS.hideBroken]: "on" } : {}),
  };
}

/** The settings patch the form asks for; the settings schema checks the values afterwards. */
export const linkSettingsFormSchema = flatFieldsSchema.transform((values) => ({
  linkHealth: {
    intervalHours: numberFrom(values[LINK_SETTINGS_FIELDS.interval]),
    failureThreshold: numberFrom(values[LINK_SETTINGS_FIELDS.threshold]),
    hideBroken: values[LINK_SETTINGS_FIELDS.hideBroken] === "on",
  },
}));

/** A button, no fields. */
export const linkCheckButtonSchema = z.object({});
