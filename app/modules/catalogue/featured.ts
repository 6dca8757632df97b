import { z } from "#app/utils/zod.ts";

/** The home carousel's curation form (Settings → Home carousel), shared by the browser and the action. */

/** The carousel shows this many (read.server.ts listFeatured); more may be kept in the list, in order. */
export const CAROUSEL_SIZE = 10;
export const FEATURED_MAX = 50;
export const FEATURED_SAVED = "Home carousel saved";
export const FEATURED_UNCHANGED = "No changes to save";
export const FEATURED_TOO_MANY = `Feature at most ${FEATURED_MAX} titles.`;
export const FEATURED_UNKNOWN = "A chosen title no longer exists. Reload the page and try again.";

const idText = z
  .string()
  .regex(/^[1-9]\d{0,9}$/, FEATURED_UNKNOWN)
  .transform(Number);

/** `ids` once per featured title, in carousel order; none at all empties the carousel. */
export const featuredFormSchema = z.object({
  ids: z
    .union([idText.transform((id) => [id]), z.array(idText)], { error: FEATURED_UNKNOWN })
    .optional()
    .transform((ids) => ids ?? [])
    .pipe(z.array(z.number()).max(FEATURED_MAX, FEATURED_TOO_MANY)),
});

/** A featured title (or a candidate) as the curation screen lists it. */
export interface FeaturedEntry {
  id: number;
  type: "movie" | "tv";
  slug: string;
  title: string;
  year: number | null;
  posterUrl: string | null;
}
