import type { Db } from "#app/db/client.server.ts";
import { inTransaction } from "#app/db/transaction.server.ts";
import { recordAudit, type Actor } from "#app/modules/audit/audit.server.ts";
import { keptNote, resolutionColumns } from "#app/modules/inbox/source.server.ts";
import { AppError } from "#app/utils/errors.ts";
import { linkRefs, linksOfTitles, setLinksStatus, titleRefs, type CatalogueLinkRef } from "#app/modules/catalogue/link-refs.server.ts";
import { describeLink, INBOX_ITEM_NOT_FOUND, STATUS_NOT_ALLOWED } from "#app/modules/inbox/inbox.ts";
import { CHOOSE_DMCA_TARGETS } from "./schema.ts";
import { bumpContentVersion } from "#app/modules/site/content-version.server.ts";

/**
 * DMCA notices: the catalogue items a notice names, taking them down in one step
 * (links disabled, which hides them from every public page and makes their
 * out-links answer 410) and putting them back.
 */

export interface DmcaSelection {
  linkIds: number[];
  /** Whole titles: every link of each. */
  titleIds: number[];
  note?: string | null;
}

/**
 * Takes down what the admin picked, in one transaction: every chosen link and
 * every link of every chosen title becomes 'disabled', each choice is recorded
 * as a target of the notice (origin 'admin' unless the notice's URL named it),
 * and the notice is actioned. One audit entry names the notice and the links.
 */
export async function actionDmcaNotice(
  db: Db,
  actor: Actor,
  noticeId: number,
  selection: DmcaSelection,
): Promise<{ disabledLinkIds: number[] }> {
  return inTransaction(db, async (trx) => {
    const notice = await trx
      .selectFrom("dmca_notices")
      .select(["id", "status", "content_url"])
      .where("id", "=", noticeId)
      .executeTakeFirst();
    if (!notice) throw new AppError(404, INBOX_ITEM_NOT_FOUND);
    if (notice.status === "rejected") throw new AppError(409, STATUS_NOT_ALLOWED);
    const chosenLinks = await linkRefs(trx, selection.linkIds);
    const chosenTitles = await titleRefs(trx, selection.titleIds);
    if (chosenLinks.size === 0 && chosenTitles.size === 0)
      throw new AppError(400, CHOOSE_DMCA_TARGETS, { fields: { targets: [CHOOSE_DMCA_TARGETS] } });

    const titleLinks = await linksOfTitles(trx, [...chosenTitles.keys()]);
    const all = new Map<number, CatalogueLinkRef>([...chosenLinks, ...titleLinks.map((l) => [l.id, l] as const)]);
    const linkIds = [...all.keys()];
    if (linkIds.length) {
      await setLinksStatus(trx, linkIds, "disabled");
      // Taken down from every cached page at once, in the same transaction.
      await bumpContentVersion(trx);
    }

    const at = new Date().toISOString();
    const existing = await trx
      .selectFrom("dmca_notice_targets")
      .select(["id", "title_id", "link_id"])
      .where("notice_id", "=", noticeId)
      .execute();
    const record = async (titleId: number, linkId: number | null) => {
      const known = existing.find((t) => (linkId === null ? t.link_id === null && t.title_id === titleId : t.link_id === linkId));
      if (known) {
        await trx.updateTable("dmca_notice_targets").set({ disabled_at: at, reenabled_at: null }).where("id", "=", known.id).execute();
      } else {
        await trx
          .insertInto("dmca_notice_targets")
          .values({ notice_id: noticeId, title_id: titleId, link_id: linkId, origin: "admin", disabled_at: at, reenabled_at: null })
          .execute();
      }
    };
    for (const link of chosenLinks.values()) await record(link.titleId, link.id);
    for (const title of chosenTitles.values()) await record(title.id, null);

    const note = keptNote(selection.note);
    await trx
      .updateTable("dmca_notices")
      .set({ status: "actioned", resolution_note: note, ...resolutionColumns(true, actor, at) })
      .where("id", "=", noticeId)
      .execute();

    const titleNames = await titleRefs(
      trx,
      [...all.values()].map((l) => l.titleId),
    );
    const named = [...all.values()].map((l) => `“${titleNames.get(l.titleId)?.title ?? "?"}” ${describeLink(l)}`);
    await recordAudit(trx, actor, {
      action: "dmca.action",
      entityType: "dmca",
      entityId: noticeId,
      summary: `Actioned DMCA notice #${noticeId}: disabled ${linkIds.length} link${linkIds.length === 1 ? "" : "s"}${named.length ? ` (${named.join("; ")})` : ""}`,
      details: { noticeId, linkIds, titleIds: [...chosenTitles.keys()], note },
    });
    return { disabledLinkIds: linkIds };
  });
}

