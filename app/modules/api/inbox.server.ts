import type { Db } from "#app/db/client.server.ts";
import { setContactStatus } from "#app/modules/inbox/contact/actions.server.ts";
import { setDmcaStatus } from "#app/modules/inbox/dmca/actions.server.ts";
import type { InboxKind } from "#app/modules/inbox/events.ts";
import { INBOX_STATUSES, isStatusOf } from "#app/modules/inbox/inbox.ts";
import { listInbox } from "#app/modules/inbox/inbox.server.ts";
import { setReportGroupStatus } from "#app/modules/inbox/reports/actions.server.ts";
import { setRequestStatus } from "#app/modules/inbox/requests/actions.server.ts";
import { AppError } from "#app/utils/errors.ts";
import type { z } from "zod";
import type { inboxListQuerySchema, inboxUpdateSchema } from "./schemas.ts";
import { tokenActor, type ApiToken } from "./tokens.server.ts";

/** The inbox through the API (scope inbox): the admin inbox's own list and status changes, audited under the token's name. */

const statusRefusal = (kind: InboxKind, status: string) =>
  new AppError(400, `status ${status} is not a ${kind} status. Use one of ${INBOX_STATUSES[kind].join(", ")}.`, {
    fields: { status: [`status must be one of ${INBOX_STATUSES[kind].join(", ")}.`] },
  });

export async function listApiInbox(db: Db, kind: InboxKind, query: z.output<typeof inboxListQuerySchema>) {
  if (query.status !== undefined && !isStatusOf(kind, query.status)) throw statusRefusal(kind, query.status);
  const page = await listInbox(db, kind, { status: query.status ?? null, q: query.q ?? "", page: query.page ?? 1 });
  return { ...page, items: page.items.map((item) => ({ ...item, kind })) };
}

export async function updateApiInboxItem(
  db: Db,
  token: ApiToken,
  kind: InboxKind,
  id: number,
  change: z.output<typeof inboxUpdateSchema>,
): Promise<{ kind: InboxKind; id: number; status: string }> {
  const actor = tokenActor(token);
  const { status } = change;
  if (!isStatusOf(kind, status)) throw statusRefusal(kind, status);
  switch (kind) {
    case "requests":
      if (status === "fulfilled") await setRequestStatus(db, actor, id, { status, fulfilledTitleId: change.fulfilledTitleId ?? null });
      else if (status === "declined") await setRequestStatus(db, actor, id, { status, reason: change.reason ?? "" });
      else await setRequestStatus(db, actor, id, { status: "pending" });
      break;
    case "reports":
      await setReportGroupStatus(db, actor, id, status as "open" | "fixed" | "invalid", change.note ?? null);
      break;
    case "contact":
      await setContactStatus(db, actor, id, status as "new" | "answered" | "archived");
      break;
    case "dmca":
      if (status === "actioned") {
        throw new AppError(400, "Taking a notice's links down is done in the admin panel, where the links are chosen.", {
          fields: { status: ["status must be received or rejected."] },
        });
      }
      await setDmcaStatus(db, actor, id, status as "received" | "rejected", change.note ?? null);
      break;
  }
  return { kind, id, status };
}
