import type { ReactNode } from "react";
import { Link } from "react-router";

/**
 * One figure of a stats grid. Render inside a <dl>: the label is its term and the
 * value its definition, so the pair is read together.
 */
export function StatCard({
  label,
  value,
  hint,
  icon,
  href,
  tone = "default",
}: {
  label: string;
  value: ReactNode;
  hint?: ReactNode;
  icon?: ReactNode;
  /** Where to see the figure in detail. */
  href?: string;
  tone?: "default" | "warning";
}) {
  return (
    <div className="relative flex flex-col rounded-2xl border border-white/8 bg-ink-900/80 p-5">
      <dt className={`min-h-9 text-sm font-medium text-mist-300 ${icon ? "pr-12" : ""}`}>
        {href ? (
          <Link to={href} className="after:absolute after:inset-0 after:rounded-2xl hover:text-white">
            {label}
          </Link>
        ) : (
          label
        )}
        {icon && (
          <span className="absolute top-5 right-5 rounded-lg bg-accent-500/12 p-2 text-accent-300" aria-hidden="true">
            {icon}
          </span>
        )}
      </dt>
      <dd className="text-3xl font-bold tracking-tight text-white tabular-nums">{value}</dd>
      {hint && <dd className={`mt-1 text-xs ${tone === "warning" ? "text-red-300" : "text-mist-400"}`}>{hint}</dd>}
    </div>
  );
}

/** The grid StatCards sit in. */
export function StatGrid({ children, label, columns = 5 }: { children: ReactNode; label: string; columns?: 3 | 5 }) {
  return (
    <dl aria-label={label} className={`grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-3 ${columns === 5 ? "xl:grid-cols-5" : ""}`}>
      {children}
    </dl>
  );
}
