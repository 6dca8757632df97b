import { redirect } from "react-router";
import { z } from "#app/utils/zod.ts";
import { getApp } from "#app/context.ts";
import { endAllSessions } from "#app/modules/auth/accounts.server.ts";
import { getAdminSession } from "#app/http/admin-guard.server.ts";
import { LOGIN_PATH } from "#app/modules/auth/paths.ts";
import { clearedSessionCookie, isSecureRequest } from "#app/modules/auth/sessions.server.ts";
import { handleSubmission } from "#app/http/form.server.ts";
import type { Route } from "./+types/sign-out-everywhere";

/** The Account tab, which shows this form's answer when it is refused. */
export { default, handle, loader, meta } from "./account.tsx";

/** A button, no fields. */
const signOutEverywhereSchema = z.object({});

/** Ends every session of the account, this one included, and goes to the sign-in page. */
export async function action({ request, context }: Route.ActionArgs) {
  const { admin } = getAdminSession(context);
  return handleSubmission(request, signOutEverywhereSchema, async (_input, _values, { headers }) => {
    await endAllSessions(getApp(context).db, admin);
    headers.append("Set-Cookie", clearedSessionCookie(isSecureRequest(request)));
    return redirect(LOGIN_PATH);
  });
}
