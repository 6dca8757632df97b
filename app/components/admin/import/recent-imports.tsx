import { href, Link } from "react-router";
import { RelativeTime } from "#app/components/admin/relative-time.tsx";
import { Card, EmptyState } from "#app/components/admin/ui.tsx";
import type { ImportRun } from "#app/modules/catalogue/import.server.ts";

const STATUS_LABELS = { planned: "Checked, not applied", applying: "Applying", done: "Applied", failed: "Stopped" } as const;

export function RecentImports({ recent, now }: { recent: ImportRun[]; now: number }) {
  return (
    <Card title="Recent imports" className="mt-6">
      {recent.length === 0 ? (
        <EmptyState>No imports yet.</EmptyState>
      ) : (
        <ul className="divide-y divide-white/8">
          {recent.map((r) => (
            <li key={r.id} className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm">
              <Link to={`${href("/dashboard/import")}?run=${r.id}`} className="font-medium text-white hover:text-accent-300">
                {r.sourceName}
              </Link>
              <span className="text-mist-300">
                {STATUS_LABELS[r.status]} · {r.actor} · <RelativeTime at={r.createdAt} now={now} />
              </span>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
