import { useId } from "react";
import { formatCount, percentOf } from "#app/utils/format.ts";

export interface DonutSegment {
  label: string;
  value: number;
  /** Tailwind stroke class for the arc and bg class for the legend swatch. */
  stroke: string;
  swatch: string;
}

const SIZE = 160;
const STROKE = 22;
const RADIUS = (SIZE - STROKE) / 2;
const CIRCUMFERENCE = 2 * Math.PI * RADIUS;

/** The chart's text alternative: every segment with its count and share. */
export function describeSegments(segments: DonutSegment[]): string {
  const total = segments.reduce((sum, s) => sum + s.value, 0);
  return segments.map((s) => `${s.label}: ${formatCount(s.value)} (${percentOf(s.value, total)}%)`).join(", ");
}

/**
 * A donut chart with its legend. The SVG is an image whose name is the title and
 * whose description lists every segment; the legend shows the same figures as text.
 */
export function DonutChart({ title, segments, centerLabel }: { title: string; segments: DonutSegment[]; centerLabel: string }) {
  const id = useId();
  const total = segments.reduce((sum, s) => sum + s.value, 0);
  let offset = 0;
  return (
    <div className="@container">
      <div className="flex flex-col items-center gap-6 @sm:flex-row">
        <div className="relative h-40 w-40 shrink-0">
          <svg
            viewBox={`0 0 ${SIZE} ${SIZE}`}
            className="h-full w-full -rotate-90"
            role="img"
            aria-labelledby={`${id}-title`}
            aria-describedby={`${id}-desc`}
          >
            <title id={`${id}-title`}>{title}</title>
            <desc id={`${id}-desc`}>{describeSegments(segments)}</desc>
            <circle cx={SIZE / 2} cy={SIZE / 2} r={RADIUS} fill="none" strokeWidth={STROKE} className="stroke-white/8" />
            {total > 0 &&
              segments.map((s) => {
                const length = (s.value / total) * CIRCUMFERENCE;
                const arc = (
                  <circle
                    key={s.label}
                    cx={SIZE / 2}
                    cy={SIZE / 2}
                    r={RADIUS}
                    fill="none"
                    strokeWidth={STROKE}
                    strokeDasharray={`${length} ${CIRCUMFERENCE - length}`}
                    strokeDashoffset={-offset}
                    className={s.stroke}
                  />
                );
                offset += length;
                return s.value > 0 ? arc : null;
              })}
          </svg>
          <div className="pointer-events-none absolute inset-0 flex flex-col items-center justify-center" aria-hidden="true">
            <span className="text-2xl font-bold text-white tabular-nums">{formatCount(total)}</span>
            <span className="text-xs text-mist-400">{centerLabel}</span>
          </div>
        </div>
        <ul className="w-full space-y-2 text-sm" aria-label={`${title}: legend`}>
          {segments.map((s) => (
            <li key={s.label} className="flex items-center gap-3">
              <span className={`h-3 w-3 shrink-0 rounded-sm ${s.swatch}`} aria-hidden="true" />
              <span className="flex-1 text-mist-100">{s.label}</span>{" "}
              <span className="font-semibold text-white tabular-nums">{formatCount(s.value)}</span>{" "}
              <span className="w-12 text-right text-mist-400 tabular-nums">{percentOf(s.value, total)}%</span>
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
