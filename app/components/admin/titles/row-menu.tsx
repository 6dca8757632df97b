import { useEffect, useId, useRef, useState, type ReactNode } from "react";
import { Link } from "react-router";
import { MoreIcon } from "#app/components/ui/icons.tsx";

/** An entry of a RowMenu: a link, or a button (the destructive one marked `danger`). */
export type RowMenuItem = { label: ReactNode; name: string; icon: ReactNode } & (
  { to: string } | { onSelect: () => void; danger?: boolean }
);

function menuItemClass(danger = false) {
  return `flex w-full items-center gap-2 rounded-md px-3 py-2 text-left text-sm font-medium ${
    danger ? "text-red-300 hover:bg-red-500/10" : "text-mist-100 hover:bg-white/8 hover:text-white"
  }`;
}

/**
 * A row's actions behind one button (a disclosure: the button says whether the list is open).
 * Escape, a click elsewhere or focus leaving it closes the list; Escape puts focus back on the
 * button. A button entry closes the list and focuses the button before it acts, so a dialog it opens
 * hands focus back to the button when it closes.
 */
export function RowMenu({ label, items }: { label: string; items: RowMenuItem[] }) {
  const [open, setOpen] = useState(false);
  const wrap = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const listId = useId();
  useEffect(() => {
    if (!open) return;
    const outside = (event: PointerEvent) => {
      if (!wrap.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener("pointerdown", outside);
    return () => document.removeEventListener("pointerdown", outside);
  }, [open]);
  const close = () => {
    setOpen(false);
    button.current?.focus();
  };
  return (
    <div
      ref={wrap}
      className="relative inline-block text-left"
      onKeyDown={(event) => {
        if (event.key !== "Escape" || !open) return;
        event.stopPropagation();
        close();
      }}
      onBlur={(event) => {
        if (open && !wrap.current?.contains(event.relatedTarget as Node | null)) setOpen(false);
      }}
    >
      <button
        ref={button}
        type="button"
        aria-label={label}
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((o) => !o)}
        className="inline-flex h-8 w-8 items-center justify-center rounded-md text-mist-300 hover:bg-white/8 hover:text-white aria-expanded:bg-white/10 aria-expanded:text-white"
      >
        <MoreIcon size={18} />
      </button>
      <ul
        id={listId}
        hidden={!open}
        className="absolute top-full right-0 z-20 mt-1 w-48 rounded-lg border border-white/12 bg-ink-800 p-1 shadow-xl"
      >
        {items.map((item) => (
          <li key={item.name}>
            {"to" in item ? (
              <Link to={item.to} className={menuItemClass()} aria-label={item.name}>
                {item.icon} {item.label}
              </Link>
            ) : (
              <button
                type="button"
                onClick={() => {
                  close();
                  item.onSelect();
                }}
                className={menuItemClass(item.danger)}
                aria-label={item.name}
              >
                {item.icon} {item.label}
              </button>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
