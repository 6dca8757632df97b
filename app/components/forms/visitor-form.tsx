import { createContext, useContext, useEffect, useId, useRef, useState, useSyncExternalStore, type ReactNode } from "react";
import { Form, useActionData, useNavigation } from "react-router";
import type { z } from "zod";
import { clientErrors, formValues, HONEYPOT_FIELD, type FormResult } from "#app/modules/inbox/forms.ts";

/**
 * The visitor forms' frame: a plain <Form method="post"> that works without
 * JavaScript (the browser's own checks from the inputs' attributes, then the
 * server's), and with JavaScript checks the form's Zod schema before posting, so
 * the messages are the same either way. Errors come back with what was typed.
 */

const subscribeNever = () => () => {};
/** False during server rendering and hydration, true after. */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribeNever,
    () => true,
    () => false,
  );
}

interface FormState {
  errors: Record<string, string>;
  values: Record<string, string>;
}

const FormStateContext = createContext<FormState>({ errors: {}, values: {} });

export const inputClass =
  "block w-full rounded-lg border border-white/10 bg-ink-900 px-3.5 py-2.5 text-mist-100 placeholder:text-mist-400 transition-colors focus:border-accent-400 focus:outline-none focus:ring-2 focus:ring-accent-400/30 aria-[invalid=true]:border-red-400";

export function VisitorForm({
  schema,
  initialValues = {},
  submitLabel,
  children,
}: {
  schema: z.ZodType;
  /** Values the page starts with (e.g. a report's link, from the address). */
  initialValues?: Record<string, string>;
  submitLabel: string;
  children: ReactNode;
}) {
  const result = useActionData() as FormResult | undefined;
  const navigation = useNavigation();
  const hydrated = useHydrated();
  const formRef = useRef<HTMLFormElement>(null);
  const statusRef = useRef<HTMLDivElement>(null);
  const [localErrors, setLocalErrors] = useState<Record<string, string> | null>(null);
  const submitting = navigation.state === "submitting" && navigation.formMethod?.toLowerCase() === "post";

  useEffect(() => {
    if (!result) return;
    if (result.ok) formRef.current?.reset();
    statusRef.current?.focus();
  }, [result]);

  const serverErrors = result && !result.ok ? result.fields : {};
  const errors = localErrors ?? serverErrors;
  const values = result && !result.ok ? { ...initialValues, ...result.values } : initialValues;
  const banner = localErrors ? null : result;

  return (
    <FormStateContext.Provider value={{ errors, values }}>
      <Form
        ref={formRef}
        method="post"
        noValidate={hydrated}
        className="space-y-5"
        onSubmit={(event) => {
          const found = clientErrors(schema, formValues(new FormData(event.currentTarget)));
          setLocalErrors(found);
          if (found) {
            event.preventDefault();
            const first = Object.keys(found)[0];
            const field = first ? event.currentTarget.querySelector<HTMLElement>(`[name="${CSS.escape(first)}"]`) : null;
            field?.focus();
          }
        }}
      >
        <div ref={statusRef} tabIndex={-1} className="outline-none">
          {banner?.ok && (
            <div role="status" className="rounded-xl bg-emerald-400/10 px-4 py-3 text-emerald-200 ring-1 ring-emerald-400/30">
              <p className="font-semibold">{banner.message}</p>
              {banner.detail && <p className="mt-1 text-sm text-emerald-300">{banner.detail}</p>}
            </div>
          )}
          {banner && !banner.ok && (
            <p role="alert" className="rounded-xl bg-red-500/10 px-4 py-3 font-medium text-red-200 ring-1 ring-red-400/30">
              {banner.error}
            </p>
          )}
        </div>
        {/* Hidden from people (and screen readers); robots that fill every field give themselves away. */}
        <div hidden>
          <label>
            Leave this field empty
            <input type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" defaultValue="" />
          </label>
        </div>
        {children}
        <button
          type="submit"
          disabled={submitting}
          className="inline-flex items-center justify-center gap-2 rounded-full bg-accent-500 px-6 py-2.5 font-semibold text-ink-950 transition-colors hover:bg-accent-400 disabled:cursor-wait disabled:opacity-70"
        >
          {submitting ? "Sending..." : submitLabel}
        </button>
      </Form>
    </FormStateContext.Provider>
  );
}

function useField(name: string) {
  const { errors, values } = useContext(FormStateContext);
  const id = useId();
  const error = errors[name];
  return {
    id,
    error,
    value: values[name],
    describedBy: error ? `${id}-error` : undefined,
  };
}

