import { useActionData } from "react-router";
import { GenresEditor } from "#app/components/admin/settings/genres-editor.tsx";
import { settingsMeta, type SettingsHandle } from "#app/components/admin/settings/tabs.tsx";
import { useResultToast } from "#app/components/forms/result.tsx";
import { getApp } from "#app/context.ts";
import { actorFrom } from "#app/http/admin-guard.server.ts";
import { GENRES_SAVED, GENRES_UNCHANGED, genresFormSchema } from "#app/modules/catalogue/genres.ts";
import { listAdminGenres, saveGenres } from "#app/modules/catalogue/genres.server.ts";
import { handleSubmission } from "#app/http/form.server.ts";
import type { FormSuccess } from "#app/utils/submission.ts";
import type { Route } from "./+types/genres";

export const handle: SettingsHandle = { settingsTab: "genres" };
export const meta = () => settingsMeta("genres");

export async function loader({ context }: Route.LoaderArgs) {
  return { genres: await listAdminGenres(getApp(context).db) };
}

export async function action({ request, context }: Route.ActionArgs) {
  return handleSubmission(request, genresFormSchema, async (edits): Promise<FormSuccess> => {
    const { changed } = await saveGenres(getApp(context).db, actorFrom(context), edits);
    return { ok: true, message: changed.length ? GENRES_SAVED : GENRES_UNCHANGED };
  });
}

export default function Genres({ loaderData }: Route.ComponentProps) {
  const result = useActionData<typeof action>();
  useResultToast(result);
  const key = loaderData.genres.map((g) => `${g.id}:${g.name}:${g.hidden ? 1 : 0}`).join(",");
  // Stays mounted through a refused save, so the typed names and the order stay as sent.
  return <GenresEditor key={key} genres={loaderData.genres} result={result} />;
}
