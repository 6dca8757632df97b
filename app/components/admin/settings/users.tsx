import { useRef, useState } from "react";
import { Form, useNavigation, useSubmit } from "react-router";
import { Button, Card, ConfirmDialog, Field, inputClass, PasswordInput } from "#app/components/admin/ui.tsx";
import { MIN_PASSWORD_LENGTH } from "#app/constants.ts";
import { MAX_PASSWORD_LENGTH, ROLE_LABELS, ROLES, type Role } from "#app/modules/auth/schema.ts";
import { failureFor, formatDate, FormMessage, useOnSuccess, type ActionResult } from "./shared.tsx";

export const ROLES_EXPLAINED =
  "Administrators can do everything, including managing accounts and the site settings. Editors manage the catalogue only.";

export interface UserRow {
  id: number;
  name: string;
  email: string;
  role: Role;
  disabled: boolean;
  createdAt: string;
}

const ACCOUNT_INTENTS = ["role", "disable", "enable"];

type PendingConfirm = { form: HTMLFormElement; message: string; confirmLabel: string };

/** The accounts, with role and status changes for everyone but the signed-in admin. */
export function UsersTable({ users, currentId, result }: { users: UserRow[]; currentId: number; result: ActionResult | undefined }) {
  const submit = useSubmit();
  const navigation = useNavigation();
  const [pending, setPending] = useState<PendingConfirm | null>(null);
  const failure = result && !result.ok && ACCOUNT_INTENTS.includes(result.intent) ? result : undefined;
  const busyId = navigation.state === "submitting" ? navigation.formData?.get("id") : null;

  return (
    <Card title={`Accounts (${users.length})`}>
      {failure && (
        <div className="mb-4">
          <FormMessage result={failure} />
        </div>
      )}
      {/* A table from tablet width; a list of cards on phones. */}
      <table className="hidden w-full text-left text-sm md:table">
        <thead className="border-b border-white/8 text-xs tracking-wide text-mist-400 uppercase">
          <tr>
            <th scope="col" className="py-2 pr-3 font-medium">
              Name
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              E-mail
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              Role
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              Status
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              Created
            </th>
            <th scope="col" className="py-2 pl-3 text-right font-medium">
              Actions
            </th>
          </tr>
        </thead>
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
  user: UserRow;
  self: boolean;
  busy: boolean;
  onConfirm: (pending: PendingConfirm) => void;
}) {
  if (self) return <p className="text-xs text-mist-400 md:text-right">Another Administrator can change your account.</p>;
  const otherRole: Role = user.role === "admin" ? "editor" : "admin";
  return (
    <div className="flex flex-wrap gap-2 md:justify-end">
      <Form method="post" preventScrollReset>
        <input type="hidden" name="intent" value="role" />
        <input type="hidden" name="id" value={user.id} />
        <input type="hidden" name="role" value={otherRole} />
        <Button type="submit" size="sm" variant="secondary" disabled={busy}>
          Make {ROLE_LABELS[otherRole]}
          <span className="sr-only"> ({user.email})</span>
        </Button>
      </Form>
      <Form
        method="post"
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
        <input type="hidden" name="intent" value={user.disabled ? "enable" : "disable"} />
        <input type="hidden" name="id" value={user.id} />
        <Button type="submit" size="sm" variant={user.disabled ? "secondary" : "danger"} disabled={busy}>
          {user.disabled ? "Re-enable" : "Disable"}
          <span className="sr-only"> ({user.email})</span>
        </Button>
      </Form>
    </div>
  );
}

/** The add-account form; the new account signs in with the initial password and can change it in Settings. */
export function AddUserForm({ result }: { result: ActionResult | undefined }) {
  const navigation = useNavigation();
  const form = useRef<HTMLFormElement>(null);
  const failure = failureFor(result, "add");
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "add";
  useOnSuccess(result, "add", () => form.current?.reset());
  const error = (name: string) => failure?.fields[name];

  return (
    <Card title="Add an account">
      <Form method="post" ref={form} className="space-y-4" preventScrollReset>
        <input type="hidden" name="intent" value="add" />
        {failure && <FormMessage result={failure} />}
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="Name" error={error("name")}>
            {(props) => (
              <input
                {...props}
                name="name"
                required
                maxLength={100}
                autoComplete="off"
                defaultValue={failure?.values?.name}
                className={inputClass}
              />
            )}
          </Field>
          <Field label="E-mail" error={error("email")}>
            {(props) => (
              <input
                {...props}
                name="email"
                type="email"
                required
                maxLength={254}
                autoComplete="off"
                defaultValue={failure?.values?.email}
                className={inputClass}
              />
            )}
          </Field>
          <Field label="Role" error={error("role")}>
            {(props) => (
              <select {...props} name="role" defaultValue={failure?.values?.role ?? "editor"} className={inputClass}>
                {ROLES.map((role) => (
                  <option key={role} value={role}>
                    {ROLE_LABELS[role]}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <div className="hidden sm:block" />
          <Field
            label="Initial password"
            error={error("password")}
            hint={`At least ${MIN_PASSWORD_LENGTH} characters. Give it to them privately; they can change it in Settings.`}
          >
            {(props) => <PasswordInput {...props} name="password" required autoComplete="new-password" maxLength={MAX_PASSWORD_LENGTH} />}
          </Field>
          <Field label="Confirm password" error={error("confirmPassword")}>
            {(props) => (
              <PasswordInput {...props} name="confirmPassword" required autoComplete="new-password" maxLength={MAX_PASSWORD_LENGTH} />
            )}
          </Field>
        </div>
        <Button type="submit" disabled={busy}>
          {busy ? "Adding…" : "Add account"}
        </Button>
      </Form>
    </Card>
  );
}
