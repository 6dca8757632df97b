import { getApp } from "#app/context.ts";
import { countAdmins, createFirstAdmin } from "#app/modules/auth/accounts.server.ts";
import { signInAnswer } from "#app/modules/auth/login.server.ts";
import { newAdminSchema } from "#app/modules/auth/schema.ts";
import { failure, failureFrom, parseSubmission } from "#app/utils/submission.server.ts";
import type { Route } from "./+types/setup";

/** The sign-in page, which shows this form's answer too (refused fields, or the success and the redirect). */
export { default, handle, meta } from "./login.tsx";

/**
 * The sign-in page's data, without its "already signed in" redirect: right after
 * the setup signs in, the page still shows the success for a moment before it moves on.
 */
export async function loader({ context }: Route.LoaderArgs) {
  return { setup: (await countAdmins(getApp(context).db)) === 0 };
}

/** The first account (allowed only while there is none: 409 after), signed in at once. */
export async function action({ request, context }: Route.ActionArgs) {
  const parsed = await parseSubmission(request, newAdminSchema);
  if (!parsed.ok) return failure(parsed.status, parsed.failure.error, parsed.failure);
  const app = getApp(context);
  try {
    await createFirstAdmin(app.db, parsed.data);
    return await signInAnswer(app, request, { email: parsed.data.email, password: parsed.data.password, remember: false });
  } catch (error) {
    return failureFrom(error, parsed.values);
  }
}
