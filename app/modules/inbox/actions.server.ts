import type { Db } from "#app/db/client.server.ts";
import type { Actor } from "#app/modules/audit/audit.server.ts";
import { AppError } from "#app/utils/errors.ts";
import { actionDmcaNotice, reenableDmcaTargets, setDmcaStatus } from "./dmca.server.ts";
import type { InboxKind } from "./events.ts";
import { setContactStatus, setReportGroupStatus, setRequestStatus } from "./inbox.server.ts";

/**
 * The inbox item page's form posts, by `intent`: each is one status change (or
 * the DMCA take-down and its undo). Returns what the admin is told.
 */

const UNKNOWN_ACTION = "That action is not available here. Reload the page and try again.";

function ids(form: FormData, name: string): number[] {
  return form
    .getAll(name)
    .map((v) => (typeof v === "string" && /^\d{1,10}$/.test(v) ? Number(v) : 0))
    .filter((n) => n > 0);
}

function text(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
}

export async function handleInboxAction(db: Db, actor: Actor, kind: InboxKind, id: number, form: FormData): Promise<string> {
  const intent = text(form, "intent");
  switch (kind) {
    case "requests":
      if (intent === "fulfill") {
        const [titleId] = ids(form, "fulfilledTitleId");
        await setRequestStatus(db, actor, id, { status: "fulfilled", fulfilledTitleId: titleId ?? null });
        return "Request marked fulfilled";
      }
      if (intent === "decline") {
        await setRequestStatus(db, actor, id, { status: "declined", reason: text(form, "reason") });
        return "Request declined";
      }
      if (intent === "reopen") {
        await setRequestStatus(db, actor, id, { status: "pending" });
        return "Request reopened";
      }
      break;
    case "reports":
      if (intent === "fixed" || intent === "invalid") {
        await setReportGroupStatus(db, actor, id, intent, text(form, "note"));
        return intent === "fixed" ? "Report marked fixed" : "Report marked invalid";
      }
      if (intent === "reopen") {
        await setReportGroupStatus(db, actor, id, "open", null);
        return "Report reopened";
      }
      break;
    case "contact":
      if (intent === "answered" || intent === "archived") {
        await setContactStatus(db, actor, id, intent);
        return intent === "answered" ? "Message marked answered" : "Message archived";
      }
      if (intent === "reopen") {
        await setContactStatus(db, actor, id, "new");
        return "Message reopened";
      }
      break;
    case "dmca":
      if (intent === "disable") {
        const { disabledLinkIds } = await actionDmcaNotice(db, actor, id, {
          linkIds: ids(form, "link"),
          titleIds: ids(form, "title"),
          note: text(form, "note"),
        });
        return `Notice actioned: ${disabledLinkIds.length} link${disabledLinkIds.length === 1 ? "" : "s"} disabled`;
      }
      if (intent === "reenable") {
        const target = text(form, "target");
        const [targetId] = ids(form, "target");
        const { reenabledLinkIds } = await reenableDmcaTargets(db, actor, id, target === "all" ? "all" : (targetId ?? 0));
        return `${reenabledLinkIds.length} link${reenabledLinkIds.length === 1 ? "" : "s"} re-enabled`;
      }
      if (intent === "reject") {
        await setDmcaStatus(db, actor, id, "rejected", text(form, "note"));
        return "Notice rejected";
      }
      if (intent === "reopen") {
        await setDmcaStatus(db, actor, id, "received");
        return "Notice reopened";
      }
      break;
  }
  throw new AppError(400, UNKNOWN_ACTION);
}
