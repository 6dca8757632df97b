import { data, useActionData } from "react-router";
import { type ActionResult, useResultToast } from "#app/components/admin/settings/shared.tsx";
import { AddUserForm, ROLES_EXPLAINED, UsersTable } from "#app/components/admin/settings/users.tsx";
import { PageHeader } from "#app/components/admin/ui.tsx";
import { getApp } from "#app/context.ts";
import { createAdmin, listAdmins, setAdminDisabled, setAdminRole } from "#app/modules/auth/accounts.server.ts";
import { actorFrom, requireRole } from "#app/modules/auth/guard.server.ts";
import { ROLE_LABELS, ROLES, type Role } from "#app/modules/auth/schema.ts";
import { actionError } from "#app/utils/action.server.ts";
import { AppError } from "#app/utils/errors.ts";
import type { Route } from "./+types/users";

export { AdminErrorBoundary as ErrorBoundary } from "#app/components/admin/error-boundary.tsx";

export function meta() {
  return [{ title: "Users | Cinedex admin" }];
}

export async function loader({ context }: Route.LoaderArgs) {
  const { admin } = requireRole(context, "admin");
  const users = await listAdmins(getApp(context).db);
  return {
    currentId: admin.id,
    users: users.map((u) => ({ id: u.id, name: u.name, email: u.email, role: u.role, disabled: u.disabled, createdAt: u.createdAt })),
  };
}

const NO_SUCH_ACCOUNT = "No such account";

function accountId(value: FormDataEntryValue | null): number {
  const id = Number(value);
  if (!Number.isSafeInteger(id) || id <= 0) throw new AppError(400, NO_SUCH_ACCOUNT);
  return id;
}

export async function action({ request, context }: Route.ActionArgs) {
  requireRole(context, "admin");
  const { db } = getApp(context);
  const actor = actorFrom(context);
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const field = (name: string) => String(form.get(name) ?? "");
  try {
    switch (intent) {
      case "add": {
        const added = await createAdmin(db, actor, {
          name: field("name"),
          email: field("email"),
          role: field("role") || undefined,
          password: field("password"),
          confirmPassword: field("confirmPassword"),
        });
        return { ok: true as const, intent, message: `Added ${added.email} as ${article(added.role)}` };
      }
      case "role": {
        const role = field("role") as Role;
        if (!ROLES.includes(role)) throw new AppError(400, "Please choose Administrator or Editor.");
        const changed = await setAdminRole(db, actor, accountId(form.get("id")), role);
        return { ok: true as const, intent, message: `${changed.email} is now ${article(changed.role)}` };
      }
      case "disable":
      case "enable": {
        const changed = await setAdminDisabled(db, actor, accountId(form.get("id")), intent === "disable");
        return {
          ok: true as const,
          intent,
          message: changed.disabled ? `Disabled ${changed.email}; their sessions have ended` : `Re-enabled ${changed.email}`,
        };
      }
      default:
        throw new AppError(400, "Unknown action.");
    }
  } catch (error) {
    const failure = actionError(error);
    const values = { name: field("name").slice(0, 100), email: field("email").slice(0, 320), role: field("role").slice(0, 20) };
    return data({ ...failure.data, intent, values }, failure.init ?? undefined);
  }
}

function article(role: Role): string {
  return role === "admin" ? `an ${ROLE_LABELS.admin}` : `an ${ROLE_LABELS.editor}`;
}

export default function Users({ loaderData }: Route.ComponentProps) {
  const result = useActionData<typeof action>() as ActionResult | undefined;
  useResultToast(result);
  return (
    <div className="mx-auto max-w-6xl space-y-6">
      <PageHeader title="Users" subtitle={ROLES_EXPLAINED} />
      <UsersTable users={loaderData.users} currentId={loaderData.currentId} result={result} />
      <AddUserForm result={result} />
    </div>
  );
}