function FieldFrame({
  id,
  label,
  required,
  error,
  hint,
  children,
}: {
  id: string;
  label: string;
  required?: boolean;
  error?: string;
  hint?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-mist-100">
        {label}
        {required && (
          <span className="text-accent-300" aria-hidden="true">
            {" "}
            *
          </span>
        )}
      </label>
      {children}
      {hint && <p className="mt-1.5 text-xs text-mist-400">{hint}</p>}
      {error && (
        <p id={`${id}-error`} className="mt-1.5 text-sm font-medium text-red-300">
          {error}
        </p>
      )}
    </div>
  );
}

export function TextField({
  name,
  label,
  required,
  maxLength,
  type = "text",
  autoComplete,
  placeholder,
  inputMode,
  pattern,
  minLength,
  hint,
}: {
  name: string;
  label: string;
  required?: boolean;
  maxLength: number;
  type?: "text" | "email" | "url";
  autoComplete?: string;
  placeholder?: string;
  inputMode?: "numeric" | "email" | "url" | "text";
  pattern?: string;
  minLength?: number;
  hint?: ReactNode;
}) {
  const field = useField(name);
  return (
    <FieldFrame id={field.id} label={label} required={required} error={field.error} hint={hint}>
      <input
        id={field.id}
        name={name}
        type={type}
        required={required}
        maxLength={maxLength}
        minLength={minLength}
        pattern={pattern}
        inputMode={inputMode}
        autoComplete={autoComplete ?? "off"}
        placeholder={placeholder}
        defaultValue={field.value ?? ""}
        aria-invalid={field.error ? true : undefined}
        aria-describedby={field.describedBy}
        className={inputClass}
      />
    </FieldFrame>
  );
}

export function TextArea({
  name,
  label,
  required,
  maxLength,
  rows = 5,
  placeholder,
}: {
  name: string;
  label: string;
  required?: boolean;
  maxLength: number;
  rows?: number;
  placeholder?: string;
}) {
  const field = useField(name);
  return (
    <FieldFrame id={field.id} label={label} required={required} error={field.error}>
      <textarea
        id={field.id}
        name={name}
        required={required}
        maxLength={maxLength}
        rows={rows}
        placeholder={placeholder}
        defaultValue={field.value ?? ""}
        aria-invalid={field.error ? true : undefined}
        aria-describedby={field.describedBy}
        className={`${inputClass} resize-y`}
      />
    </FieldFrame>
  );
}

export function SelectField({
  name,
  label,
  required,
  options,
  placeholder,
}: {
  name: string;
  label: string;
  required?: boolean;
  options: readonly string[];
  placeholder: string;
}) {
  const field = useField(name);
  return (
    <FieldFrame id={field.id} label={label} required={required} error={field.error}>
      <select
        id={field.id}
        name={name}
        required={required}
        defaultValue={field.value && options.includes(field.value) ? field.value : ""}
        aria-invalid={field.error ? true : undefined}
        aria-describedby={field.describedBy}
        className={inputClass}
      >
        <option value="">{placeholder}</option>
        {options.map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </select>
    </FieldFrame>
  );
}

export function CheckboxField({ name, required, children }: { name: string; required?: boolean; children: ReactNode }) {
  const field = useField(name);
  return (
    <div>
      <label htmlFor={field.id} className="flex items-start gap-3 text-sm leading-relaxed text-mist-300">
        <input
          id={field.id}
          name={name}
          type="checkbox"
          required={required}
          defaultChecked={field.value === "on"}
          aria-invalid={field.error ? true : undefined}
          aria-describedby={field.describedBy}
          className="mt-1 size-4 shrink-0 accent-accent-500"
        />
        <span>{children}</span>
      </label>
      {field.error && (
        <p id={`${field.id}-error`} className="mt-1.5 text-sm font-medium text-red-300">
          {field.error}
        </p>
      )}
    </div>
  );
}

/** A hidden value the page carries into the submission (a report's link or title). */
export function HiddenField({ name, value }: { name: string; value: string | undefined }) {
  return value ? <input type="hidden" name={name} value={value} /> : null;
}

/** The card that holds a form on a visitor page. */
export function FormCard({ heading, children }: { heading: string; children: ReactNode }) {
  return (
    <div className="rounded-2xl bg-ink-800 p-5 ring-1 ring-white/5 sm:p-8">
      <h2 className="mb-6 text-xl font-bold text-white">{heading}</h2>
      {children}
    </div>
  );
}
