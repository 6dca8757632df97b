import { useEffect, useState } from "react";
import { href, Link, Outlet, useFetcher, useNavigate } from "react-router";
import toast from "react-hot-toast";
import { Sidebar } from "#app/components/admin/sidebar.tsx";
import { ConfirmDialog, useConfirm } from "#app/components/admin/ui.tsx";
import { BrandMark } from "#app/components/layout/brand.tsx";
import { CloseIcon, MenuIcon } from "#app/components/ui/icons.tsx";
import { ADMIN_LOGOUT_REDIRECT_MS } from "#app/constants.ts";
import { getApp } from "#app/context.ts";
import { getAdminSession, requireAdmin } from "#app/http/admin-guard.server.ts";
import { countUnread } from "#app/modules/inbox/inbox.server.ts";
import { totalUnread } from "#app/modules/inbox/inbox.ts";
import { LOGIN_PATH } from "#app/modules/auth/paths.ts";
import { LOGGED_OUT, ROLE_LABELS } from "#app/modules/auth/schema.ts";
import type { Route } from "./+types/layout";

export const handle = { chrome: "admin" };
export const middleware: Route.MiddlewareFunction[] = [requireAdmin];

export function meta() {
  return [{ name: "robots", content: "noindex, nofollow" }];
}

export async function loader({ context }: Route.LoaderArgs) {
  const { admin } = getAdminSession(context);
  return {
    admin: { id: admin.id, name: admin.name, email: admin.email, role: admin.role, theme: admin.preferences.theme },
    // The sidebar's Inbox badge and the inbox's tabs (which read it from here: one count per request);
    // every admin page loads it, so it follows each action.
    inboxUnread: await countUnread(getApp(context).db),
  };
}

export const LOGOUT_CONFIRM = "Are you sure you want to logout?";

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  const { admin } = loaderData;
  const logout = useFetcher<{ ok: boolean }>();
  const navigate = useNavigate();
  const confirm = useConfirm();
  const [menuOpen, setMenuOpen] = useState(false);

  useEffect(() => {
    if (logout.state !== "idle" || !logout.data?.ok) return;
    toast.success(LOGGED_OUT);
    const timer = setTimeout(() => void navigate(LOGIN_PATH, { replace: true }), ADMIN_LOGOUT_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [logout.state, logout.data, navigate]);

  const askLogout = () => confirm.ask(() => void logout.submit({ via: "fetch" }, { method: "post", action: href("/admin/logout") }));

  return (
    <div data-theme={admin.theme} className="admin-shell min-h-dvh bg-ink-950 text-mist-100">
      <header className="sticky top-0 z-30 flex h-14 items-center justify-between gap-3 border-b border-white/8 bg-ink-950/90 px-4 backdrop-blur lg:px-6">
        <div className="flex items-center gap-2">
          <button
            type="button"
            className="-ml-1 rounded-lg p-2 text-mist-300 hover:bg-white/8 hover:text-white lg:hidden"
            aria-label={menuOpen ? "Close menu" : "Open menu"}
            aria-expanded={menuOpen}
            aria-controls="admin-sidebar"
            onClick={() => setMenuOpen((o) => !o)}
          >
            {menuOpen ? <CloseIcon /> : <MenuIcon />}
          </button>
          <Link to="/dashboard" className="flex items-center gap-2 font-bold text-white">
            <BrandMark className="h-7 w-7" />
            <span>
              Cinedex <span className="font-medium text-mist-400">Admin</span>
            </span>
          </Link>
        </div>
        <div className="flex items-center gap-3 text-right">
          <div className="hidden leading-tight sm:block">
            <p className="text-sm font-semibold text-white">{admin.name}</p>
            <p className="text-xs text-mist-400">{ROLE_LABELS[admin.role]}</p>
          </div>
          <span
            className="flex h-9 w-9 items-center justify-center rounded-full bg-accent-500/20 text-sm font-bold text-accent-300"
            aria-hidden="true"
          >
            {admin.name.trim().charAt(0).toUpperCase() || "A"}
          </span>
        </div>
      </header>
      <div className="flex">
        <aside
          id="admin-sidebar"
          className={`${menuOpen ? "block" : "hidden"} fixed inset-x-0 top-14 bottom-0 z-20 overflow-y-auto border-r border-white/8 bg-ink-950 lg:sticky lg:block lg:h-[calc(100dvh-3.5rem)] lg:w-60 lg:shrink-0`}
        >
          <Sidebar
            role={admin.role}
            inboxUnread={totalUnread(loaderData.inboxUnread)}
            onLogout={askLogout}
            onNavigate={() => setMenuOpen(false)}
          />
        </aside>
        <main id="main" className="min-w-0 flex-1 px-4 py-6 sm:px-6 lg:px-8 lg:py-8">
          <Outlet />
        </main>
      </div>
      <ConfirmDialog {...confirm.dialogProps} message={LOGOUT_CONFIRM} confirmLabel="Logout" danger />
    </div>
  );
}
