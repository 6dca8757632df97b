import { data, redirect, useActionData } from "react-router";
import { AccountTab } from "#app/components/admin/settings/account-tab.tsx";
import { AppearanceTab, THEME_TOASTS } from "#app/components/admin/settings/appearance-tab.tsx";
import { NotificationsTab, NOTIFICATIONS_SAVED } from "#app/components/admin/settings/notifications-tab.tsx";
import {
  OPERATOR_NOTIFICATIONS_SAVED,
  OPERATOR_NOTIFICATIONS_UNCHANGED,
  OperatorNotificationsTab,
} from "#app/components/admin/settings/operator-notifications-tab.tsx";
import { PROFILE_UPDATED, ProfileTab } from "#app/components/admin/settings/profile-tab.tsx";
import { PASSWORD_CHANGED, SecurityTab } from "#app/components/admin/settings/security-tab.tsx";
import { type ActionResult, useResultToast } from "#app/components/admin/settings/shared.tsx";
import { NO_SETTINGS_CHANGED, SITE_SETTINGS_SAVED, SiteTab } from "#app/components/admin/settings/site-tab.tsx";
import { SettingsTabs, SETTINGS_TABS, tabFrom } from "#app/components/admin/settings/tabs.tsx";
import { PageHeader } from "#app/components/admin/ui.tsx";
import { getApp } from "#app/context.ts";
import {
  changePassword,
  countActiveSessions,
  endAllSessions,
  updatePreferences,
  updateProfile,
} from "#app/modules/auth/accounts.server.ts";
import { actorFrom, getAdminSession, refreshSignedInAdmin, requireRole } from "#app/modules/auth/guard.server.ts";
import { LOGIN_PATH } from "#app/modules/auth/paths.ts";
import { THEMES, type Theme } from "#app/modules/auth/schema.ts";
import { notifySettingsInput } from "#app/modules/inbox/notify-settings.ts";
import { getLastDeliveryFailure, getNotifySettings, updateNotifySettings } from "#app/modules/inbox/notify-settings.server.ts";
import { sendTestNotification } from "#app/modules/inbox/notify.server.ts";
import { clearedSessionCookie, isSecureRequest } from "#app/modules/auth/sessions.server.ts";
import { postedValues, siteSettingsPatch } from "#app/modules/settings/form.ts";
import { getSettings, updateSettingsAudited } from "#app/modules/settings/settings.server.ts";
import { actionError } from "#app/utils/action.server.ts";
import { AppError } from "#app/utils/errors.ts";
import type { Route } from "./+types/settings";

export { AdminErrorBoundary as ErrorBoundary } from "#app/components/admin/error-boundary.tsx";

export function meta({ data: loaderData }: Route.MetaArgs) {
  const tab = SETTINGS_TABS.find((t) => t.id === loaderData?.tab);
  return [{ title: `${tab ? `${tab.label} · ` : ""}Settings | Cinedex admin` }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db, notifier } = getApp(context);
  const { admin } = getAdminSession(context);
  const url = new URL(request.url);
  const tab = tabFrom(url.searchParams.get("tab"));
  // Site settings and operator notifications are for Administrators only; an Editor gets the 403 page.
  if (tab === "site" || tab === "operator") requireRole(context, "admin");
  return {
    tab,
    editing: url.searchParams.has("edit"),
    role: admin.role,
    profile: {
      name: admin.name,
      email: admin.email,
      bio: admin.bio,
      location: admin.location,
      role: admin.role,
      createdAt: admin.createdAt,
    },
    preferences: admin.preferences,
    sessions: tab === "security" || tab === "account" ? await countActiveSessions(db, admin.id) : 0,
    settings: tab === "site" ? await getSettings(db) : null,
    operator:
      tab === "operator"
        ? {
            settings: await getNotifySettings(db),
            smtp: notifier.smtp,
            lastFailure: await getLastDeliveryFailure(db),
            timeoutSeconds: notifier.timeoutMs / 1000,
          }
        : null,
  };
}

const ok = (intent: string, message: string) => ({ ok: true as const, intent, message });

/** What was typed, to put back into a refused form; passwords are never sent back. */
function keptValues(form: FormData): Record<string, string> {
  return Object.fromEntries(Object.entries(postedValues(form)).filter(([name]) => !/password/i.test(name)));
}

