import { createContext, useContext, useId, useState, type ReactNode } from "react";
import { EyeIcon, EyeOffIcon } from "#app/components/ui/icons.tsx";
import type { FieldErrors, FormResult, SubmittedValues } from "#app/utils/submission.ts";

/**
 * The one family of form fields, for the public site and the admin panel alike:
 * `Field` lays out a label, a control, a hint and the field's errors (wired for
 * screen readers); the named fields (`TextField`, …) read their errors and the
 * typed values from the nearest `FormState`, which an action's FormResult fills.
 */

const BASE_INPUT =
  "block w-full rounded-lg border border-white/12 bg-ink-900 text-mist-100 placeholder:text-mist-400 transition-colors focus:border-accent-400 focus:outline-none focus:ring-2 focus:ring-accent-400/30 aria-[invalid=true]:border-red-400 disabled:opacity-60";

/** Inputs' look: roomy on the public site, compact in the admin's dense screens. */
export function inputClass(density: "roomy" | "compact" = "roomy"): string {
  return `${BASE_INPUT} ${density === "compact" ? "px-3 py-2 text-sm" : "px-3.5 py-2.5"}`;
}

interface FormStateValue {
  errors: FieldErrors;
  values: SubmittedValues;
  /** True when the values are a refused submission's (so an absent checkbox was unticked). */
  refused: boolean;
  density: "roomy" | "compact";
}

const FormStateContext = createContext<FormStateValue>({ errors: {}, values: {}, refused: false, density: "roomy" });

/**
 * Gives the fields inside the answer of the last submission: each field's messages
 * and what was typed (a refused form keeps its values). `errors` overrides the
 * result's, for checks the browser ran before posting.
 */
export function FormState({
  result,
  errors,
  initialValues = {},
  density = "roomy",
  children,
}: {
  result?: FormResult | null;
  errors?: FieldErrors | null;
  initialValues?: SubmittedValues;
  density?: "roomy" | "compact";
  children: ReactNode;
}) {
  const failed = result && !result.ok ? result : null;
  const value: FormStateValue = {
    errors: errors ?? failed?.fields ?? {},
    values: failed ? { ...initialValues, ...failed.values } : initialValues,
    refused: Boolean(failed && Object.keys(failed.values).length > 0),
    density,
  };
  return <FormStateContext.Provider value={value}>{children}</FormStateContext.Provider>;
}

export function useFormState(): FormStateValue {
  return useContext(FormStateContext);
}

/** A field's messages, each on its own line, referenced by the control's aria-describedby. */
export function ErrorList({ id, errors }: { id: string; errors: readonly string[] | undefined }) {
  if (!errors?.length) return null;
  return (
    <ul id={id} className="mt-1.5 space-y-0.5 text-sm font-medium text-red-300">
      {errors.map((message) => (
        <li key={message}>{message}</li>
      ))}
    </ul>
  );
}

export interface ControlProps {
  id: string;
  "aria-describedby"?: string;
  "aria-invalid"?: true;
}

/** A labelled control with its hint and errors. The control is rendered by `children` with the ids it needs. */
export function Field({
  label,
  required,
  hint,
  errors,
  className = "",
  children,
}: {
  label: ReactNode;
  required?: boolean;
  hint?: ReactNode;
  errors?: readonly string[] | string | null;
  className?: string;
  children: (control: ControlProps) => ReactNode;
}) {
  const id = useId();
  const list = typeof errors === "string" ? [errors] : (errors ?? undefined);
  const invalid = Boolean(list?.length);
  const describedBy = [hint ? `${id}-hint` : null, invalid ? `${id}-error` : null].filter(Boolean).join(" ") || undefined;
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-mist-100">
        {label}
        {required && (
          <span className="text-accent-300" aria-hidden="true">
            {" "}
            *
          </span>
        )}
      </label>
      {children({ id, "aria-describedby": describedBy, "aria-invalid": invalid ? true : undefined })}
      {hint && (
        <p id={`${id}-hint`} className="mt-1.5 text-xs text-mist-400">
          {hint}
        </p>
      )}
      <ErrorList id={`${id}-error`} errors={list} />
    </div>
  );
}

/** A named field's errors and typed value from the FormState. */
function useNamed(name: string) {
  const { errors, values, density } = useFormState();
  return { errors: errors[name], value: values[name], className: inputClass(density) };
}

interface NamedProps {
  name: string;
  label: ReactNode;
  required?: boolean;
  hint?: ReactNode;
  className?: string;
  /** The value before anything was typed (a refused form shows what was typed instead). */
  defaultValue?: string;
}

