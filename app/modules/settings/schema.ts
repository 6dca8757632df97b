import { z } from "#app/utils/zod.ts";
import { BANNER_AUTO_CLOSE_MS, MIDDLEMAN_COUNTDOWN_S } from "#app/constants.ts";
import { isHttpUrl } from "#app/utils/url.ts";
import { BANNERS, type BannerId } from "#app/modules/site/banners.ts";
import { DEFAULT_BANNERS, DEFAULT_SITE_NAME } from "./defaults.ts";

export { DEFAULT_SITE_NAME };

const link = z
  .string()
  .trim()
  .max(500, "Address must be at most 500 characters")
  .refine(isHttpUrl, "Must be an http:// or https:// address");

export const BANNER_TEXT_MAX = 300;
export const BANNER_DELAY_RANGE_S = { min: 1, max: 60 } as const;
export const MIDDLEMAN_COUNTDOWN_RANGE_S = { min: 0, max: 60 } as const;

const DELAY_MESSAGE = `Delay must be from ${BANNER_DELAY_RANGE_S.min} to ${BANNER_DELAY_RANGE_S.max} seconds`;
const COUNTDOWN_MESSAGE = `Countdown must be a whole number from ${MIDDLEMAN_COUNTDOWN_RANGE_S.min} to ${MIDDLEMAN_COUNTDOWN_RANGE_S.max} seconds`;

export const LINK_CHECK_INTERVAL_RANGE_H = { min: 1, max: 720 } as const;
export const LINK_FAILURE_THRESHOLD_RANGE = { min: 1, max: 10 } as const;
const INTERVAL_MESSAGE = `Check interval must be a whole number from ${LINK_CHECK_INTERVAL_RANGE_H.min} to ${LINK_CHECK_INTERVAL_RANGE_H.max} hours`;
const THRESHOLD_MESSAGE = `Failures before broken must be a whole number from ${LINK_FAILURE_THRESHOLD_RANGE.min} to ${LINK_FAILURE_THRESHOLD_RANGE.max}`;

const bannerSchema = z.object({
  /** Off: the notice is not shown to anyone. */
  enabled: z.boolean(),
  text: z
    .string()
    .trim()
    .min(1, "Please enter the notice text")
    .max(BANNER_TEXT_MAX, `Notice text must be at most ${BANNER_TEXT_MAX} characters`),
});
export type BannerSetting = z.output<typeof bannerSchema>;

// The wording each notice starts with is the one in app/modules/site/banners.ts.
const bannersShape = Object.fromEntries(BANNERS.map((b) => [b.id, bannerSchema])) as Record<BannerId, typeof bannerSchema>;

/**
 * Options an admin changes at run time, each with its default. Every value here is
 * public: the visitor pages receive all of them.
 */
export const settingsSchema = z.object({
  /** The public header's brand text and the footer's copyright line. */
  siteName: z
    .string()
    .trim()
    .min(1, "Please enter the site name")
    .max(60, "Site name must be at most 60 characters")
    .default(DEFAULT_SITE_NAME),
  /** The footer's four social icons. */
  socialLinks: z.object({ facebook: link, x: link, instagram: link, telegram: link }).default({
    facebook: "https://www.facebook.com/",
    x: "https://x.com/",
    instagram: "https://www.instagram.com/",
    telegram: "https://telegram.org/",
  }),
  /** The support address the contact page gives. */
  supportEmail: z
    .string()
    .trim()
    .max(320, "Address must be at most 320 characters")
    .pipe(z.email("Please enter a valid email address."))
    .default("support@cinedex.example"),
  /** The Telegram group named on link pages and the mediator page. */
  telegramGroupUrl: link.default("https://telegram.org/"),
  /** The wording of each notice banner, and whether it shows at all. */
  banners: z.object(bannersShape).default(DEFAULT_BANNERS),
  /** The notice banners close by themselves after the delay, when enabled. */
  bannerAutoClose: z
    .object({
      enabled: z.boolean(),
      delayMs: z
        .number(DELAY_MESSAGE)
        .int(DELAY_MESSAGE)
        .min(BANNER_DELAY_RANGE_S.min * 1000, DELAY_MESSAGE)
        .max(BANNER_DELAY_RANGE_S.max * 1000, DELAY_MESSAGE),
    })
    .default({ enabled: false, delayMs: BANNER_AUTO_CLOSE_MS }),
  /** Seconds the mediator page counts down before the download button; 0 skips it. */
  middlemanCountdownSeconds: z
    .number(COUNTDOWN_MESSAGE)
    .int(COUNTDOWN_MESSAGE)
    .min(MIDDLEMAN_COUNTDOWN_RANGE_S.min, COUNTDOWN_MESSAGE)
    .max(MIDDLEMAN_COUNTDOWN_RANGE_S.max, COUNTDOWN_MESSAGE)
    .default(MIDDLEMAN_COUNTDOWN_S),
  /** The link checker (ADR 029): how often each link is checked, when it counts as broken, and what visitors see. */
  linkHealth: z
    .object({
      intervalHours: z
        .number(INTERVAL_MESSAGE)
        .int(INTERVAL_MESSAGE)
        .min(LINK_CHECK_INTERVAL_RANGE_H.min, INTERVAL_MESSAGE)
        .max(LINK_CHECK_INTERVAL_RANGE_H.max, INTERVAL_MESSAGE),
      failureThreshold: z
        .number(THRESHOLD_MESSAGE)
        .int(THRESHOLD_MESSAGE)
        .min(LINK_FAILURE_THRESHOLD_RANGE.min, THRESHOLD_MESSAGE)
        .max(LINK_FAILURE_THRESHOLD_RANGE.max, THRESHOLD_MESSAGE),
      /** Off: a broken link stays listed, marked unavailable. */
      hideBroken: z.boolean(),
    })
    .default({ intervalHours: 24, failureThreshold: 2, hideBroken: false }),
});

export type Settings = z.output<typeof settingsSchema>;
export type SettingKey = keyof Settings;

export const DEFAULT_SETTINGS: Settings = settingsSchema.parse({});

/** How the activity log names each setting. */
export const SETTING_LABELS: Record<SettingKey, string> = {
  siteName: "site name",
  socialLinks: "social links",
  supportEmail: "support e-mail",
  telegramGroupUrl: "Telegram group link",
  banners: "notice banners",
  bannerAutoClose: "banner auto-close",
  middlemanCountdownSeconds: "download countdown",
  linkHealth: "link checks",
};
