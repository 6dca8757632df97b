import { AdminErrorBoundary } from "#app/components/admin/error-boundary.tsx";
import { EditDialog } from "#app/components/admin/title-editor/edit-dialog.tsx";
import { getApp } from "#app/context.ts";
import { actorFrom } from "#app/http/admin-guard.server.ts";
import { saveTitleFromEditor } from "#app/modules/editorial/titles.server.ts";
import { adminTypeOfPath, EDITOR_BODY_LIMIT, SAVED, titleEditorSchema } from "#app/modules/catalogue/admin-form.ts";
import { listGenreNames } from "#app/modules/catalogue/genres.server.ts";
import { getTitle } from "#app/modules/catalogue/read.server.ts";
import { TITLE_NOT_FOUND } from "#app/modules/catalogue/write.server.ts";
import { countOpenReportsOnTitle } from "#app/modules/inbox/reports/fixes.server.ts";
import { getSearchBoost } from "#app/modules/search/popularity.server.ts";
import { requireId } from "#app/utils/ids.ts";
import { handleSubmission } from "#app/http/form.server.ts";
import type { Route } from "./+types/edit-title";
import { pageLoader, requireFound } from "#app/utils/errors.ts";

export { AdminErrorBoundary as ErrorBoundary };

export function meta({ data }: Route.MetaArgs) {
  return [{ title: data ? `Edit “${data.title.title}” | Cinedex Admin` : "Cinedex Admin" }];
}

/** The title, which must be of the type of the list the modal opens over (a TV id under /dashboard/movies is a 404). */
export const loader = pageLoader(async ({ request, params, context }: Route.LoaderArgs) => {
  const id = requireId(params.id, TITLE_NOT_FOUND);
  const found = await getTitle(getApp(context).db, id, { includeDisabled: true });
  const title = requireFound(found?.type === adminTypeOfPath(new URL(request.url).pathname) ? found : null, TITLE_NOT_FOUND);
  // Reloaded after every save, so reports a replaced link closed are gone from the offer.
  return {
    title,
    openReports: await countOpenReportsOnTitle(getApp(context).db, title.id),
    searchBoost: await getSearchBoost(getApp(context).db, title.id),
    genreNames: await listGenreNames(getApp(context).db),
  };
});

/** The editor's JSON, checked once here with the editor's schema (as a title of this list's type); the module takes it typed. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const id = requireId(params.id, TITLE_NOT_FOUND);
  const type = adminTypeOfPath(new URL(request.url).pathname);
  return handleSubmission(
    request,
    titleEditorSchema(type),
    async (edit) => {
      const title = await saveTitleFromEditor(getApp(context).db, actorFrom(context), id, type, edit);
      return { ok: true as const, message: SAVED, title };
    },
    { maxBytes: EDITOR_BODY_LIMIT },
  );
}

export default function EditTitle({ loaderData }: Route.ComponentProps) {
  // A new id is a new form.
  return (
    <EditDialog
      key={loaderData.title.id}
      title={loaderData.title}
      openReports={loaderData.openReports}
      searchBoost={loaderData.searchBoost}
      genreNames={loaderData.genreNames}
    />
  );
}
