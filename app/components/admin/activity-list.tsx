import type { AuditEntityType } from "#app/modules/audit/audit.server.ts";
import { RelativeTime } from "./relative-time.tsx";

/** What the activity lists need of an audit entry (its details stay on the server). */
export interface ActivityItem {
  id: number;
  at: string;
  actor: string;
  action: string;
  entityType: AuditEntityType;
  summary: string;
}

export const ENTITY_LABELS: Record<AuditEntityType, string> = {
  title: "Title",
  link: "Link",
  settings: "Settings",
  account: "Account",
  request: "Request",
  report: "Report",
  contact: "Contact",
  dmca: "DMCA",
  import: "Import",
  "api-token": "API token",
};

const ENTITY_TONES: Record<AuditEntityType, string> = {
  title: "bg-accent-500/15 text-accent-300",
  link: "bg-emerald-500/15 text-emerald-300",
  settings: "bg-white/8 text-mist-300",
  account: "bg-white/8 text-mist-300",
  request: "bg-sky-500/15 text-sky-300",
  report: "bg-amber-500/15 text-amber-300",
  contact: "bg-white/8 text-mist-300",
  dmca: "bg-red-500/15 text-red-300",
  import: "bg-accent-500/15 text-accent-300",
  "api-token": "bg-white/8 text-mist-300",
};

/** Audit entries, newest first as given: who, what and when. */
export function ActivityList({ items, now, label }: { items: ActivityItem[]; now: number; label: string }) {
  return (
    <ol aria-label={label} className="divide-y divide-white/8">
      {items.map((item) => (
        <li key={item.id} className="flex items-start gap-3 py-3 first:pt-0 last:pb-0">
          <span
            className="mt-0.5 flex h-8 w-8 shrink-0 items-center justify-center rounded-full bg-white/6 text-xs font-bold text-mist-300"
            aria-hidden="true"
          >
            {item.actor.trim().charAt(0).toUpperCase() || "?"}
          </span>
          <div className="min-w-0 flex-1">
            <p className="text-sm break-words text-mist-100">{item.summary}</p>
            <p className="mt-1 flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-mist-400">
              <span className="font-medium text-mist-300">{item.actor}</span>
              <span aria-hidden="true">·</span>
              <RelativeTime at={item.at} now={now} />
              <span className={`rounded-full px-2 py-0.5 font-semibold ${ENTITY_TONES[item.entityType] ?? ENTITY_TONES.settings}`}>
                {ENTITY_LABELS[item.entityType] ?? item.entityType}
              </span>
            </p>
          </div>
        </li>
      ))}
    </ol>
  );
}

export function toActivityItem(entry: ActivityItem): ActivityItem {
  return { id: entry.id, at: entry.at, actor: entry.actor, action: entry.action, entityType: entry.entityType, summary: entry.summary };
}
