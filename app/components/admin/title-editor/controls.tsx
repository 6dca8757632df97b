import { useId, type ComponentProps, type ReactNode } from "react";
import { inputClass } from "#app/components/forms/field.tsx";
import { TrashIcon } from "#app/components/ui/icons.tsx";
import { LINK_STATUS_LABELS, LINK_STATUSES, type EditorLinkStatus } from "#app/modules/catalogue/admin-form.ts";
import { useEditor, useFieldError } from "./context.tsx";

/** Messages shown under a row's control, tied to it by id. */
function RowError({ id, messages }: { id: string; messages: string[] | undefined }) {
  if (!messages?.length) return null;
  return (
    <p id={id} className="mt-1 text-xs text-red-300">
      {messages[0]}
    </p>
  );
}

/**
 * A control inside a repeated row: it is named by `label` (shown small above it on
 * wide screens and always given to screen readers) and shows the messages of
 * `field` beneath it.
 */
export function RowControl({
  label,
  field,
  className = "",
  children,
}: {
  label: string;
  field: string;
  className?: string;
  children: (props: { id: string; "aria-invalid"?: boolean; "aria-describedby"?: string }) => ReactNode;
}) {
  const id = useId();
  const messages = useFieldError(field);
  return (
    <div className={`min-w-0 ${className}`}>
      <label htmlFor={id} className="mb-1 block text-xs font-medium text-mist-300">
        {label}
      </label>
      {children({
        id,
        "aria-invalid": messages?.length ? true : undefined,
        "aria-describedby": messages?.length ? `${id}-error` : undefined,
      })}
      <RowError id={`${id}-error`} messages={messages} />
    </div>
  );
}

export function RowInput({ label, field, className, ...props }: ComponentProps<"input"> & { label: string; field: string }) {
  return (
    <RowControl label={label} field={field} className={className}>
      {(aria) => <input {...props} {...aria} className={`${inputClass("compact")} py-1.5`} />}
    </RowControl>
  );
}

const STATUS_DOT: Record<EditorLinkStatus, string> = {
  unchecked: "bg-sky-300",
  ok: "bg-emerald-400",
  broken: "bg-red-400",
  disabled: "bg-mist-400",
};

/** A link's health, shown as a coloured dot and changed with the select beside it. */
export function StatusSelect({
  label,
  field,
  value,
  onChange,
  className = "",
}: {
  label: string;
  field: string;
  value: EditorLinkStatus;
  onChange: (status: EditorLinkStatus) => void;
  className?: string;
}) {
  return (
    <RowControl label={label} field={field} className={className}>
      {(aria) => (
        <div className="relative">
          <span
            className={`pointer-events-none absolute top-1/2 left-3 h-2 w-2 -translate-y-1/2 rounded-full ${STATUS_DOT[value]}`}
            aria-hidden="true"
          />
          <select
            {...aria}
            value={value}
            onChange={(e) => onChange(e.target.value as EditorLinkStatus)}
            className={`${inputClass("compact")} py-1.5 pl-7`}
          >
            {/* "Not checked yet" is a new link's start, not a status to go back to. */}
            {LINK_STATUSES.filter((s) => s !== "unchecked" || value === "unchecked").map((s) => (
              <option key={s} value={s}>
                {LINK_STATUS_LABELS[s]}
              </option>
            ))}
          </select>
        </div>
      )}
    </RowControl>
  );
}

/** The trash button of a row; `label` says what goes ("Remove URL 2 of option 1"). */
export function RemoveButton({
  label,
  onClick,
  disabled,
  text,
}: {
  label: string;
  onClick: () => void;
  disabled?: boolean;
  text?: string;
}) {
  const { removing } = useEditor();
  return (
    <button
      type="button"
      onClick={onClick}
      disabled={disabled || removing}
      aria-label={label}
      title={label}
      className="inline-flex h-9 shrink-0 items-center justify-center gap-1.5 rounded-lg px-2.5 text-sm font-medium text-mist-300 hover:bg-red-500/10 hover:text-red-300 disabled:cursor-not-allowed disabled:opacity-40"
    >
      <TrashIcon size={16} />
      {text}
    </button>
  );
}

/** Messages about a whole row or list (e.g. "This link does not belong here"). */
export function GroupMessages({ messages }: { messages: string[] }) {
  if (messages.length === 0) return null;
  return (
    <ul className="mb-3 space-y-1 rounded-lg bg-red-500/10 px-3 py-2 text-sm text-red-200" role="alert">
      {messages.map((m) => (
        <li key={m}>{m}</li>
      ))}
    </ul>
  );
}

/** Messages under `key` itself and under `key.<one of suffixes>`. */
export function useRowMessages(key: string, suffixes: string[]): string[] {
  const { errors } = useEditor();
  return [key, ...suffixes.map((s) => `${key}.${s}`)].flatMap((k) => errors[k] ?? []);
}