export async function action({ request, context }: Route.ActionArgs) {
  const { db } = getApp(context);
  const { admin, sessionId } = getAdminSession(context);
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const field = (name: string) => String(form.get(name) ?? "");
  try {
    switch (intent) {
      // The layout's loader (header, theme) runs after this in the same request: it
      // must see the account as changed (refreshSignedInAdmin).
      case "profile":
        refreshSignedInAdmin(
          context,
          await updateProfile(db, admin, { name: field("name"), email: field("email"), bio: field("bio"), location: field("location") }),
        );
        return ok(intent, PROFILE_UPDATED);
      case "theme": {
        const theme = field("theme") as Theme;
        if (!THEMES.includes(theme)) throw new AppError(400, "Please choose light or dark.");
        refreshSignedInAdmin(context, { ...admin, preferences: await updatePreferences(db, admin, { theme }) });
        return ok(intent, THEME_TOASTS[theme]);
      }
      case "notifications":
        refreshSignedInAdmin(context, {
          ...admin,
          preferences: await updatePreferences(db, admin, {
            notifications: { email: form.has("email"), inApp: form.has("inApp"), marketing: form.has("marketing") },
          }),
        });
        return ok(intent, NOTIFICATIONS_SAVED);
      case "password":
        await changePassword(db, admin, sessionId, {
          currentPassword: field("currentPassword"),
          newPassword: field("newPassword"),
          confirmPassword: field("confirmPassword"),
        });
        return ok(intent, PASSWORD_CHANGED);
      case "signout-everywhere":
        await endAllSessions(db, admin);
        return redirect(LOGIN_PATH, { headers: { "Set-Cookie": clearedSessionCookie(isSecureRequest(request)) } });
      case "site": {
        requireRole(context, "admin");
        const { changed } = await updateSettingsAudited(db, actorFrom(context), siteSettingsPatch(postedValues(form)));
        return ok(intent, changed.length ? SITE_SETTINGS_SAVED : NO_SETTINGS_CHANGED);
      }
      case "operator": {
        requireRole(context, "admin");
        const { changed } = await updateNotifySettings(db, actorFrom(context), notifySettingsInput(postedValues(form)));
        return ok(intent, changed.length ? OPERATOR_NOTIFICATIONS_SAVED : OPERATOR_NOTIFICATIONS_UNCHANGED);
      }
      case "operator-test": {
        requireRole(context, "admin");
        const outcome = await sendTestNotification(getApp(context));
        if (outcome.ok) return ok(intent, outcome.message);
        // The mail server or webhook failed, not the admin: 502, with the reason to show.
        return data({ ok: false as const, intent, error: outcome.message, fields: {} }, { status: 502 });
      }
      default:
        throw new AppError(400, "Unknown action.");
    }
  } catch (error) {
    const failure = actionError(error);
    return data({ ...failure.data, intent, values: keptValues(form) }, failure.init ?? undefined);
  }
}

export default function Settings({ loaderData }: Route.ComponentProps) {
  const { tab, role } = loaderData;
  const result = useActionData<typeof action>() as ActionResult | undefined;
  useResultToast(result);

  return (
    <div className="mx-auto max-w-5xl">
      <PageHeader
        title="Settings"
        subtitle={`Your profile, how the panel looks, your password and sessions${role === "admin" ? ", the public site's settings and operator notifications" : ""}.`}
      />
      <div className="lg:grid lg:grid-cols-[12rem_1fr] lg:gap-8">
        <SettingsTabs current={tab} role={role} />
        <div className="min-w-0">
          {tab === "profile" && <ProfileTab profile={loaderData.profile} editing={loaderData.editing} result={result} />}
          {tab === "appearance" && <AppearanceTab theme={loaderData.preferences.theme} />}
          {tab === "notifications" && <NotificationsTab notifications={loaderData.preferences.notifications} result={result} />}
          {tab === "security" && <SecurityTab sessions={loaderData.sessions} result={result} />}
          {tab === "account" && <AccountTab account={loaderData.profile} sessions={loaderData.sessions} />}
          {tab === "site" && loaderData.settings && <SiteTab settings={loaderData.settings} result={result} />}
          {tab === "operator" && loaderData.operator && <OperatorNotificationsTab data={loaderData.operator} result={result} />}
        </div>
      </div>
    </div>
  );
}
