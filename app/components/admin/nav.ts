import { href } from "react-router";
import type { Role } from "#app/modules/auth/schema.ts";

export interface AdminNavItem {
  to: string;
  label: string;
  icon: "overview" | "movies" | "tv" | "add" | "inbox" | "users" | "analytics" | "links" | "activity" | "settings" | "import";
  /** Only these roles see it; everyone when absent. */
  roles?: Role[];
  /** Highlighted only on its own path, not on paths below it. */
  end?: boolean;
}

/** The dashboard sidebar, in the spec's order (plus Add content, Inbox and Activity). */
export const ADMIN_NAV: AdminNavItem[] = [
  { to: href("/dashboard"), label: "Overview", icon: "overview", end: true },
  { to: href("/dashboard/movies"), label: "Movies", icon: "movies" },
  { to: href("/dashboard/tv"), label: "TV Shows", icon: "tv" },
  { to: href("/add"), label: "Add content", icon: "add" },
  { to: href("/dashboard/import"), label: "Import", icon: "import" },
  { to: href("/dashboard/inbox"), label: "Inbox", icon: "inbox" },
  { to: href("/dashboard/users"), label: "Users", icon: "users", roles: ["admin"] },
  { to: href("/dashboard/analytics"), label: "Analytics", icon: "analytics" },
  { to: href("/dashboard/link-health"), label: "Link health", icon: "links" },
  { to: href("/dashboard/activity"), label: "Activity", icon: "activity" },
  { to: href("/dashboard/settings"), label: "Settings", icon: "settings" },
];