/**
 * Puts back what a notice took down (one target, or all of them): the links are
 * 'ok' again and the target records when. A whole title's links that are still
 * disabled are all restored.
 */
export async function reenableDmcaTargets(
  db: Db,
  actor: Actor,
  noticeId: number,
  targetId: number | "all",
): Promise<{ reenabledLinkIds: number[] }> {
  return inTransaction(db, async (trx) => {
    const notice = await trx.selectFrom("dmca_notices").select(["id"]).where("id", "=", noticeId).executeTakeFirst();
    if (!notice) throw new AppError(404, INBOX_ITEM_NOT_FOUND);
    let query = trx
      .selectFrom("dmca_notice_targets")
      .select(["id", "title_id", "link_id"])
      .where("notice_id", "=", noticeId)
      .where("disabled_at", "is not", null)
      .where("reenabled_at", "is", null);
    if (targetId !== "all") query = query.where("id", "=", targetId);
    const targets = await query.execute();
    if (!targets.length) throw new AppError(409, "Nothing of this notice is disabled any more. Reload the page to see the current state.");

    const wholeTitles = targets.filter((t) => t.link_id === null && t.title_id !== null).map((t) => t.title_id!);
    const titleLinks = await linksOfTitles(trx, wholeTitles);
    const linkIds = [
      ...new Set([
        ...targets.map((t) => t.link_id).filter((v): v is number => v !== null),
        ...titleLinks.filter((l) => l.status === "disabled").map((l) => l.id),
      ]),
    ];
    if (linkIds.length) {
      await setLinksStatus(trx, linkIds, "ok", "disabled");
      await bumpContentVersion(trx);
    }
    const at = new Date().toISOString();
    await trx
      .updateTable("dmca_notice_targets")
      .set({ reenabled_at: at })
      .where(
        "id",
        "in",
        targets.map((t) => t.id),
      )
      .execute();
    await recordAudit(trx, actor, {
      action: "dmca.reenable",
      entityType: "dmca",
      entityId: noticeId,
      summary: `Re-enabled ${linkIds.length} link${linkIds.length === 1 ? "" : "s"} taken down for DMCA notice #${noticeId}`,
      details: { noticeId, targetIds: targets.map((t) => t.id), linkIds },
    });
    return { reenabledLinkIds: linkIds };
  });
}

/**
 * received → rejected (with an optional note); rejected → received (reopen); an
 * actioned notice goes back to received only once nothing of it is still disabled.
 */
export async function setDmcaStatus(
  db: Db,
  actor: Actor,
  noticeId: number,
  status: "received" | "rejected",
  note: string | null = null,
): Promise<void> {
  await inTransaction(db, async (trx) => {
    const notice = await trx
      .selectFrom("dmca_notices")
      .select(["id", "status", "content_url"])
      .where("id", "=", noticeId)
      .executeTakeFirst();
    if (!notice) throw new AppError(404, INBOX_ITEM_NOT_FOUND);
    if (notice.status === status || (status === "rejected" && notice.status !== "received")) throw new AppError(409, STATUS_NOT_ALLOWED);
    if (status === "received" && notice.status === "actioned") {
      const active = await trx
        .selectFrom("dmca_notice_targets")
        .select("id")
        .where("notice_id", "=", noticeId)
        .where("disabled_at", "is not", null)
        .where("reenabled_at", "is", null)
        .executeTakeFirst();
      if (active) throw new AppError(409, "Re-enable the links this notice took down before reopening it.");
    }
    const resolved = status === "rejected";
    const cleanNote = keptNote(note);
    await trx
      .updateTable("dmca_notices")
      .set({ status, resolution_note: resolved ? cleanNote : null, ...resolutionColumns(resolved, actor) })
      .where("id", "=", noticeId)
      .execute();
    await recordAudit(trx, actor, {
      action: resolved ? "dmca.reject" : "dmca.reopen",
      entityType: "dmca",
      entityId: noticeId,
      summary: resolved
        ? `Rejected DMCA notice #${noticeId} (${notice.content_url})${cleanNote ? `: ${cleanNote}` : ""}`
        : `Reopened DMCA notice #${noticeId} (${notice.content_url})`,
      details: { from: notice.status, to: status, note: cleanNote },
    });
  });
}
