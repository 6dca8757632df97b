import { useId, type ReactElement, type ReactNode } from "react";

/**
 * A short text shown above its trigger on hover and keyboard focus, and read out
 * with it (aria-describedby). The trigger must be focusable to be reachable.
 */
export function Tooltip({ text, children }: { text: string; children: (describedBy: string) => ReactElement | ReactNode }) {
  const id = useId();
  return (
    <span className="group/tooltip relative inline-flex">
      {children(id)}
      <span
        id={id}
        role="tooltip"
        className="pointer-events-none invisible absolute bottom-full left-1/2 z-20 mb-2 -translate-x-1/2 rounded-md bg-ink-950 px-2.5 py-1 text-xs font-medium whitespace-nowrap text-mist-100 opacity-0 shadow-lg ring-1 ring-white/10 transition-opacity group-focus-within/tooltip:visible group-focus-within/tooltip:opacity-100 group-hover/tooltip:visible group-hover/tooltip:opacity-100"
      >
        {text}
      </span>
    </span>
  );
}
