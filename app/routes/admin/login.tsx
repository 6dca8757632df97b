import { useEffect, useRef } from "react";
import { Form, href, Link, redirect, useActionData, useNavigate, useNavigation, type ShouldRevalidateFunctionArgs } from "react-router";
import toast from "react-hot-toast";
import { PlainField } from "#app/components/admin/plain-field.tsx";
import { Button } from "#app/components/admin/ui.tsx";
import { FormState, PasswordField } from "#app/components/forms/field.tsx";
import { FormMessage } from "#app/components/forms/result.tsx";
import { BrandMark } from "#app/components/layout/brand.tsx";
import { LOGIN_REDIRECT_MS, MIN_PASSWORD_LENGTH } from "#app/constants.ts";
import { getApp } from "#app/context.ts";
import { countAdmins } from "#app/modules/auth/accounts.server.ts";
import { optionalAdmin } from "#app/http/admin-guard.server.ts";
import { HOME_PATH } from "#app/modules/auth/paths.ts";
import { signInAnswer } from "#app/modules/auth/login.server.ts";
import { MAX_PASSWORD_LENGTH, signInFormSchema } from "#app/modules/auth/schema.ts";
import { handleSubmission } from "#app/http/form.server.ts";
import type { Route } from "./+types/login";

export const handle = { chrome: "admin" };

export function meta() {
  return [{ title: "Admin sign-in | Cinedex" }, { name: "robots", content: "noindex, nofollow" }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  if (await optionalAdmin(request, context)) throw redirect(HOME_PATH);
  return { setup: (await countAdmins(getApp(context).db)) === 0 };
}

// After a successful sign-in the loader would already redirect; the spec wants the
// toast shown for LOGIN_REDIRECT_MS first, so the page itself navigates then.
export function shouldRevalidate({ actionResult, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return (actionResult as { ok?: boolean } | undefined)?.ok ? false : defaultShouldRevalidate;
}

/** Sign-in; the one-time setup form posts to /admin/setup, which answers on this same page. */
export async function action({ request, context }: Route.ActionArgs) {
  return handleSubmission(request, signInFormSchema, (input, _values, { headers }) =>
    signInAnswer(getApp(context), request, input, headers),
  );
}

export default function AdminLogin({ loaderData }: Route.ComponentProps) {
  // This page is also /admin/setup's, which answers in the same shape.
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  const navigate = useNavigate();
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST";
  const setup = loaderData.setup && !(result && result.ok);
  const lastToast = useRef<unknown>(null);

  useEffect(() => {
    if (!result || lastToast.current === result) return;
    lastToast.current = result;
    if (result.ok) {
      toast.success(result.message);
      const timer = setTimeout(() => void navigate(HOME_PATH, { replace: true }), LOGIN_REDIRECT_MS);
      return () => clearTimeout(timer);
    }
    toast.error(result.error);
  }, [result, navigate]);

  return (
    <div className="flex min-h-dvh items-center justify-center bg-ink-950 px-4 py-10">
      <div className="w-full max-w-md">
        <Link to={href("/")} className="mb-8 flex items-center justify-center gap-2.5 text-xl font-bold text-white">
          <BrandMark /> Cinedex
        </Link>
        <div className="rounded-2xl border border-white/8 bg-ink-900 p-6 shadow-2xl sm:p-8">
          <h1 className="text-2xl font-bold text-white">{setup ? "Create the first admin account" : "Admin sign-in"}</h1>
          <p className="mt-1.5 text-sm text-mist-300">
            {setup
              ? "This site has no admin account yet. The account you create here can manage the catalogue and add other accounts. This form disappears once it exists."
              : "Sign in to manage the catalogue."}
          </p>

          {result?.ok ? (
            <div className="mt-6 rounded-lg bg-emerald-500/10 px-4 py-3 text-sm text-emerald-200" role="status">
              {result.message} Taking you to the dashboard…{" "}
              <Link to={HOME_PATH} className="font-semibold underline">
                Continue
              </Link>
              <noscript>
                <meta httpEquiv="refresh" content={`1;url=${HOME_PATH}`} />
              </noscript>
            </div>
          ) : (
            <FormState result={result} density="compact">
              <Form method="post" action={setup ? href("/admin/setup") : href("/admin")} className="mt-6 space-y-4">
                {result && <FormMessage result={result} />}
                {setup && <PlainField name="name" label="Your name" type="text" maxLength={100} autoComplete="name" />}
                <PlainField name="email" label="Email" type="email" maxLength={320} autoComplete={setup ? "email" : "username"} />
                <PasswordField
                  name="password"
                  label="Password"
                  required
                  hint={setup ? `At least ${MIN_PASSWORD_LENGTH} characters. A long passphrase is best.` : undefined}
                  minLength={setup ? MIN_PASSWORD_LENGTH : undefined}
                  maxLength={MAX_PASSWORD_LENGTH}
                  autoComplete={setup ? "new-password" : "current-password"}
                />
                {setup ? (
                  <PasswordField
                    name="confirmPassword"
                    label="Confirm password"
                    required
                    maxLength={MAX_PASSWORD_LENGTH}
                    autoComplete="new-password"
                  />
                ) : (
                  <div className="flex items-center justify-between gap-3 text-sm">
                    <label className="flex items-center gap-2 text-mist-100">
                      <input type="checkbox" name="remember" className="h-4 w-4 accent-accent-500" /> Remember me
                    </label>
                    <details className="group relative">
                      <summary className="cursor-pointer list-none text-accent-300 hover:text-accent-400 [&::-webkit-details-marker]:hidden">
                        Forgot password?
                      </summary>
                      <div className="absolute right-0 z-10 mt-2 w-72 rounded-lg border border-white/10 bg-ink-800 p-4 text-mist-100 shadow-xl">
                        Passwords are reset by the site&apos;s operator on the server, with{" "}
                        <code className="rounded bg-ink-950 px-1 py-0.5 text-xs text-accent-300">
                          npm run admin:reset-password -- --email you@example.com
                        </code>
                        . Ask them to run it; it also signs the account out everywhere.
                      </div>
                    </details>
                  </div>
                )}
                <Button type="submit" className="w-full" disabled={busy}>
                  {busy ? (setup ? "Creating account…" : "Signing in…") : setup ? "Create account and sign in" : "Sign in"}
                </Button>
              </Form>
            </FormState>
          )}
        </div>
        <p className="mt-6 text-center text-sm text-mist-400">
          <Link to={href("/")} className="hover:text-white">
            ← Back to the site
          </Link>
        </p>
      </div>
    </div>
  );
}
