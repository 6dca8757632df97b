import { Link } from "react-router";
import { INBOX_KINDS, type InboxKind } from "#app/modules/inbox/events.ts";
import { INBOX_TAB_LABELS, inboxListHref, STATUS_LABELS, type UnreadCounts } from "#app/modules/inbox/inbox.ts";

/** Shared pieces of the inbox screens. */

const STATUS_TONES: Record<string, string> = {
  pending: "bg-amber-500/15 text-amber-200",
  open: "bg-amber-500/15 text-amber-200",
  new: "bg-amber-500/15 text-amber-200",
  received: "bg-amber-500/15 text-amber-200",
  fulfilled: "bg-emerald-500/15 text-emerald-300",
  fixed: "bg-emerald-500/15 text-emerald-300",
  answered: "bg-emerald-500/15 text-emerald-300",
  actioned: "bg-emerald-500/15 text-emerald-300",
};

export function StatusBadge({ status }: { status: string }) {
  return (
    <span
      className={`inline-flex shrink-0 rounded-full px-2 py-0.5 text-xs font-semibold ${STATUS_TONES[status] ?? "bg-white/8 text-mist-300"}`}
    >
      {STATUS_LABELS[status] ?? status}
    </span>
  );
}

/** A count in a pill; the words around it are for screen readers. */
export function UnreadPill({ count, className = "" }: { count: number; className?: string }) {
  if (count <= 0) return null;
  return (
    <span
      className={`inline-flex min-w-5 justify-center rounded-full bg-accent-500 px-1.5 text-xs font-bold text-ink-950 tabular-nums ${className}`}
      aria-hidden="true"
    >
      {count > 99 ? "99+" : count}
    </span>
  );
}

/** The four inbox tabs with their unread counts; the current one is marked for assistive technology. */
export function InboxTabs({ current, unread }: { current: InboxKind; unread: UnreadCounts }) {
  return (
    <nav aria-label="Inbox sections" className="-mx-4 mb-5 overflow-x-auto px-4 sm:mx-0 sm:px-0">
      <ul className="flex min-w-max gap-1 border-b border-white/8">
        {INBOX_KINDS.map((kind) => {
          const active = kind === current;
          const label = INBOX_TAB_LABELS[kind];
          return (
            <li key={kind}>
              <Link
                to={inboxListHref(kind, {})}
                aria-current={active ? "page" : undefined}
                aria-label={unread[kind] ? `${label}, ${unread[kind]} unread` : label}
                className={`-mb-px flex items-center gap-2 border-b-2 px-3 py-2.5 text-sm font-semibold transition-colors ${
                  active ? "border-accent-400 text-white" : "border-transparent text-mist-300 hover:text-white"
                }`}
              >
                {label}
                <UnreadPill count={unread[kind]} />
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
