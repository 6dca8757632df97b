import { createContext, useContext, type ReactNode } from "react";
import { Form, Link, useLocation, useNavigation } from "react-router";
import { exactTime } from "#app/utils/format.ts";
import { Button, buttonClass, ListSearchInput } from "#app/components/admin/ui.tsx";
import { ErrorList, Field, FormState, inputClass, useFormState } from "#app/components/forms/field.tsx";
import { EditIcon, ExternalIcon } from "#app/components/ui/icons.tsx";
import { adminEditPath } from "#app/modules/catalogue/admin-form.ts";
import { titlePath } from "#app/modules/catalogue/paths.ts";
import type { CatalogueTitleRef } from "#app/modules/catalogue/link-refs.server.ts";
import { LIMITS } from "#app/modules/inbox/forms.ts";
import { INBOX_SEARCH_MAX_LENGTH } from "#app/modules/inbox/inbox.ts";
import type { FormResult } from "#app/utils/submission.ts";

/** The pieces every kind's item page is made of. */

export function Facts({ items }: { items: [string, ReactNode][] }) {
  const shown = items.filter(([, value]) => value !== null && value !== undefined && value !== "");
  return (
    <dl className="grid gap-x-6 gap-y-3 text-sm sm:grid-cols-2">
      {shown.map(([label, value]) => (
        <div key={label} className="min-w-0">
          <dt className="text-xs font-medium text-mist-400">{label}</dt>
          <dd className="mt-0.5 break-words text-mist-100">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

export function ExternalLink({ href, children }: { href: string; children: ReactNode }) {
  const safe = /^https?:\/\//i.test(href);
  if (!safe) return <span className="break-all">{children}</span>;
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      className="break-all text-sky-300 underline underline-offset-2 hover:text-sky-200"
    >
      {children}
      <span className="sr-only"> (opens in a new tab)</span>
    </a>
  );
}

export function MailLink({ email }: { email: string }) {
  return (
    <a href={`mailto:${email}`} className="break-all text-sky-300 underline underline-offset-2">
      {email}
    </a>
  );
}

/** A visitor's text, kept as typed (line breaks and all, markup as text). */
export function Quote({ children, className = "p-3" }: { children: ReactNode; className?: string }) {
  return <p className={`rounded-lg bg-white/4 text-sm whitespace-pre-wrap text-mist-100 ${className}`}>{children}</p>;
}

export function TitleLinks({ title }: { title: CatalogueTitleRef }) {
  return (
    <span className="inline-flex flex-wrap items-center gap-x-3 gap-y-1">
      <span className="font-semibold text-white">
        {title.title}
        {title.year ? ` (${title.year})` : ""}
      </span>
      <Link
        to={adminEditPath(title)}
        className="inline-flex items-center gap-1 text-sm font-semibold text-accent-300 hover:text-accent-200"
      >
        <EditIcon size={14} /> Edit title<span className="sr-only"> {title.title}</span>
      </Link>
      <Link to={titlePath(title)} className="inline-flex items-center gap-1 text-sm text-mist-300 hover:text-white">
        <ExternalIcon size={14} /> View on site<span className="sr-only">: {title.title}</span>
      </Link>
    </span>
  );
}

export function Resolution({ item, children }: { item: { resolvedAt: string | null; resolvedBy: string | null }; children?: ReactNode }) {
  return (
    <div className="rounded-xl border border-white/8 bg-white/3 p-4 text-sm text-mist-100">
      {children}
      {item.resolvedAt && (
        <p className="mt-1 text-xs text-mist-400">
          {item.resolvedBy ? `By ${item.resolvedBy}, ` : ""}
          {exactTime(item.resolvedAt)}
        </p>
      )}
    </div>
  );
}

/** The answer of the form last posted on this page, and the path it was posted to. */
const PostedContext = createContext<{ result: FormResult | undefined; path: string }>({ result: undefined, path: "" });

/** Gives the item page's forms the last answer; each form takes it only if it was the one posted. */
export function PostedResult({ result, children }: { result: FormResult | undefined; children: ReactNode }) {
  const { pathname } = useLocation();
  return <PostedContext.Provider value={{ result, path: pathname }}>{children}</PostedContext.Provider>;
}

/**
 * One of the item page's forms: it posts to its own route (`to`, built with href()),
 * keeping the list's filters in the address, and shows that route's answer next to
 * its fields.
 */
export function InboxForm({ to, className, children }: { to: string; className?: string; children: ReactNode }) {
  const { result, path } = useContext(PostedContext);
  const { search } = useLocation();
  return (
    <FormState result={path === to ? result : undefined} density="compact">
      <Form method="post" action={`${to}${search}`} className={className}>
        {children}
      </Form>
    </FormState>
  );
}

/** A submit button, disabled while any form of the page is being sent. `name`/`value` choose between a form's outcomes. */
export function SubmitButton({
  label,
  name,
  value,
  variant = "primary",
  size,
  children,
}: {
  label: string;
  name?: string;
  value?: string;
  variant?: "primary" | "secondary" | "danger";
  size?: "sm" | "md";
  children?: ReactNode;
}) {
  const busy = useNavigation().state === "submitting";
  return (
    <Button type="submit" name={name} value={value} variant={variant} size={size} disabled={busy}>
      {label}
      {children}
    </Button>
  );
}

/** A note or reason (LIMITS.note long); the server says when one is needed, so the browser does not block the post. */
export function NoteField({
  name,
  label,
  required = false,
  placeholder,
}: {
  name: string;
  label: string;
  required?: boolean;
  placeholder?: string;
}) {
  const { errors, values, density } = useFormState();
  return (
    <Field label={label} errors={errors[name]}>
      {(control) => (
        <textarea
          {...control}
          name={name}
          rows={3}
          maxLength={LIMITS.note}
          aria-required={required || undefined}
          placeholder={placeholder}
          defaultValue={values[name] ?? ""}
          className={inputClass(density)}
        />
      )}
    </Field>
  );
}

/** The messages of a choice made of several controls (radios, checkboxes), under the group. */
export function ChoiceErrors({ name }: { name: string }) {
  return <ErrorList id={`${name}-error`} errors={useFormState().errors[name]} />;
}

/** A GET form on the item's page (`itemPath`) that searches the catalogue, keeping the list's filters in the URL. */
export function FindTitles({ itemPath, find, label, placeholder }: { itemPath: string; find: string; label: string; placeholder: string }) {
  const location = useLocation();
  const kept = [...new URLSearchParams(location.search)].filter(([name]) => name !== "find");
  return (
    <Form method="get" action={itemPath} role="search" className="flex gap-2" preventScrollReset>
      {kept.map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <ListSearchInput
        id="inbox-find"
        name="find"
        label={label}
        defaultValue={find}
        maxLength={INBOX_SEARCH_MAX_LENGTH}
        placeholder={placeholder}
      />
      <button type="submit" className={buttonClass("secondary")}>
        Find
      </button>
    </Form>
  );
}

/** What the last post on the page did, for everyone (the field's own message stays by the field). */
export function ResultBanner({ result }: { result: FormResult | undefined }) {
  return (
    <div aria-live="polite">
      {result && (
        <p
          role={result.ok ? "status" : "alert"}
          className={`mb-5 rounded-lg px-4 py-3 text-sm ring-1 ${result.ok ? "bg-emerald-500/10 text-emerald-200 ring-emerald-500/30" : "bg-red-500/10 text-red-200 ring-red-500/30"}`}
        >
          {result.ok ? result.message : result.error}
        </p>
      )}
    </div>
  );
}
