import { Fragment, useEffect, useId, useRef, useState, type ReactNode } from "react";
import { Form, useActionData, useNavigation } from "react-router";
import type { z } from "zod";
import { useHydrated } from "#app/components/ui/use-hydrated.ts";
import { clientErrors, formValues, type FieldErrors, type FormResult } from "#app/utils/submission.ts";
import { FormState } from "./field.tsx";
import { SubmissionIdField } from "#app/components/forms/submission-id.tsx";
import { Honeypot } from "./honeypot.tsx";

/**
 * The visitor forms' frame: a plain <Form method="post"> that works without
 * JavaScript (the browser's own checks from the inputs' attributes, then the
 * server's), and with JavaScript checks the form's Zod schema before posting, so
 * the messages are the same either way. Errors come back with what was typed.
 *
 * After a success the fields are drawn again empty (also without JavaScript: the
 * page's own starting values, e.g. a report's link, are dropped too) and, with
 * JavaScript, Submit stays disabled until the visitor changes something, so the
 * same thing is not sent twice by a second click.
 */
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
  /** The fields; as a function, told whether a submission has succeeded (the page's own values are then gone). */
  children: ReactNode | ((state: { cleared: boolean }) => ReactNode);
}) {
  const result = useActionData() as FormResult<{ detail?: string | null; received?: string }> | undefined;
  const navigation = useNavigation();
  const hydrated = useHydrated();
  const formId = useId();
  const statusRef = useRef<HTMLDivElement>(null);
  const [localErrors, setLocalErrors] = useState<FieldErrors | null>(null);
  const submitting = navigation.state === "submitting" && navigation.formMethod?.toLowerCase() === "post";
  // Each success draws the fields anew (a new key) and waits for an edit before the next send.
  // Set while rendering: React's way to derive state from a changed prop.
  const [seen, setSeen] = useState(result);
  const [generation, setGeneration] = useState(0);
  const [awaitingEdit, setAwaitingEdit] = useState(false);
  if (result !== seen) {
    setSeen(result);
    if (result?.ok) {
      setGeneration((g) => g + 1);
      setAwaitingEdit(true);
    }
  }
  const cleared = generation > 0 || Boolean(result?.ok);

  useEffect(() => {
    if (!result) return;
    statusRef.current?.focus();
  }, [result]);

  const banner = localErrors ? null : result;

  return (
    <FormState result={result} errors={localErrors} initialValues={cleared ? {} : initialValues}>
      <Form
        method="post"
        noValidate={hydrated}
        className="space-y-5"
        onInput={() => setAwaitingEdit(false)}
        onChange={() => setAwaitingEdit(false)}
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
              {banner.received && <p className="mt-1 text-sm text-emerald-100">{banner.received}</p>}
              {banner.detail && <p className="mt-1 text-sm text-emerald-300">{banner.detail}</p>}
            </div>
          )}
          {banner && !banner.ok && (
            <p role="alert" className="rounded-xl bg-red-500/10 px-4 py-3 font-medium text-red-200 ring-1 ring-red-400/30">
              {banner.error}
            </p>
          )}
        </div>
        <Honeypot />
        <SubmissionIdField result={result} />
        <Fragment key={generation}>{typeof children === "function" ? children({ cleared }) : children}</Fragment>
        <button
          type="submit"
          disabled={submitting || (hydrated && awaitingEdit)}
          aria-describedby={hydrated && awaitingEdit ? `${formId}-sent` : undefined}
          className="inline-flex items-center justify-center gap-2 rounded-full bg-accent-500 px-6 py-2.5 font-semibold text-ink-950 transition-colors hover:bg-accent-400 disabled:cursor-not-allowed disabled:opacity-70"
        >
          {submitting ? "Sending..." : submitLabel}
        </button>
        {hydrated && awaitingEdit && (
          <p id={`${formId}-sent`} className="text-sm text-mist-400">
            Sent. Change the form to send another.
          </p>
        )}
      </Form>
    </FormState>
  );
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
