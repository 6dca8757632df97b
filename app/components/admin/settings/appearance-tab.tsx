import { Form, href, useNavigation } from "react-router";
import { Card } from "#app/components/admin/ui.tsx";
import { CheckIcon } from "#app/components/ui/icons.tsx";
import type { Theme } from "#app/modules/auth/schema.ts";

export const THEME_TOASTS: Record<Theme, string> = { dark: "Dark mode activated!", light: "Light mode activated!" };

const OPTIONS: { theme: Theme; label: string; swatch: string }[] = [
  { theme: "light", label: "Light", swatch: "bg-[#f4f5f9] border-[#cfd5e1]" },
  { theme: "dark", label: "Dark", swatch: "bg-[#07080c] border-[#2c3146]" },
];

/** The panel's theme, saved with the account; the whole panel switches as soon as it is saved. */
export function AppearanceTab({ theme }: { theme: Theme }) {
  const navigation = useNavigation();
  // Shows the choice at once while it is being saved.
  const pending = navigation.formAction === href("/dashboard/settings/appearance") ? (navigation.formData?.get("theme") as Theme) : null;
  const current = pending ?? theme;
  return (
    <Card title="Appearance">
      <p className="mb-4 text-sm text-mist-300">
        Choose how the admin panel looks. The choice is saved with your account, so it follows you to other browsers.
      </p>
      <Form method="post" preventScrollReset>
        <fieldset>
          <legend className="mb-3 text-sm font-medium text-white">Theme</legend>
          <div className="grid gap-3 sm:grid-cols-2">
            {OPTIONS.map((option) => {
              const active = option.theme === current;
              return (
                <button
                  key={option.theme}
                  type="submit"
                  name="theme"
                  value={option.theme}
                  aria-pressed={active}
                  className={`flex items-center gap-3 rounded-xl border p-3 text-left transition-colors ${
                    active ? "border-accent-400 bg-accent-500/10" : "border-white/12 bg-white/5 hover:bg-white/10"
                  }`}
                >
                  <span aria-hidden="true" className={`flex h-12 w-16 shrink-0 flex-col gap-1 rounded-lg border p-1.5 ${option.swatch}`}>
                    <span className={`h-1.5 w-8 rounded ${option.theme === "dark" ? "bg-[#e8ebf2]" : "bg-[#10131c]"}`} />
                    <span className="h-1.5 w-5 rounded bg-[#f2643f]" />
                  </span>
                  <span className="flex-1">
                    <span className="block text-sm font-semibold text-white">{option.label} mode</span>
                    <span className="block text-xs text-mist-400">{active ? "In use" : `Switch to ${option.label.toLowerCase()}`}</span>
                  </span>
                  {active && <CheckIcon size={18} className="text-accent-300" />}
                </button>
              );
            })}
          </div>
        </fieldset>
      </Form>
    </Card>
  );
}
