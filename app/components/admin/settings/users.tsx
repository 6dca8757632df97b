import { useRef, useState } from "react";
import { Form, href, useActionData, useFetcher, useNavigation, useRouteLoaderData, useSubmit } from "react-router";
import { Button, Card, ConfirmDialog, TableHead } from "#app/components/admin/ui.tsx";
import { FormState, PasswordField, SelectField, TextField } from "#app/components/forms/field.tsx";
import { FormMessage, useOnSuccess, useResultToast } from "#app/components/forms/result.tsx";
import { MIN_PASSWORD_LENGTH } from "#app/constants.ts";
import { MAX_PASSWORD_LENGTH, ROLE_LABELS, ROLES, type Role } from "#app/modules/auth/schema.ts";
import type { AdminListEntry, UsersScreenData } from "#app/modules/auth/types.ts";
import type { FormResult } from "#app/utils/submission.ts";
import { formatDate } from "./shared.tsx";

export const ROLES_EXPLAINED =
  "Administrators can do everything, including managing accounts and the site settings. Editors manage the catalogue only.";

type PendingConfirm = { form: HTMLFormElement; message: string; confirmLabel: string };

/**
 * The Users screen below its header: the accounts and the add form. Each form posts
 * to its own route, which renders this with `form` naming the form whose answer it shows.
 */
export function UsersScreen({ form }: { form?: "add" | "account" }) {
  const { users, currentId } = useRouteLoaderData<UsersScreenData>("routes/admin/users")!;
  const result = useActionData<FormResult>();
  useResultToast(result);
  return (
    <>
      <UsersTable users={users} currentId={currentId} result={form === "account" ? result : undefined} />
      <AddUserForm posted={form === "add" ? result : undefined} />
    </>
  );
}

