import { href, redirect } from "react-router";
import { z } from "#app/utils/zod.ts";
import { RecentImports } from "#app/components/admin/import/recent-imports.tsx";
import { RunCard } from "#app/components/admin/import/run-card.tsx";
import { IMPORT_LIMIT_MB, UploadForm } from "#app/components/admin/import/upload-form.tsx";
import { PageHeader, buttonClass } from "#app/components/admin/ui.tsx";
import { IMPORT_UPLOAD_LIMIT } from "#app/constants.ts";
import { getApp } from "#app/context.ts";
import { DUPLICATES_AS, IMPORT_FORMATS } from "#app/modules/catalogue/import-constants.ts";
import { decodeUpload, detectFormat } from "#app/modules/catalogue/import-format.server.ts";
import { canApply, createImportRun, getImportRun, isStalled, listImportRuns, prepareImport } from "#app/modules/catalogue/import.server.ts";
import { actorFrom } from "#app/http/admin-guard.server.ts";
import { AppError } from "#app/utils/errors.ts";
import { parseId } from "#app/utils/ids.ts";
import { failure, failureFrom, readUpload } from "#app/http/form.server.ts";
import type { Route } from "./+types/import";

export const CHOOSE_FILE = "Choose a file to import.";
const FILE_TOO_LARGE = `The file is larger than ${IMPORT_LIMIT_MB} MB. Split it, or import it with npm run catalogue:import.`;

export function meta() {
  return [{ title: "Import | Cinedex Admin" }, { name: "robots", content: "noindex, nofollow" }];
}

/** The recent imports, and the one named by ?run= with its dry run and progress. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = getApp(context);
  const runId = parseId(new URL(request.url).searchParams.get("run"));
  const run = runId === null ? null : await getImportRun(db, runId);
  const now = Date.now();
  return {
    run: run && { ...run, canApply: canApply(run, now), stalled: isStalled(run, now) },
    recent: await listImportRuns(db),
    now,
  };
}

const uploadSchema = z.object({
  format: z.enum(["auto", ...IMPORT_FORMATS]).catch("auto"),
  duplicates: z.enum(["ask", ...DUPLICATES_AS]).catch("ask"),
});

/** Upload → dry run, stored as an import run → its page (?run=). Nothing is written to the catalogue here. */
export async function action({ request, context }: Route.ActionArgs) {
  const app = getApp(context);
  try {
    const upload = await readUpload(request, "file", { maxBytes: IMPORT_UPLOAD_LIMIT, decode: decodeUpload }).catch((error: unknown) => {
      throw error instanceof AppError && error.status === 413
        ? new AppError(413, FILE_TOO_LARGE, { fields: { file: [FILE_TOO_LARGE] } })
        : error;
    });
    const { format: asked, duplicates } = uploadSchema.parse(upload.values);
    if (!upload.file) return failure(400, CHOOSE_FILE, { fields: { file: [CHOOSE_FILE] }, values: { format: asked } });
    const format = detectFormat(upload.file.text, upload.file.name, asked === "auto" ? null : asked);
    const prepared = await prepareImport(app.db, upload.file.text, {
      format,
      tmdb: app.tmdb,
      duplicates: duplicates === "ask" ? null : duplicates,
    });
    const run = await createImportRun(app.db, actorFrom(context), { name: upload.file.name, format }, prepared);
    return redirect(`${href("/dashboard/import")}?run=${run.id}`);
  } catch (error) {
    return failureFrom(error);
  }
}

export default function Import({ loaderData }: Route.ComponentProps) {
  const { run, recent, now } = loaderData;
  return (
    <div className="max-w-4xl">
      <PageHeader
        title="Import"
        subtitle="Bring titles in from a CSV or JSON file or a list of TMDB / IMDb ids. Every file is checked first (a dry run); nothing changes until you apply it."
        actions={
          <a href={href("/dashboard/export")} className={buttonClass("secondary")} download>
            Export catalogue (JSON)
          </a>
        }
      />
      {run && <RunCard run={run} />}
      <UploadForm />
      <RecentImports recent={recent} now={now} />
    </div>
  );
}
