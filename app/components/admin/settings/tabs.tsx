import { Link } from "react-router";
import type { Role } from "#app/modules/auth/schema.ts";

export const SETTINGS_TABS = [
  { id: "profile", label: "Profile" },
  { id: "appearance", label: "Appearance" },
  { id: "notifications", label: "Notifications" },
  { id: "security", label: "Security" },
  { id: "account", label: "Account" },
  { id: "site", label: "Site settings", roles: ["admin"] },
  { id: "operator", label: "Operator notifications", roles: ["admin"] },
] as const satisfies readonly { id: string; label: string; roles?: Role[] }[];

export type SettingsTab = (typeof SETTINGS_TABS)[number]["id"];

export function tabsFor(role: Role) {
  return SETTINGS_TABS.filter((tab) => !("roles" in tab) || (tab.roles as readonly Role[]).includes(role));
}

/** The tab a `?tab=` value names; anything else opens the first one. */
export function tabFrom(value: string | null): SettingsTab {
  return SETTINGS_TABS.find((tab) => tab.id === value)?.id ?? "profile";
}

/**
 * The sections as plain links (each tab has its own address, so it can be
 * bookmarked and works without JavaScript); the open one carries aria-current.
 */
export function SettingsTabs({ current, role }: { current: SettingsTab; role: Role }) {
  return (
    <nav aria-label="Settings sections" className="mb-6">
      <ul className="flex flex-wrap gap-1.5 rounded-xl border border-white/8 bg-ink-900/80 p-1.5 lg:flex-col lg:flex-nowrap">
        {tabsFor(role).map((tab) => {
          const active = tab.id === current;
          return (
            <li key={tab.id}>
              <Link
                to={{ search: `?tab=${tab.id}` }}
                aria-current={active ? "page" : undefined}
                preventScrollReset
                className={`block rounded-lg px-3 py-2 text-sm font-medium transition-colors ${
                  active ? "bg-accent-500/15 text-accent-300" : "text-mist-300 hover:bg-white/6 hover:text-white"
                }`}
              >
                {tab.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
