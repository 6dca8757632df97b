import { useState } from "react";
import { Button } from "./ui.tsx";

/**
 * Ordering a list with Up and Down buttons (no drag: they work from the keyboard and
 * with a screen reader). `useReorder` keeps the order and a live-region message;
 * focus stays on the moved item's button, or its other button at either end.
 */
export function useReorder<T extends { id: number }>(initial: T[], idPrefix: string, nameOf: (item: T) => string) {
  const [order, setOrder] = useState<T[]>(initial);
  const [announcement, setAnnouncement] = useState("");
  const move = (index: number, by: -1 | 1) => {
    const to = index + by;
    if (to < 0 || to >= order.length) return;
    const next = [...order];
    [next[index], next[to]] = [next[to]!, next[index]!];
    setOrder(next);
    setAnnouncement(`${nameOf(next[to]!)} moved to position ${to + 1} of ${next.length}`);
    requestAnimationFrame(() => {
      const edge = (by === -1 && to === 0) || (by === 1 && to === next.length - 1);
      const which = edge ? (by === -1 ? "down" : "up") : by === -1 ? "up" : "down";
      document.getElementById(`${idPrefix}-${which}-${next[to]!.id}`)?.focus();
    });
  };
  return { order, setOrder, move, announcement, setAnnouncement };
}

/** The polite live region that says what a move did. */
export function ReorderStatus({ message }: { message: string }) {
  return (
    <p className="sr-only" role="status" aria-live="polite">
      {message}
    </p>
  );
}

export function MoveButtons({
  idPrefix,
  id,
  name,
  index,
  count,
  onMove,
}: {
  idPrefix: string;
  id: number;
  name: string;
  index: number;
  count: number;
  onMove: (index: number, by: -1 | 1) => void;
}) {
  return (
    <>
      <Button
        id={`${idPrefix}-up-${id}`}
        variant="secondary"
        size="sm"
        onClick={() => onMove(index, -1)}
        disabled={index === 0}
        aria-label={`Move ${name} up`}
      >
        <span aria-hidden="true">↑</span> Up
      </Button>
      <Button
        id={`${idPrefix}-down-${id}`}
        variant="secondary"
        size="sm"
        onClick={() => onMove(index, 1)}
        disabled={index === count - 1}
        aria-label={`Move ${name} down`}
      >
        <span aria-hidden="true">↓</span> Down
      </Button>
    </>
  );
}

/** The card badge saying the order on screen is not saved yet. */
export function UnsavedBadge({ show, children }: { show: boolean; children: string }) {
  if (!show) return null;
  return <span className="rounded-full bg-amber-400/15 px-2.5 py-0.5 text-xs font-semibold text-amber-200">{children}</span>;
}