export function TextField({
  name,
  label,
  required,
  hint,
  className,
  defaultValue,
  type = "text",
  autoComplete = "off",
  ...input
}: NamedProps & {
  maxLength: number;
  type?: "text" | "email" | "url" | "search" | "tel";
  autoComplete?: string;
  placeholder?: string;
  inputMode?: "numeric" | "email" | "url" | "text";
  pattern?: string;
  minLength?: number;
  disabled?: boolean;
  readOnly?: boolean;
}) {
  const field = useNamed(name);
  return (
    <Field label={label} required={required} hint={hint} errors={field.errors} className={className}>
      {(control) => (
        <input
          {...control}
          {...input}
          name={name}
          type={type}
          required={required}
          autoComplete={autoComplete}
          defaultValue={field.value ?? defaultValue ?? ""}
          className={field.className}
        />
      )}
    </Field>
  );
}

export function TextArea({
  name,
  label,
  required,
  hint,
  className,
  defaultValue,
  rows = 5,
  ...input
}: NamedProps & { maxLength: number; rows?: number; placeholder?: string }) {
  const field = useNamed(name);
  return (
    <Field label={label} required={required} hint={hint} errors={field.errors} className={className}>
      {(control) => (
        <textarea
          {...control}
          {...input}
          name={name}
          rows={rows}
          required={required}
          defaultValue={field.value ?? defaultValue ?? ""}
          className={`${field.className} resize-y`}
        />
      )}
    </Field>
  );
}

export function SelectField({
  name,
  label,
  required,
  hint,
  className,
  defaultValue = "",
  options,
  placeholder,
}: NamedProps & {
  options: readonly (string | { value: string; label: string })[];
  /** The empty first option; without it the first option is preselected. */
  placeholder?: string;
}) {
  const field = useNamed(name);
  const choices = options.map((option) => (typeof option === "string" ? { value: option, label: option } : option));
  const typed = field.value !== undefined && choices.some((c) => c.value === field.value) ? field.value : undefined;
  return (
    <Field label={label} required={required} hint={hint} errors={field.errors} className={className}>
      {(control) => (
        <select {...control} name={name} required={required} defaultValue={typed ?? defaultValue} className={field.className}>
          {placeholder !== undefined && <option value="">{placeholder}</option>}
          {choices.map((choice) => (
            <option key={choice.value} value={choice.value}>
              {choice.label}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}

/** A checkbox with its label beside it; it posts "on" when checked. */
export function CheckboxField({
  name,
  required,
  defaultChecked = false,
  children,
}: {
  name: string;
  required?: boolean;
  defaultChecked?: boolean;
  children: ReactNode;
}) {
  const { errors, values, refused } = useFormState();
  const id = useId();
  const messages = errors[name];
  const typed = refused ? values[name] === "on" : defaultChecked;
  return (
    <div>
      <label htmlFor={id} className="flex items-start gap-3 text-sm leading-relaxed text-mist-300">
        <input
          id={id}
          name={name}
          type="checkbox"
          required={required}
          defaultChecked={typed}
          aria-invalid={messages?.length ? true : undefined}
          aria-describedby={messages?.length ? `${id}-error` : undefined}
          className="mt-1 size-4 shrink-0 accent-accent-500"
        />
        <span>{children}</span>
      </label>
      <ErrorList id={`${id}-error`} errors={messages} />
    </div>
  );
}

/** A value the page carries into the submission (a report's link or title). */
export function HiddenField({ name, value }: { name: string; value: string | number | undefined | null }) {
  return value === undefined || value === null || value === "" ? null : <input type="hidden" name={name} value={value} />;
}

/**
 * A password with its show/hide toggle. Its messages come from the FormState; what
 * was typed never does (passwords are not sent back). `required` is checked by the
 * browser without marking the label, so the label reads exactly as the spec names it.
 */
export function PasswordField({
  name,
  label,
  required,
  hint,
  className,
  autoComplete,
  maxLength,
  minLength,
}: {
  name: string;
  label: ReactNode;
  required?: boolean;
  hint?: ReactNode;
  className?: string;
  autoComplete: "current-password" | "new-password";
  maxLength: number;
  minLength?: number;
}) {
  const { errors, density } = useFormState();
  const [shown, setShown] = useState(false);
  return (
    <Field label={label} hint={hint} errors={errors[name]} className={className}>
      {(control) => (
        <div className="relative">
          <input
            {...control}
            name={name}
            type={shown ? "text" : "password"}
            required={required}
            autoComplete={autoComplete}
            maxLength={maxLength}
            minLength={minLength}
            className={`${inputClass(density)} pr-11`}
          />
          <button
            type="button"
            onClick={() => setShown((s) => !s)}
            className="absolute inset-y-0 right-0 flex w-11 items-center justify-center rounded-r-lg text-mist-400 hover:text-white"
            aria-label={shown ? "Hide password" : "Show password"}
            aria-pressed={shown}
          >
            {shown ? <EyeOffIcon size={18} /> : <EyeIcon size={18} />}
          </button>
        </div>
      )}
    </Field>
  );
}
