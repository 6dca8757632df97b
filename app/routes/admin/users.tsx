import { Outlet } from "react-router";
import { ROLES_EXPLAINED } from "#app/components/admin/settings/users.tsx";
import { PageHeader } from "#app/components/admin/ui.tsx";
import { getApp } from "#app/context.ts";
import { listAdmins } from "#app/modules/auth/accounts.server.ts";
import { requireRole } from "#app/http/admin-guard.server.ts";
import type { UsersScreenData } from "#app/modules/auth/types.ts";
import type { Route } from "./+types/users";

export { AdminErrorBoundary as ErrorBoundary } from "#app/components/admin/error-boundary.tsx";

/**
 * The Users screen (Administrators only): the accounts here; each form (add, change
 * role, disable, re-enable) posts to a route of its own below, which shows its answer.
 */

export function meta() {
  return [{ title: "Users | Cinedex admin" }];
}

export async function loader({ context }: Route.LoaderArgs): Promise<UsersScreenData> {
  const { admin } = requireRole(context, "admin");
  const users = await listAdmins(getApp(context).db);
  return {
    currentId: admin.id,
    users: users.map((u) => ({ id: u.id, name: u.name, email: u.email, role: u.role, disabled: u.disabled, createdAt: u.createdAt })),
  };
}

export default function Users() {
  return (
    <div className="mx-auto max-w-6xl space-y-6">
      <PageHeader title="Users" subtitle={ROLES_EXPLAINED} />
      <Outlet />
    </div>
  );
}
