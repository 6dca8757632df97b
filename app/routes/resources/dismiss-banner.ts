import { data, redirect } from "react-router";
import { bannersToDismiss, dismissedBanners, dismissedBannersCookie } from "#app/modules/site/banners.ts";
import { safeLocalPath } from "#app/utils/redirect.ts";
import type { Route } from "./+types/dismiss-banner";

export async function action({ request }: Route.ActionArgs) {
  const form = await request.formData();
  const banners = bannersToDismiss(form.get("banner"));
  if (!banners) throw data("Unknown notice", { status: 400 });
  const ids = [...dismissedBanners(request.headers.get("Cookie")), ...banners];
  const headers = { "Set-Cookie": dismissedBannersCookie(ids, new URL(request.url).protocol === "https:") };
  // Scripted dismissals stay on the page; a plain form post goes back to where it came from.
  if (form.get("via") === "fetch") return data({ dismissed: ids }, { headers });
  return redirect(safeLocalPath(form.get("redirectTo")), { headers });
}

export function loader() {
  return redirect("/");
}
