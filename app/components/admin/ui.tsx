import { useEffect, useId, useRef, useState, type ComponentProps, type ReactNode } from "react";
import { inputClass } from "#app/components/forms/field.tsx";
import { SearchIcon } from "#app/components/ui/icons.tsx";

/** Shared building blocks of the admin panel, so every screen looks and behaves alike. */

const BUTTON_VARIANTS = {
  primary: "bg-accent-500 text-ink-950 hover:bg-accent-400 disabled:bg-accent-500/50",
  secondary: "border border-white/12 bg-white/5 text-white hover:bg-white/10 disabled:opacity-50",
  danger: "bg-red-600 text-[#fff] hover:bg-red-500 disabled:opacity-50",
  ghost: "text-mist-300 hover:bg-white/8 hover:text-white disabled:opacity-50",
} as const;

export function buttonClass(variant: keyof typeof BUTTON_VARIANTS = "primary", size: "sm" | "md" = "md") {
  return [
    "inline-flex items-center justify-center gap-2 rounded-lg font-semibold transition-colors disabled:cursor-not-allowed",
    size === "sm" ? "px-3 py-1.5 text-sm" : "px-4 py-2.5 text-sm",
    BUTTON_VARIANTS[variant],
  ].join(" ");
}

export function Button({
  variant = "primary",
  size = "md",
  className = "",
  type = "button",
  ...props
}: ComponentProps<"button"> & { variant?: keyof typeof BUTTON_VARIANTS; size?: "sm" | "md" }) {
  return <button type={type} className={`${buttonClass(variant, size)} ${className}`} {...props} />;
}

export function Card({
  title,
  action,
  children,
  className = "",
}: {
  title?: ReactNode;
  action?: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  return (
    <section className={`rounded-2xl border border-white/8 bg-ink-900/80 p-5 sm:p-6 ${className}`}>
      {(title || action) && (
        <div className="mb-4 flex items-center justify-between gap-3">
          {title && <h2 className="text-base font-semibold text-white">{title}</h2>}
          {action}
        </div>
      )}
      {children}
    </section>
  );
}

export function PageHeader({ title, subtitle, actions }: { title: ReactNode; subtitle?: ReactNode; actions?: ReactNode }) {
  return (
    <header className="mb-6 flex flex-wrap items-end justify-between gap-4">
      <div>
        <h1 className="text-2xl font-bold tracking-tight text-white sm:text-3xl">{title}</h1>
        {subtitle && <p className="mt-1 text-sm text-mist-300">{subtitle}</p>}
      </div>
      {actions && <div className="flex flex-wrap gap-2">{actions}</div>}
    </header>
  );
}

/**
 * A confirmation dialog on the native <dialog> (focus kept inside, Escape closes).
 * `onConfirm` runs when the person confirms.
 */
export function ConfirmDialog({
  open,
  message,
  detail,
  confirmLabel = "Confirm",
  danger = false,
  onConfirm,
  onCancel,
}: {
  open: boolean;
  message: ReactNode;
  /** A second line saying what exactly is at stake (the dialog's description). */
  detail?: ReactNode;
  confirmLabel?: string;
  danger?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const detailId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      aria-describedby={detail ? detailId : undefined}
      onCancel={(event) => {
        event.preventDefault();
        onCancel();
      }}
      className="m-auto w-[min(92vw,26rem)] rounded-2xl border border-white/10 bg-ink-800 p-6 text-mist-100 shadow-2xl backdrop:bg-black/60"
    >
      <p id={titleId} className="text-base font-semibold text-white">
        {message}
      </p>
      {detail && (
        <p id={detailId} className="mt-2 text-sm break-words text-mist-300">
          {detail}
        </p>
      )}
      <div className="mt-6 flex justify-end gap-2">
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button variant={danger ? "danger" : "primary"} onClick={onConfirm} autoFocus>
          {confirmLabel}
        </Button>
      </div>
    </dialog>
  );
}

/** State for one ConfirmDialog: `ask(action)` opens it, confirming runs the action. */
export function useConfirm() {
  const [pending, setPending] = useState<(() => void) | null>(null);
  return {
    ask: (action: () => void) => setPending(() => action),
    dialogProps: {
      open: pending !== null,
      onConfirm: () => {
        const action = pending;
        setPending(null);
        action?.();
      },
      onCancel: () => setPending(null),
    },
  };
}

export function EmptyState({ children }: { children: ReactNode }) {
  return <p className="rounded-xl border border-dashed border-white/12 px-4 py-10 text-center text-mist-300">{children}</p>;
}

/**
 * A wide table's frame: it scrolls sideways inside its card on a phone. Positioned,
 * so the screen-reader-only text of its buttons (absolutely placed) stays inside it
 * rather than widening the page.
 */
export function TableScroller({ children }: { children: ReactNode }) {
  return <div className="relative overflow-x-auto">{children}</div>;
}

/** A column of an admin table's head: its label, right-aligned for figures and actions. */
export type TableColumn = string | { label: string; align: "right" };

/** The head row of an admin data table, padded so the first and last columns line up with the card's edges. */
export function TableHead({ columns }: { columns: TableColumn[] }) {
  return (
    <thead className="border-b border-white/8 text-xs tracking-wide text-mist-400 uppercase">
      <tr>
        {columns.map((column, i) => {
          const { label, align } = typeof column === "string" ? { label: column, align: undefined } : column;
          const padding = i === 0 ? "py-2 pr-3" : i === columns.length - 1 ? "py-2 pl-3" : "px-3 py-2";
          return (
            <th key={label} scope="col" className={`${padding} font-medium${align === "right" ? " text-right" : ""}`}>
              {label}
            </th>
          );
        })}
      </tr>
    </thead>
  );
}

/** The search box of an admin list: a labelled field (`q` unless named) with the search icon (the form around it is the caller's). */
export function ListSearchInput({
  id,
  name = "q",
  label,
  defaultValue,
  maxLength,
  placeholder,
}: {
  id: string;
  name?: string;
  label: ReactNode;
  defaultValue: string;
  maxLength: number;
  placeholder: string;
}) {
  return (
    <>
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <div className="relative flex-1">
        <SearchIcon size={16} className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-mist-400" />
        <input
          id={id}
          // Remounted when the address changes, so Back shows the query of that page.
          key={defaultValue}
          type="search"
          name={name}
          defaultValue={defaultValue}
          maxLength={maxLength}
          placeholder={placeholder}
          className={`${inputClass("compact")} pl-9`}
        />
      </div>
    </>
  );
}
