import { useId, useState, type KeyboardEvent } from "react";
import { CloseIcon } from "#app/components/ui/icons.tsx";
import { splitList } from "#app/modules/catalogue/admin-form.ts";

/** The names in a comma-separated field (splitList), repeats (ignoring case) left out. */
export function splitTokens(text: string): string[] {
  const seen = new Set<string>();
  return splitList(text).filter((t) => !seen.has(t.toLowerCase()) && seen.add(t.toLowerCase()));
}

const joinTokens = (tokens: string[]) => tokens.join(", ");

/**
 * Names as chips (genres, directors, actors) over the form's comma-separated
 * value, which is what is saved, so the server reads the same field as before.
 * Enter or a comma adds what was typed (a pasted "A, B" adds both), leaving the
 * field adds it too, Backspace in the empty field removes the last chip, and
 * `suggestions` (e.g. the catalogue's genres) are offered as the person types.
 */
export function TokenInput({
  label,
  noun,
  value,
  onChange,
  hint,
  errors,
  suggestions,
}: {
  label: string;
  /** One item's word in button names ("Remove genre Drama"). */
  noun: string;
  value: string;
  onChange: (value: string) => void;
  hint?: string;
  errors?: readonly string[];
  suggestions?: readonly string[];
}) {
  const id = useId();
  const [draft, setDraft] = useState("");
  const tokens = splitTokens(value);
  const invalid = Boolean(errors?.length);
  const describedBy = [hint ? `${id}-hint` : null, invalid ? `${id}-error` : null].filter(Boolean).join(" ") || undefined;
  const offered = suggestions?.filter((s) => !tokens.some((t) => t.toLowerCase() === s.toLowerCase()));

  const add = (text: string) => {
    const next = splitTokens(joinTokens([...tokens, text]));
    if (next.length !== tokens.length) onChange(joinTokens(next));
  };
  const remove = (index: number) => onChange(joinTokens(tokens.filter((_, i) => i !== index)));

  const type = (text: string) => {
    // Everything before the last comma is finished names.
    const cut = text.lastIndexOf(",");
    if (cut === -1) return setDraft(text);
    add(text.slice(0, cut));
    setDraft(text.slice(cut + 1).trimStart());
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "Enter") {
      // Enter adds a name here instead of submitting the editor's form.
      event.preventDefault();
      add(draft);
      setDraft("");
    } else if (event.key === "Backspace" && draft === "" && tokens.length > 0) {
      event.preventDefault();
      remove(tokens.length - 1);
    }
  };

  return (
    <div>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-mist-100">
        {label}
      </label>
      <div
        className={`flex min-h-10 flex-wrap items-center gap-1.5 rounded-lg border bg-ink-900 px-2 py-1 transition-colors focus-within:border-accent-400 focus-within:ring-2 focus-within:ring-accent-400/30 ${
          invalid ? "border-red-400" : "border-white/12"
        }`}
      >
        {tokens.length > 0 && (
          <ul className="contents">
            {tokens.map((t, i) => (
              <li key={t} className="flex items-center gap-1 rounded-md bg-white/10 py-0.5 pr-0.5 pl-2 text-sm text-white">
                {t}
                <button
                  type="button"
                  onClick={() => remove(i)}
                  aria-label={`Remove ${noun} ${t}`}
                  className="flex h-6 w-6 items-center justify-center rounded text-mist-300 hover:bg-white/10 hover:text-white"
                >
                  <CloseIcon size={14} />
                </button>
              </li>
            ))}
          </ul>
        )}
        <input
          id={id}
          value={draft}
          onChange={(e) => type(e.target.value)}
          onKeyDown={onKeyDown}
          onBlur={() => {
            if (!draft.trim()) return;
            add(draft);
            setDraft("");
          }}
          list={offered?.length ? `${id}-suggestions` : undefined}
          autoComplete="off"
          aria-describedby={describedBy}
          aria-invalid={invalid ? true : undefined}
          placeholder={tokens.length === 0 ? `Add ${noun}s` : undefined}
          className="min-w-32 flex-1 bg-transparent px-1 py-1 text-sm text-mist-100 placeholder:text-mist-400 focus:outline-none"
        />
        {offered && offered.length > 0 && (
          <datalist id={`${id}-suggestions`}>
            {offered.map((s) => (
              <option key={s} value={s} />
            ))}
          </datalist>
        )}
      </div>
      {hint && (
        <p id={`${id}-hint`} className="mt-1.5 text-xs text-mist-400">
          {hint}
        </p>
      )}
      {invalid && (
        <p id={`${id}-error`} className="mt-1.5 text-sm text-red-300">
          {errors![0]}
        </p>
      )}
    </div>
  );
}
