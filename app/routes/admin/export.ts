import { getApp } from "#app/context.ts";
import { recordAudit } from "#app/modules/audit/audit.server.ts";
import { actorFrom } from "#app/http/admin-guard.server.ts";
import { exportCatalogue, exportText } from "#app/modules/catalogue/export.server.ts";
import type { Route } from "./+types/export";

/** GET /dashboard/export: the whole catalogue as a JSON download (docs/import-format.md). */
export async function loader({ context }: Route.LoaderArgs) {
  const { db } = getApp(context);
  const doc = await exportCatalogue(db);
  await recordAudit(db, actorFrom(context), {
    action: "catalogue.export",
    entityType: "import",
    summary: `Exported the catalogue (${doc.titles.length} titles)`,
  });
  const day = doc.exportedAt.slice(0, 10);
  return new Response(exportText(doc), {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="cinedex-catalogue-${day}.json"`,
    },
  });
}
