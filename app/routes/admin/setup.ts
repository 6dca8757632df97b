import { getApp } from "#app/context.ts";
import { countAdmins, createFirstAdmin } from "#app/modules/auth/accounts.server.ts";
import { signInAnswer } from "#app/modules/auth/login.server.ts";
import { newAdminSchema } from "#app/modules/auth/schema.ts";
import { handleSubmission } from "#app/http/form.server.ts";
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
  const app = getApp(context);
  return handleSubmission(request, newAdminSchema, async (input, _values, { headers }) => {
    await createFirstAdmin(app.db, input);
    return signInAnswer(app, request, { email: input.email, password: input.password, remember: false }, headers);
  });
}
