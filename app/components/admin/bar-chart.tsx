import { useId } from "react";
import { formatCount } from "#app/utils/format.ts";

export interface Bar {
  /** Short label under the bar and in the table. */
  label: string;
  /** Longer label for the tooltip. */
  title: string;
  value: number;
}

const HEIGHT = 120;
const GAP = 2;

/**
 * A plain SVG bar chart, with a summary as its accessible name; the caller shows
 * the figures as a table too.
 */
export function BarChart({ bars, title, summary }: { bars: Bar[]; title: string; summary: string }) {
  const id = useId();
  const max = Math.max(1, ...bars.map((b) => b.value));
  const width = bars.length * 10;
  return (
    <div>
      <svg
        viewBox={`0 0 ${width} ${HEIGHT}`}
        preserveAspectRatio="none"
        className="h-40 w-full"
        role="img"
        aria-labelledby={`${id}-title`}
        aria-describedby={`${id}-desc`}
      >
        <title id={`${id}-title`}>{title}</title>
        <desc id={`${id}-desc`}>{summary}</desc>
        <line
          x1={0}
          x2={width}
          y1={HEIGHT - 0.5}
          y2={HEIGHT - 0.5}
          className="stroke-white/15"
          strokeWidth={1}
          vectorEffect="non-scaling-stroke"
        />
        {bars.map((b, i) => {
          const h = b.value > 0 ? Math.max(2, (b.value / max) * (HEIGHT - 4)) : 0;
          return (
            <rect key={b.label} x={i * 10 + GAP / 2} y={HEIGHT - h} width={10 - GAP} height={h} rx={1.5} className="fill-accent-500">
              <title>{`${b.title}: ${formatCount(b.value)}`}</title>
            </rect>
          );
        })}
      </svg>
      <div className="mt-2 flex justify-between text-xs text-mist-400" aria-hidden="true">
        <span>{bars[0]?.label}</span>
        <span>{bars.at(-1)?.label}</span>
      </div>
    </div>
  );
}
