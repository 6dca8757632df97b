import type { Db } from "#app/db/client.server.ts";
import { toCount } from "#app/db/dialect.server.ts";
import type { Page } from "#app/utils/pagination.ts";
import { clampPage } from "#app/utils/pagination.ts";

/** Who did something: an account, or the operator at the command line (id null). */
export interface Actor {
  id: number | null;
  name: string;
}

/** The inbox's kinds are audited as request, report, contact and dmca. */
export type AuditEntityType =
  "title" | "link" | "settings" | "account" | "request" | "report" | "contact" | "dmca" | "import" | "api-token";

export interface AuditInput {
  /** Dotted verb, e.g. "title.create", "link.delete", "settings.update". */
  action: string;
  entityType: AuditEntityType;
  entityId?: number | null;
  /** One line a person reads in the activity list. */
  summary: string;
  details?: unknown;
}

export interface AuditEntry {
  id: number;
  at: string;
  adminId: number | null;
  actor: string;
  action: string;
  entityType: AuditEntityType;
  entityId: number | null;
  summary: string;
  details: unknown;
}

/** Writes one entry; call it inside the transaction of the change it records. */
export async function recordAudit(db: Db, actor: Actor, entry: AuditInput): Promise<void> {
  await db
    .insertInto("audit_log")
    .values({
      at: new Date().toISOString(),
      admin_id: actor.id,
      actor: actor.name,
      action: entry.action,
      entity_type: entry.entityType,
      entity_id: entry.entityId ?? null,
      summary: entry.summary.slice(0, 500),
      details: entry.details === undefined ? null : JSON.stringify(entry.details),
    })
    .execute();
}

function parseDetails(text: string | null): unknown {
  if (text === null) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** Newest first. */
export async function listAudit(
  db: Db,
  options: { page?: number; perPage?: number; entityType?: AuditEntityType } = {},
): Promise<Page<AuditEntry>> {
  const perPage = options.perPage ?? 25;
  let base = db.selectFrom("audit_log");
  if (options.entityType) base = base.where("entity_type", "=", options.entityType);
  const totalRow = await base.select((eb) => eb.fn.countAll().as("n")).executeTakeFirstOrThrow();
  const total = toCount(totalRow.n as number | string);
  const { page, offset, totalPages } = clampPage(options.page, perPage, total);
  const rows = await base.selectAll().orderBy("at", "desc").orderBy("id", "desc").limit(perPage).offset(offset).execute();
  return {
    items: rows.map((r) => ({
      id: r.id,
      at: r.at,
      adminId: r.admin_id,
      actor: r.actor,
      action: r.action,
      entityType: r.entity_type as AuditEntityType,
      entityId: r.entity_id,
      summary: r.summary,
      details: parseDetails(r.details),
    })),
    page,
    perPage,
    total,
    totalPages,
  };
}
