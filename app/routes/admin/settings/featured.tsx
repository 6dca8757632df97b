import { useActionData } from "react-router";
import { FeaturedEditor } from "#app/components/admin/settings/featured-editor.tsx";
import { settingsMeta, type SettingsHandle } from "#app/components/admin/settings/tabs.tsx";
import { useResultToast } from "#app/components/forms/result.tsx";
import { getApp } from "#app/context.ts";
import { actorFrom } from "#app/http/admin-guard.server.ts";
import { FEATURED_SAVED, FEATURED_UNCHANGED, featuredFormSchema } from "#app/modules/catalogue/featured.ts";
import { findFeatureCandidates, listFeaturedForAdmin, saveFeaturedOrder } from "#app/modules/catalogue/featured.server.ts";
import { handleSubmission } from "#app/http/form.server.ts";
import type { FormSuccess } from "#app/utils/submission.ts";
import type { Route } from "./+types/featured";

export const handle: SettingsHandle = { settingsTab: "featured" };
export const meta = () => settingsMeta("featured");

/** The carousel's titles in order, and titles matching `?q=` to add. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = getApp(context);
  const q = (new URL(request.url).searchParams.get("q") ?? "").trim().slice(0, 200);
  const [featured, candidates] = await Promise.all([listFeaturedForAdmin(db), findFeatureCandidates(db, q)]);
  return { featured, candidates, q };
}

export async function action({ request, context }: Route.ActionArgs) {
  return handleSubmission(request, featuredFormSchema, async ({ ids }): Promise<FormSuccess> => {
    const { changed } = await saveFeaturedOrder(getApp(context).db, actorFrom(context), ids);
    return { ok: true, message: changed ? FEATURED_SAVED : FEATURED_UNCHANGED };
  });
}

export default function Featured({ loaderData }: Route.ComponentProps) {
  const result = useActionData<typeof action>();
  useResultToast(result);
  // A saved order (or another admin's) starts the list afresh.
  return <FeaturedEditor key={loaderData.featured.map((t) => t.id).join(",")} {...loaderData} result={result} />;
}