/** The account a row form posts about, while it is on its way. */
function busyAccount(action: string | undefined): string | null {
  return action?.match(/^\/dashboard\/users\/(\d+)\//)?.[1] ?? null;
}

/** The accounts, with role and status changes for everyone but the signed-in admin. */
export function UsersTable({ users, currentId, result }: { users: AdminListEntry[]; currentId: number; result: FormResult | undefined }) {
  const submit = useSubmit();
  const navigation = useNavigation();
  const [pending, setPending] = useState<PendingConfirm | null>(null);
  const failure = result && !result.ok ? result : undefined;
  const busyId = navigation.state === "submitting" ? busyAccount(navigation.formAction) : null;

  return (
    <Card title={`Accounts (${users.length})`}>
      {failure && (
        <div className="mb-4">
          <FormMessage result={failure} />
        </div>
      )}
      {/* A table from tablet width; a list of cards on phones. */}
      <table className="hidden w-full text-left text-sm md:table">
        <TableHead columns={["Name", "E-mail", "Role", "Status", "Created", { label: "Actions", align: "right" }]} />
        <tbody className="divide-y divide-white/8">
          {users.map((user) => (
            <tr key={user.id} className={user.disabled ? "text-mist-400" : undefined}>
              <th scope="row" className="py-3 pr-3 font-medium text-white">
                {user.name}
                {user.id === currentId && <YouBadge />}
              </th>
              <td className="px-3 py-3 break-all">{user.email}</td>
              <td className="px-3 py-3">{ROLE_LABELS[user.role]}</td>
              <td className="px-3 py-3">
                <StatusBadge disabled={user.disabled} />
              </td>
              <td className="px-3 py-3 whitespace-nowrap">{formatDate(user.createdAt)}</td>
              <td className="py-3 pl-3">
                <RowActions user={user} self={user.id === currentId} busy={busyId === String(user.id)} onConfirm={setPending} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <ul className="divide-y divide-white/8 md:hidden">
        {users.map((user) => (
          <li key={user.id} className="py-4 first:pt-0 last:pb-0">
            <div className="flex items-start justify-between gap-3">
              <div className="min-w-0">
                <p className="font-medium text-white">
                  {user.name}
                  {user.id === currentId && <YouBadge />}
                </p>
                <p className="text-sm break-all text-mist-300">{user.email}</p>
              </div>
              <StatusBadge disabled={user.disabled} />
            </div>
            <p className="mt-1 text-sm text-mist-400">
              {ROLE_LABELS[user.role]} · created {formatDate(user.createdAt)}
            </p>
            <div className="mt-3">
              <RowActions user={user} self={user.id === currentId} busy={busyId === String(user.id)} onConfirm={setPending} />
            </div>
          </li>
        ))}
      </ul>
      <ConfirmDialog
        open={pending !== null}
        message={pending?.message ?? ""}
        confirmLabel={pending?.confirmLabel}
        danger={pending?.confirmLabel === "Disable"}
        onCancel={() => setPending(null)}
        onConfirm={() => {
          if (pending) void submit(pending.form);
          setPending(null);
        }}
      />
    </Card>
  );
}

function YouBadge() {
  return <span className="ml-2 rounded-full bg-white/8 px-2 py-0.5 text-xs font-medium text-mist-300">You</span>;
}

function StatusBadge({ disabled }: { disabled: boolean }) {
  return (
    <span
      className={`inline-flex shrink-0 items-center rounded-full px-2 py-0.5 text-xs font-semibold ${
        disabled ? "bg-red-500/10 text-red-300" : "bg-emerald-500/10 text-emerald-300"
      }`}
    >
      {disabled ? "Disabled" : "Active"}
    </span>
  );
}

/** Plain forms, so they work without JavaScript; with it, disabling and re-enabling ask first. */
function RowActions({
  user,
  self,
  busy,
  onConfirm,
}: {
  user: AdminListEntry;
  self: boolean;
  busy: boolean;
  onConfirm: (pending: PendingConfirm) => void;
}) {
  if (self) return <p className="text-xs text-mist-400 md:text-right">Another Administrator can change your account.</p>;
  const otherRole: Role = user.role === "admin" ? "editor" : "admin";
  return (
    <div className="flex flex-wrap gap-2 md:justify-end">
      <Form method="post" action={href("/dashboard/users/:id/role", { id: String(user.id) })} preventScrollReset>
        <input type="hidden" name="role" value={otherRole} />
        <Button type="submit" size="sm" variant="secondary" disabled={busy}>
          Make {ROLE_LABELS[otherRole]}
          <span className="sr-only"> ({user.email})</span>
        </Button>
      </Form>
      <Form
        method="post"
        action={href(user.disabled ? "/dashboard/users/:id/enable" : "/dashboard/users/:id/disable", { id: String(user.id) })}
        preventScrollReset
        onSubmit={(event) => {
          event.preventDefault();
          onConfirm({
            form: event.currentTarget,
            message: user.disabled
              ? `Re-enable ${user.email}? They can sign in again.`
              : `Disable ${user.email}? They are signed out at once and cannot sign in until re-enabled.`,
            confirmLabel: user.disabled ? "Re-enable" : "Disable",
          });
        }}
      >
        <Button type="submit" size="sm" variant={user.disabled ? "secondary" : "danger"} disabled={busy}>
          {user.disabled ? "Re-enable" : "Disable"}
          <span className="sr-only"> ({user.email})</span>
        </Button>
      </Form>
    </div>
  );
}

const ROLE_OPTIONS = ROLES.map((role) => ({ value: role, label: ROLE_LABELS[role] }));

/**
 * The add-account form; the new account signs in with the initial password and can
 * change it in Settings. With JavaScript it posts without leaving the page, so what
 * was typed (the passwords too) stays in place when it is refused; without, the
 * page at /dashboard/users/new shows the answer (`posted`).
 */
export function AddUserForm({ posted }: { posted: FormResult | undefined }) {
  const fetcher = useFetcher<FormResult>({ key: "add-account" });
  const form = useRef<HTMLFormElement>(null);
  const action = href("/dashboard/users/new");
  const busy = fetcher.state === "submitting";
  const result = fetcher.data ?? posted;
  useResultToast(fetcher.data);
  useOnSuccess(result, () => form.current?.reset());

  return (
    <Card title="Add an account">
      <FormState result={result} density="compact">
        <fetcher.Form method="post" action={action} ref={form} className="space-y-4" preventScrollReset>
          {result && !result.ok && <FormMessage result={result} />}
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField name="name" label="Name" maxLength={100} />
            <TextField name="email" label="E-mail" type="email" maxLength={254} />
            <SelectField name="role" label="Role" options={ROLE_OPTIONS} defaultValue="editor" />
            <div className="hidden sm:block" />
            <PasswordField
              name="password"
              label="Initial password"
              required
              autoComplete="new-password"
              maxLength={MAX_PASSWORD_LENGTH}
              hint={`At least ${MIN_PASSWORD_LENGTH} characters. Give it to them privately; they can change it in Settings.`}
            />
            <PasswordField
              name="confirmPassword"
              label="Confirm password"
              required
              autoComplete="new-password"
              maxLength={MAX_PASSWORD_LENGTH}
            />
          </div>
          <Button type="submit" disabled={busy}>
            {busy ? "Adding…" : "Add account"}
          </Button>
        </fetcher.Form>
      </FormState>
    </Card>
  );
}
