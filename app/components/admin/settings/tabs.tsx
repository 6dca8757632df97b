import { href, Link, useMatches } from "react-router";
import type { Role } from "#app/modules/auth/schema.ts";

/** The sections of Settings, each at an address of its own; Profile is /dashboard/settings itself. */
export const SETTINGS_TABS = [
  { id: "profile", label: "Profile", path: href("/dashboard/settings") },
  { id: "appearance", label: "Appearance", path: href("/dashboard/settings/appearance") },
  { id: "notifications", label: "Notifications", path: href("/dashboard/settings/notifications") },
  { id: "security", label: "Security", path: href("/dashboard/settings/security") },
  { id: "account", label: "Account", path: href("/dashboard/settings/account") },
  { id: "featured", label: "Home carousel", path: href("/dashboard/settings/featured") },
  { id: "genres", label: "Genres", path: href("/dashboard/settings/genres") },
  { id: "site", label: "Site settings", path: href("/dashboard/settings/site"), roles: ["admin"] },
  { id: "operator", label: "Operator notifications", path: href("/dashboard/settings/operator"), roles: ["admin"] },
  { id: "api-tokens", label: "API tokens", path: href("/dashboard/settings/api-tokens"), roles: ["admin"] },
] as const satisfies readonly { id: string; label: string; path: string; roles?: Role[] }[];

export type SettingsTab = (typeof SETTINGS_TABS)[number]["id"];

export function tabsFor(role: Role) {
  return SETTINGS_TABS.filter((tab) => !("roles" in tab) || (tab.roles as readonly Role[]).includes(role));
}

/** Where an old `?tab=` address's section lives now; null for anything else. */
export function tabPath(value: string | null): string | null {
  return SETTINGS_TABS.find((tab) => tab.id === value)?.path ?? null;
}

/** Each settings route names its section in its handle; the page title and the open tab follow it. */
export interface SettingsHandle {
  settingsTab: SettingsTab;
}

export function settingsMeta(tab: SettingsTab) {
  const label = SETTINGS_TABS.find((t) => t.id === tab)!.label;
  return [{ title: `${label} · Settings | Cinedex admin` }];
}

function useCurrentTab(): SettingsTab {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const handle = matches[i]!.handle as Partial<SettingsHandle> | undefined;
    if (handle?.settingsTab) return handle.settingsTab;
  }
  return "profile";
}

/**
 * The sections as plain links (each tab has its own address, so it can be
 * bookmarked and works without JavaScript); the open one carries aria-current.
 */
export function SettingsTabs({ role }: { role: Role }) {
  const current = useCurrentTab();
  return (
    <nav aria-label="Settings sections" className="mb-6">
      <ul className="flex flex-wrap gap-1.5 rounded-xl border border-white/8 bg-ink-900/80 p-1.5 lg:flex-col lg:flex-nowrap">
        {tabsFor(role).map((tab) => {
          const active = tab.id === current;
          return (
            <li key={tab.id}>
              <Link
                to={tab.path}
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
