import type { Db } from "#app/db/client.server.ts";
import type { LinkStatus } from "#app/db/schema.ts";
import { inTransaction } from "#app/db/transaction.server.ts";
import { recordAudit } from "#app/modules/audit/audit.server.ts";
import { addTitle, removeFromTitle, saveTitle } from "#app/modules/catalogue/admin.server.ts";
import { getTitle } from "#app/modules/catalogue/read.server.ts";
import type { TitleInput } from "#app/modules/catalogue/schema.ts";
import { bumpContentVersion } from "#app/modules/site/content-version.server.ts";
import { AppError } from "#app/utils/errors.ts";
import { apiLink, getWrittenTitle } from "./read.server.ts";
import type { ApiLink, ApiTitle } from "./schemas.ts";
import { tokenActor, type ApiToken } from "./tokens.server.ts";

/**
 * The write API's operations (ADR 034): the admin editor's own audited writes
 * (catalogue/admin.server.ts: same validation, same id-keeping save), with the
 * token's name as the actor.
 */

const noTitle = (id: number) => new AppError(404, `No title has the id ${id}.`);

export async function createApiTitle(db: Db, publicUrl: string, token: ApiToken, body: unknown): Promise<ApiTitle> {
  const title = await addTitle(db, tokenActor(token), body as TitleInput);
  return getWrittenTitle(db, publicUrl, title.id);
}

export async function updateApiTitle(db: Db, publicUrl: string, token: ApiToken, id: number, body: unknown): Promise<ApiTitle> {
  if (!(await getTitle(db, id, { includeDisabled: true }))) throw noTitle(id);
  await saveTitle(db, tokenActor(token), id, body as TitleInput);
  return getWrittenTitle(db, publicUrl, id);
}

export async function deleteApiTitle(db: Db, token: ApiToken, id: number): Promise<void> {
  if (!(await getTitle(db, id, { includeDisabled: true }))) throw noTitle(id);
  await removeFromTitle(db, tokenActor(token), id, "title", id);
}

export async function updateApiLink(db: Db, publicUrl: string, token: ApiToken, id: number, status: LinkStatus): Promise<ApiLink> {
  return inTransaction(db, async (trx) => {
    const link = await trx
      .selectFrom("links")
      .innerJoin("releases", "releases.id", "links.release_id")
      .innerJoin("titles", "titles.id", "releases.title_id")
      .select(["links.id", "links.kind", "links.label", "links.url", "links.size", "links.status", "titles.id as titleId", "titles.title"])
      .where("links.id", "=", id)
      .executeTakeFirst();
    if (!link) throw new AppError(404, `No link has the id ${id}.`);
    if (link.status !== status) {
      await trx.updateTable("links").set({ status }).where("id", "=", id).execute();
      await bumpContentVersion(trx);
      await recordAudit(trx, tokenActor(token), {
        action: "link.update",
        entityType: "link",
        entityId: id,
        summary: `Marked the link “${link.label}” of “${link.title}” ${status}`,
        details: { titleId: link.titleId, from: link.status, to: status },
      });
    }
    return apiLink(publicUrl, { ...link, status });
  });
}
