import { z } from "zod";
import { BANNER_AUTO_CLOSE_MS, MIDDLEMAN_COUNTDOWN_S } from "#app/constants.ts";
import { isHttpUrl } from "#app/modules/catalogue/schema.ts";

const link = z.string().trim().max(500).refine(isHttpUrl, "Must be an http:// or https:// address");

/**
 * Options an admin changes at run time, each with its default. Every value here is
 * public: the visitor pages receive all of them.
 */
export const settingsSchema = z.object({
  /** The footer's four social icons. */
  socialLinks: z
    .object({ facebook: link, x: link, instagram: link, telegram: link })
    .default({
      facebook: "https://www.facebook.com/",
      x: "https://x.com/",
      instagram: "https://www.instagram.com/",
      telegram: "https://telegram.org/",
    }),
  /** The Telegram group named on link pages and the mediator page. */
  telegramGroupUrl: link.default("https://telegram.org/"),
  /** The notice banners close by themselves after the delay, when enabled. */
  bannerAutoClose: z
    .object({ enabled: z.boolean(), delayMs: z.number().int().min(1_000).max(60_000) })
    .default({ enabled: false, delayMs: BANNER_AUTO_CLOSE_MS }),
  /** Seconds the mediator page counts down before the download button; 0 skips it. */
  middlemanCountdownSeconds: z.number().int().min(0).max(60).default(MIDDLEMAN_COUNTDOWN_S),
});

export type Settings = z.output<typeof settingsSchema>;
export type SettingKey = keyof Settings;

export const DEFAULT_SETTINGS: Settings = settingsSchema.parse({});
