import { Link } from "react-router";
import { buttonClass } from "#app/components/admin/ui.tsx";
import { GoogleSignInButton } from "./sign-in-page.tsx";

/** Shown on every Drive page when the operator has not set up Google sign-in. */
export function NotConfigured() {
  return (
    <section className="mx-auto max-w-xl rounded-2xl border border-white/8 bg-ink-900/80 p-6 text-mist-300">
      <h1 className="text-xl font-bold text-white">Google sign-in is not configured on this site</h1>
      <p className="mt-3">
        The Drive dashboard needs a Google OAuth client. The site operator enables it by setting <code>GOOGLE_CLIENT_ID</code> and{" "}
        <code>GOOGLE_CLIENT_SECRET</code> and restarting the server; the README section &ldquo;Google sign-in (DeskSync)&rdquo; lists the
        redirect URI to register with Google.
      </p>
      <Link to="/" className={`${buttonClass("secondary")} mt-5`}>
        Back to the catalogue
      </Link>
    </section>
  );
}

export function SignInCard({ message }: { message?: string }) {
  return (
    <section className="mx-auto max-w-md rounded-2xl border border-white/8 bg-ink-900/80 p-6 text-center">
      <h1 className="text-xl font-bold text-white">Sign in to DeskSync</h1>
      <p className="mt-2 text-sm text-mist-300">{message ?? "Sign in with your Google account to see your Drive files and storage."}</p>
      <div className="mt-5 flex justify-center">
        <GoogleSignInButton />
      </div>
    </section>
  );
}
