import { Link, NavLink } from "react-router";
import { type AdminNavItem, ADMIN_NAV } from "#app/components/admin/nav.ts";
import {
  ActivityIcon,
  ChartIcon,
  ExternalIcon,
  FilmIcon,
  GridIcon,
  InboxIcon,
  PlusIcon,
  SettingsIcon,
  TvIcon,
  UploadIcon,
  UsersIcon,
  LogoutIcon,
} from "#app/components/ui/icons.tsx";
import { UnreadPill } from "#app/components/admin/inbox/common.tsx";

const ICONS: Record<AdminNavItem["icon"], typeof GridIcon> = {
  overview: GridIcon,
  movies: FilmIcon,
  tv: TvIcon,
  add: PlusIcon,
  inbox: InboxIcon,
  users: UsersIcon,
  analytics: ChartIcon,
  links: ExternalIcon,
  activity: ActivityIcon,
  settings: SettingsIcon,
  import: UploadIcon,
};

export function Sidebar({
  role,
  inboxUnread,
  onLogout,
  onNavigate,
}: {
  role: "admin" | "editor";
  inboxUnread: number;
  onLogout: () => void;
  onNavigate?: () => void;
}) {
  return (
    <nav aria-label="Dashboard" className="flex h-full flex-col gap-1 p-3">
      {ADMIN_NAV.filter((item) => !item.roles || item.roles.includes(role)).map((item) => {
        const Icon = ICONS[item.icon];
        const badge = item.icon === "inbox" ? inboxUnread : 0;
        return (
          <NavLink
            key={item.to}
            to={item.to}
            end={item.end}
            onClick={onNavigate}
            aria-label={badge ? `${item.label}, ${badge} unread` : undefined}
            className={({ isActive }) =>
              `flex items-center gap-3 rounded-lg px-3 py-2.5 text-sm font-medium transition-colors ${
                isActive ? "bg-accent-500/15 text-accent-300" : "text-mist-300 hover:bg-white/6 hover:text-white"
              }`
            }
          >
            <Icon size={18} />
            {item.label}
            <UnreadPill count={badge} className="ml-auto" />
          </NavLink>
        );
      })}
      <div className="mt-auto space-y-1 border-t border-white/8 pt-3">
        <Link
          to="/"
          className="flex items-center gap-3 rounded-lg px-3 py-2.5 text-sm font-medium text-mist-300 hover:bg-white/6 hover:text-white"
        >
          <ExternalIcon size={18} /> View site
        </Link>
        <button
          type="button"
          onClick={onLogout}
          className="flex w-full items-center gap-3 rounded-lg px-3 py-2.5 text-left text-sm font-medium text-mist-300 hover:bg-red-500/10 hover:text-red-300"
        >
          <LogoutIcon size={18} /> Logout
        </button>
      </div>
    </nav>
  );
}
