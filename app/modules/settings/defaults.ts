// Defaults the visitor pages' layout falls back to. Kept apart from schema.ts, which
// imports Zod: the header, footer and banners are on every page, and pages without
// a form must not download the validation library.
import { BANNERS, type BannerId } from "#app/modules/site/banners.ts";

export const DEFAULT_SITE_NAME = "Cinedex";

/** Each notice starts on, with the wording of app/modules/site/banners.ts. */
export const DEFAULT_BANNERS = Object.fromEntries(BANNERS.map((b) => [b.id, { enabled: true, text: b.text }])) as Record<
  BannerId,
  { enabled: boolean; text: string }
>;
