import { data, redirect } from "react-router";
import { z } from "#app/utils/zod.ts";
import { MAX_URL_LENGTH } from "#app/constants.ts";
import { bannersToDismiss, dismissedBanners, dismissedBannersCookie } from "#app/modules/site/banners.ts";
import { safeLocalPath } from "#app/utils/redirect.ts";
import { failure, parseSubmission } from "#app/http/form.server.ts";
import type { Route } from "./+types/dismiss-banner";

export const UNKNOWN_NOTICE = "Unknown notice";

/** One notice by its id, or every notice at once ("all"); `via=fetch` for scripted dismissals. */
const dismissSchema = z.object({
  banner: z.string(UNKNOWN_NOTICE).transform((value, ctx) => bannersToDismiss(value) ?? (ctx.addIssue(UNKNOWN_NOTICE), z.NEVER)),
  via: z.string().max(20).optional(),
  redirectTo: z.string().max(MAX_URL_LENGTH).optional(),
});

export async function action({ request }: Route.ActionArgs) {
  const parsed = await parseSubmission(request, dismissSchema, { failure: UNKNOWN_NOTICE });
  if (!parsed.ok) return failure(parsed.status, parsed.failure.error, parsed.failure);
  const { banner, via, redirectTo } = parsed.data;
  const ids = [...dismissedBanners(request.headers.get("Cookie")), ...banner];
  const headers = { "Set-Cookie": dismissedBannersCookie(ids, new URL(request.url).protocol === "https:") };
  // Scripted dismissals stay on the page; a plain form post goes back to where it came from.
  if (via === "fetch") return data({ ok: true as const, message: "Notice dismissed", dismissed: ids }, { headers });
  return redirect(safeLocalPath(redirectTo), { headers });
}

export function loader() {
  return redirect("/");
}
